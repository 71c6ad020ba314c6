// convolution.cc — the convolution entry points: dispatch to the arrays' backend.
#include "cnet/kernels/convolution.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void Im2Col(const Array& x, const ConvParams& p, const Array& col) {
    DispatchInFloat32<2>(&ConvolutionKernels::im2col, "Im2Col", {&x, &col}, x, p, col);
}

void Col2Im(const Array& col, const ConvParams& p, const Array& x) {
    DispatchInFloat32<2>(&ConvolutionKernels::col2im, "Col2Im", {&col, &x}, col, p, x);
}

void ConvolutionForward(const Array& x, const Array& W, const Array& b, const ConvParams& p, const Array& y) {
    DispatchInFloat32<4>(&ConvolutionKernels::forward, "ConvolutionForward", {&x, &W, &b, &y}, x, W, b, p, y);
}

void ConvolutionBackwardData(const Array& gy, const Array& W, const ConvParams& p, const Array& gx) {
    DispatchInFloat32<3>(&ConvolutionKernels::backward_data, "ConvolutionBackwardData", {&gy, &W, &gx}, gy, W, p, gx);
}

void ConvolutionBackwardWeights(const Array& x, const Array& gy, const ConvParams& p, const Array& gW) {
    DispatchInFloat32<3>(&ConvolutionKernels::backward_weights, "ConvolutionBackwardWeights", {&x, &gy, &gW}, x, gy, p,
                         gW);
}

bool ConvolutionUsesOneDnn(const Array& x) {
    return Dispatch(&ConvolutionKernels::uses_onednn, "ConvolutionUsesOneDnn", {&x}, x);
}

}  // namespace kernels
}  // namespace cnet
