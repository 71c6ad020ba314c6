// activation.cc — the activation entry points: dispatch to the arrays' backend, and the allocating forms.
#include "cnet/kernels/activation.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void ActivationForward(Activation op, const Array& x, double a, const Array& y) {
    DispatchInFloat32<3>(&ActivationKernels::forward, "ActivationForward", {&x, &y}, op, x, a, y);
}

void ActivationGrad(Activation op, const Array& src, const Array& gy, double a, const Array& gx) {
    DispatchInFloat32<4>(&ActivationKernels::grad, "ActivationGrad", {&src, &gy, &gx}, op, src, gy, a, gx);
}

Array ActivationForward(Activation op, const Array& x, double a) {
    Array y = Array::Empty(x.shape(), x.dtype(), x.device());
    ActivationForward(op, x, a, y);
    return y;
}

Array ActivationGrad(Activation op, const Array& src, const Array& gy, double a) {
    Array gx = Array::Empty(gy.shape(), gy.dtype(), gy.device());
    ActivationGrad(op, src, gy, a, gx);
    return gx;
}

void Softmax(const Array& x, int axis, bool log, const Array& y) {
    DispatchInFloat32<3>(&ActivationKernels::softmax, "Softmax", {&x, &y}, x, axis, log, y);
}

void SoftmaxGrad(const Array& y, const Array& gy, int axis, bool log, const Array& gx) {
    DispatchInFloat32<4>(&ActivationKernels::softmax_grad, "SoftmaxGrad", {&y, &gy, &gx}, y, gy, axis, log, gx);
}

}  // namespace kernels
}  // namespace cnet
