// normalization.cc — the batch-normalization entry points: dispatch to the arrays' backend.
#include "cnet/kernels/normalization.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void BatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                      const Array& mean, const Array& inv_std) {
    DispatchInFloat32<4, 5, 6>(&NormalizationKernels::batch_norm_forward, "BatchNormForward",
                               {&x, &gamma, &beta, &y, &mean, &inv_std}, x, gamma, beta, eps, y, mean, inv_std);
}

void BatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean, const Array& inv_std,
                       double eps, const Array& gx, const Array& ggamma, const Array& gbeta) {
    DispatchInFloat32<6, 7, 8>(&NormalizationKernels::batch_norm_backward, "BatchNormBackward",
                               {&x, &gamma, &gy, &mean, &inv_std, &gx, &ggamma, &gbeta}, x, gamma, gy, mean, inv_std,
                               eps, gx, ggamma, gbeta);
}

}  // namespace kernels
}  // namespace cnet
