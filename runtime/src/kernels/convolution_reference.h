// convolution_reference.h — the reference convolution, written once for every backend: im2col, one GEMM per
// (sample, group), col2im, through the kernel entry points. The CPU runs it where oneDNN does not apply, CUDA where
// cuDNN does not; the gradient checks rely on it.
#pragma once

#include "cnet/kernels/convolution.h"

namespace cnet {
namespace kernels {

/// y = conv(x, W) + b (b may be undefined); x, W C-contiguous.
void ReferenceConvolutionForward(const Array& x, const Array& W, const Array& b, const ConvParams& p, const Array& y);
/// gx from gy and W (C-contiguous).
void ReferenceConvolutionBackwardData(const Array& gy, const Array& W, const ConvParams& p, const Array& gx);
/// gW from x and gy (C-contiguous).
void ReferenceConvolutionBackwardWeights(const Array& x, const Array& gy, const ConvParams& p, const Array& gW);

}  // namespace kernels
}  // namespace cnet
