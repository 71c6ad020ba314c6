// normalization_cudnn.cuh — batch normalization on cuDNN behind the CUDA normalization family
// (normalization.cu). Each returns false, computing nothing, when cuDNN is not to be used
// (chainer.config.use_cudnn == 'never') or does not take the arrays; the caller then runs its own kernels.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

bool CudnnBatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                           const Array& mean, const Array& inv_std);
bool CudnnBatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean,
                            const Array& inv_std, double eps, const Array& gx, const Array& ggamma, const Array& gbeta);

}  // namespace cuda
}  // namespace cnet
