// convolution.h — device-agnostic N-d convolution kernels (channels-first: x (N, C, d1..dk)). The three
// products behind convolution, deconvolution and their gradients; im2col/col2im for the reference path
// and for F.im2col.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// The window geometry of a k-d convolution: one entry per spatial axis in each list.
struct ConvParams {
    Dims ksize, stride, pad, dilate;
    int64_t groups = 1;
    /// The dilated window extent along axis i: k + (k - 1)(d - 1).
    int64_t extent(int i) const { return ksize[i] + (ksize[i] - 1) * (dilate[i] - 1); }
};

/// col (N, C, k1..kk, o1..ok) from x (N, C, i1..ik): col[n, c, k, o] = x[n, c, o*s - p + k*d], 0 outside x.
/// col is preallocated and C-contiguous; its trailing dims give the output size.
void Im2Col(const Array& x, const ConvParams& p, const Array& col);
/// The adjoint of Im2Col: x (preallocated, overwritten) = sum of the col entries that read each pixel.
void Col2Im(const Array& col, const ConvParams& p, const Array& x);

/// y (N, Co, o...) = conv(x (N, Ci, i...), W (Co, Ci/groups, k...)) + b (Co,); b may be undefined.
void ConvolutionForward(const Array& x, const Array& W, const Array& b, const ConvParams& p, const Array& y);
/// gx (N, Ci, i...) = the adjoint of the convolution in x applied to gy (N, Co, o...).
void ConvolutionBackwardData(const Array& gy, const Array& W, const ConvParams& p, const Array& gx);
/// gW (Co, Ci/groups, k...) = the adjoint of the convolution in W applied to gy, for the input x.
void ConvolutionBackwardWeights(const Array& x, const Array& gy, const ConvParams& p, const Array& gW);

/// Whether the three products above take the oneDNN path for these arrays on the CPU (float32 and
/// chainer.config.use_ideep != 'never'); the reference path (im2col + GEMM) is used otherwise.
bool ConvolutionUsesOneDnn(const Array& x);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct ConvolutionKernels {
    static constexpr const char* kFamily = "convolution";
    void (*im2col)(const Array& x, const ConvParams& p, const Array& col) = nullptr;
    void (*col2im)(const Array& col, const ConvParams& p, const Array& x) = nullptr;
    void (*forward)(const Array& x, const Array& W, const Array& b, const ConvParams& p, const Array& y) = nullptr;
    void (*backward_data)(const Array& gy, const Array& W, const ConvParams& p, const Array& gx) = nullptr;
    void (*backward_weights)(const Array& x, const Array& gy, const ConvParams& p, const Array& gW) = nullptr;
    bool (*uses_onednn)(const Array& x) = nullptr;
};

template <>
const ConvolutionKernels& NativeKernels<ConvolutionKernels>();

}  // namespace kernels
}  // namespace cnet
