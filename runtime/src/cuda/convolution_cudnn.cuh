// convolution_cudnn.cuh — the cuDNN implementations behind the CUDA convolution family (convolution.cu),
// in the manner of the CPU's oneDNN path (native/convolution_dnnl.h). Each returns false, computing nothing,
// when cuDNN is not to be used (chainer.config.use_cudnn == 'never') or does not take the geometry; the caller
// then runs the reference path (im2col + cuBLAS). Arrays are contiguous and channels-first.
#pragma once

#include "cnet/kernels/convolution.h"

namespace cnet {
namespace cuda {

bool CudnnConvolutionForward(const Array& x, const Array& W, const Array& b, const kernels::ConvParams& p,
                             const Array& y);
bool CudnnConvolutionBackwardData(const Array& gy, const Array& W, const kernels::ConvParams& p, const Array& gx);
bool CudnnConvolutionBackwardWeights(const Array& x, const Array& gy, const kernels::ConvParams& p,
                                     const Array& gW);

}  // namespace cuda
}  // namespace cnet
