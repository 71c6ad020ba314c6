// normalization.h — device-agnostic batch-normalization kernels. x is viewed as (A, C, B): A the batch
// axis, C the channel dims (gamma's shape, starting at axis 1), B the dims after them; statistics are
// per channel over A*B elements.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// y = gamma * (x - mean) * inv_std + beta with the batch statistics; writes mean (C) and inv_std (C)
/// = 1 / sqrt(var + eps), var being the biased variance. gamma/beta/mean/inv_std are contiguous (C).
void BatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                      const Array& mean, const Array& inv_std);
/// The gradients of BatchNormForward from gy: gbeta = sum gy, ggamma = sum gy * x_hat,
/// gx = gamma * inv_std * (gy - (x_hat * ggamma + gbeta) / m), x_hat = (x - mean) * inv_std, m = A*B. eps is the
/// forward's (the saved statistics already hold it; cuDNN asks for it again).
void BatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean, const Array& inv_std,
                       double eps, const Array& gx, const Array& ggamma, const Array& gbeta);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct NormalizationKernels {
    static constexpr const char* kFamily = "normalization";
    void (*batch_norm_forward)(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                               const Array& mean, const Array& inv_std) = nullptr;
    void (*batch_norm_backward)(const Array& x, const Array& gamma, const Array& gy, const Array& mean,
                                const Array& inv_std, double eps, const Array& gx, const Array& ggamma,
                                const Array& gbeta) = nullptr;
};

template <>
const NormalizationKernels& NativeKernels<NormalizationKernels>();

}  // namespace kernels
}  // namespace cnet
