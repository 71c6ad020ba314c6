// convolution.cc — CPU convolution: im2col/col2im, oneDNN (convolution_dnnl.cc) for float32 unless
// chainer.config.use_ideep is 'never', else the reference path (kernels/convolution_reference.h: im2col + GEMM, any
// float dtype, any geometry).
#include "cnet/kernels/convolution.h"

#include <string>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/dtype_dispatch.h"
#include "kernels/convolution_reference.h"
#include "native/convolution_dnnl.h"
#include "native/window.h"

namespace cnet {
namespace native {
namespace {

template <typename T>
void Im2ColTyped(const Array& x_in, const ConvParams& p, const Array& col) {
    const Array x = x_in.as_contiguous();
    const T* xp = x.data<T>();
    T* cp = col.data<T>();
    const Shape out_spatial(col.shape().end() - (x.ndim() - 2), col.shape().end());
    const int64_t in_size = PlaneSize(x), out_size = out_spatial.prod();
    const int64_t taps = p.ksize.prod();
    ForEachPlaneTap(x.shape(), out_spatial, p, [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
        const T* xs = xp + plane * in_size;
        T* cs = cp + (plane * taps + tap) * out_size;
        auto f = [&](int64_t i, int64_t off) { cs[i] = off < 0 ? T(0) : xs[off]; };
        int64_t o = 0;
        WalkOutputs(tables, k, 0, 0, o, f);
    });
}

template <typename T>
void Col2ImTyped(const Array& col_in, const ConvParams& p, const Array& x) {
    const Array col = col_in.as_contiguous();
    const T* cp = col.data<T>();
    T* xp = x.data<T>();
    Array(x).fill(0);
    const Shape out_spatial(col.shape().end() - (x.ndim() - 2), col.shape().end());
    const int64_t in_size = PlaneSize(x), out_size = out_spatial.prod();
    const int64_t taps = p.ksize.prod();
    ForEachPlaneTap(x.shape(), out_spatial, p, [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
        T* xs = xp + plane * in_size;
        const T* cs = cp + (plane * taps + tap) * out_size;
        auto f = [&](int64_t i, int64_t off) {
            if (off >= 0) xs[off] += cs[i];
        };
        int64_t o = 0;
        WalkOutputs(tables, k, 0, 0, o, f);
    });
}

void Im2Col(const Array& x, const ConvParams& p, const Array& col) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, Im2ColTyped<T>(x, p, col));
}

void Col2Im(const Array& col, const ConvParams& p, const Array& x) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, Col2ImTyped<T>(col, p, x));
}

bool ConvolutionUsesOneDnn(const Array& x) {
    if (!x.device().is_cpu() || x.dtype() != Dtype::kFloat32) return false;
    const ConfigValue v = config().Get("use_ideep");
    return !(std::holds_alternative<std::string>(v) && std::get<std::string>(v) == "never");
}

void ConvolutionForward(const Array& x_in, const Array& W_in, const Array& b, const ConvParams& p, const Array& y) {
    const Array x = x_in.as_contiguous(), W = W_in.as_contiguous();
    if (ConvolutionUsesOneDnn(x) && DnnlConvolutionForward(x, W, b, p, y)) return;
    kernels::ReferenceConvolutionForward(x, W, b, p, y);
}

void ConvolutionBackwardData(const Array& gy_in, const Array& W_in, const ConvParams& p, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), W = W_in.as_contiguous();
    if (ConvolutionUsesOneDnn(gy) && DnnlConvolutionBackwardData(gy, W, p, gx)) return;
    kernels::ReferenceConvolutionBackwardData(gy, W, p, gx);
}

void ConvolutionBackwardWeights(const Array& x_in, const Array& gy_in, const ConvParams& p, const Array& gW) {
    const Array x = x_in.as_contiguous(), gy = gy_in.as_contiguous();
    if (ConvolutionUsesOneDnn(x) && DnnlConvolutionBackwardWeights(x, gy, p, gW)) return;
    kernels::ReferenceConvolutionBackwardWeights(x, gy, p, gW);
}

}  // namespace
}  // namespace native

template <>
const kernels::ConvolutionKernels& kernels::NativeKernels<kernels::ConvolutionKernels>() {
    // float16 runs the float32 code, so it takes oneDNN too (Note [float16 in the kernels]).
    static const ConvolutionKernels table{&native::Im2Col,
                                          &native::Col2Im,
                                          &native::ConvolutionForward,
                                          &native::ConvolutionBackwardData,
                                          &native::ConvolutionBackwardWeights,
                                          &native::ConvolutionUsesOneDnn};
    return table;
}

}  // namespace cnet
