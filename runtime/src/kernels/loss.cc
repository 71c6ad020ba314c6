// loss.cc — the fused loss entry points: dispatch to the arrays' backend.
#include "cnet/kernels/loss.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

LossTotal SoftmaxCrossEntropyForward(const Array& x, const Array& t, const Array& class_weight, int64_t ignore_label,
                                     const Array& y, const Array& loss) {
    return DispatchInFloat32<4, 5>(&LossKernels::softmax_cross_entropy_forward, "SoftmaxCrossEntropyForward",
                                   {&x, &t, &class_weight, &y, &loss}, x, t, class_weight, ignore_label, y, loss);
}

void SoftmaxCrossEntropyBackward(const Array& x, const Array& y, const Array& t, const Array& class_weight,
                                 int64_t ignore_label, const Array& gy, double coeff, const Array& gx) {
    DispatchInFloat32<7>(&LossKernels::softmax_cross_entropy_backward, "SoftmaxCrossEntropyBackward",
                         {&x, &y, &t, &class_weight, &gy, &gx}, x, y, t, class_weight, ignore_label, gy, coeff, gx);
}

LossTotal SigmoidCrossEntropyForward(const Array& x, const Array& t, const Array& loss) {
    return DispatchInFloat32<2>(&LossKernels::sigmoid_cross_entropy_forward, "SigmoidCrossEntropyForward",
                                {&x, &t, &loss}, x, t, loss);
}

void SigmoidCrossEntropyBackward(const Array& x, const Array& t, const Array& gy, double coeff, const Array& gx) {
    DispatchInFloat32<4>(&LossKernels::sigmoid_cross_entropy_backward, "SigmoidCrossEntropyBackward",
                         {&x, &t, &gy, &gx}, x, t, gy, coeff, gx);
}

}  // namespace kernels
}  // namespace cnet
