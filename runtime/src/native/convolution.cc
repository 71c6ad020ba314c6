// convolution.cc — CPU convolution: the reference path (im2col + GEMM, any float dtype, any geometry) and
// the dispatch to oneDNN (convolution_dnnl.cc) for float32 unless chainer.config.use_ideep is 'never'.
#include "cnet/kernels/convolution.h"

#include <string>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"
#include "cnet/kernels/linalg.h"
#include "native/convolution_dnnl.h"
#include "native/window.h"
#include "native/float32_compute.h"

namespace cnet {
namespace native {
namespace {

using kernels::Gemm;

template <typename T>
void Im2ColTyped(const Array& x_in, const ConvParams& p, const Array& col) {
    const Array x = x_in.as_contiguous();
    const T* xp = x.data<T>();
    T* cp = col.data<T>();
    const Shape out_spatial(col.shape().end() - (x.ndim() - 2), col.shape().end());
    const int64_t in_size = x.size() / (x.shape()[0] * x.shape()[1]), out_size = out_spatial.prod();
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
    const int64_t in_size = x.size() / (x.shape()[0] * x.shape()[1]), out_size = out_spatial.prod();
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

// The col buffer of x: (N, C, k..., o...) with o taken from the output array `y` (N, Co, o...).
Array ColFor(const Array& x, const ConvParams& p, const Array& y) {
    Shape s{x.shape()[0], x.shape()[1]};
    for (int64_t k : p.ksize) s.push_back(k);
    for (int i = 2; i < y.ndim(); ++i) s.push_back(y.shape()[i]);
    return Array::Empty(s, x.dtype(), x.device());
}

// 2-D views of one sample and group: W_g (Cog, Cig*K), col[n, g] (Cig*K, O), y[n, g] (Cog, O).
struct GroupViews {
    int64_t groups, cog, cig_k, out;
    Array W(const Array& w, int64_t g) const {
        return w.as_strided(Shape{cog, cig_k}, Strides{cig_k, 1}, w.offset() + g * cog * cig_k);
    }
    Array Col(const Array& col, int64_t n, int64_t g) const {
        return col.as_strided(Shape{cig_k, out}, Strides{out, 1}, col.offset() + (n * groups + g) * cig_k * out);
    }
    Array Y(const Array& y, int64_t n, int64_t g) const {
        return y.as_strided(Shape{cog, out}, Strides{out, 1}, y.offset() + (n * groups + g) * cog * out);
    }
};

GroupViews Views(const Array& W, const Array& y, int64_t groups) {
    const int64_t co = W.shape()[0];
    return GroupViews{groups, co / groups, W.size() / co, y.size() / (y.shape()[0] * co)};
}

void CheckCpu(const Array& a, const char* op) {
    CNET_CHECK_AS(DeviceError, a.device().is_cpu(), op, " on ", a.device().ToString(),
                  " is not supported in this build");
}

void Im2Col(const Array& x, const ConvParams& p, const Array& col) {
    CheckCpu(x, "im2col");
    CNET_DISPATCH_FLOAT(x.dtype(), T, Im2ColTyped<T>(x, p, col));
}

void Col2Im(const Array& col, const ConvParams& p, const Array& x) {
    CheckCpu(col, "col2im");
    CNET_DISPATCH_FLOAT(x.dtype(), T, Col2ImTyped<T>(col, p, x));
}

bool ConvolutionUsesOneDnn(const Array& x) {
    if (!x.device().is_cpu() || x.dtype() != Dtype::kFloat32) return false;
    const ConfigValue v = config().Get("use_ideep");
    return !(std::holds_alternative<std::string>(v) && std::get<std::string>(v) == "never");
}

void ConvolutionForward(const Array& x_in, const Array& W_in, const Array& b, const ConvParams& p, const Array& y) {
    CheckCpu(x_in, "convolution");
    const Array x = x_in.as_contiguous(), W = W_in.as_contiguous();
    if (ConvolutionUsesOneDnn(x) && DnnlConvolutionForward(x, W, b, p, y)) return;
    const Array col = ColFor(x, p, y);
    native::Im2Col(x, p, col);
    const GroupViews v = Views(W, y, p.groups);
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), false, v.Col(col, n, g), false, v.Y(y, n, g));
    if (!b.defined()) return;
    const Array bc = b.as_contiguous();
    CNET_DISPATCH_FLOAT(y.dtype(), T, {
        T* yp = y.data<T>();
        const T* bp = bc.data<T>();
        const int64_t co = y.shape()[1], out = v.out;
        for (int64_t nc = 0; nc < y.shape()[0] * co; ++nc)
            for (int64_t i = 0; i < out; ++i) yp[nc * out + i] += bp[nc % co];
    });
}

void ConvolutionBackwardData(const Array& gy_in, const Array& W_in, const ConvParams& p, const Array& gx) {
    CheckCpu(gy_in, "convolution (backward data)");
    const Array gy = gy_in.as_contiguous(), W = W_in.as_contiguous();
    if (ConvolutionUsesOneDnn(gy) && DnnlConvolutionBackwardData(gy, W, p, gx)) return;
    const Array col = ColFor(gx, p, gy);
    const GroupViews v = Views(W, gy, p.groups);
    for (int64_t n = 0; n < gy.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), true, v.Y(gy, n, g), false, v.Col(col, n, g));
    native::Col2Im(col, p, gx);
}

void ConvolutionBackwardWeights(const Array& x_in, const Array& gy_in, const ConvParams& p, const Array& gW) {
    CheckCpu(x_in, "convolution (backward weights)");
    const Array x = x_in.as_contiguous(), gy = gy_in.as_contiguous();
    if (ConvolutionUsesOneDnn(x) && DnnlConvolutionBackwardWeights(x, gy, p, gW)) return;
    const Array col = ColFor(x, p, gy);
    native::Im2Col(x, p, col);
    const GroupViews v = Views(gW, gy, p.groups);
    Array(gW).fill(0);
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.Y(gy, n, g), false, v.Col(col, n, g), true, v.W(gW, g), 1.0, 1.0);
}

}  // namespace
}  // namespace native

template <>
const kernels::ConvolutionKernels& kernels::NativeKernels<kernels::ConvolutionKernels>() {
    // float16 runs the float32 code, so it takes oneDNN too (Note [float16 on the CPU]).
    static const ConvolutionKernels table{native::InFloat32<&native::Im2Col, 2>,
                                          native::InFloat32<&native::Col2Im, 2>,
                                          native::InFloat32<&native::ConvolutionForward, 4>,
                                          native::InFloat32<&native::ConvolutionBackwardData, 3>,
                                          native::InFloat32<&native::ConvolutionBackwardWeights, 3>,
                                          &native::ConvolutionUsesOneDnn};
    return table;
}

}  // namespace cnet
