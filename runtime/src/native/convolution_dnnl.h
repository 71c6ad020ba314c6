// convolution_dnnl.h — the oneDNN implementations behind kernels/convolution.h (float32, contiguous arrays
// in the channels-first layout). Called only through the kernels, which choose between them and the
// reference path. Each returns false (computing nothing) when oneDNN does not take the geometry.
#pragma once

#include "cnet/kernels/convolution.h"

namespace cnet {
namespace native {

bool DnnlConvolutionForward(const Array& x, const Array& W, const Array& b, const kernels::ConvParams& p,
                            const Array& y);
bool DnnlConvolutionBackwardData(const Array& gy, const Array& W, const kernels::ConvParams& p, const Array& gx);
bool DnnlConvolutionBackwardWeights(const Array& x, const Array& gy, const kernels::ConvParams& p, const Array& gW);

}  // namespace native
}  // namespace cnet
