// convolution.cu — N-d convolution on CUDA (kernels/convolution.h): cuDNN where it takes the geometry and
// chainer.config.use_cudnn allows it (convolution_cudnn.cu), else the CPU's reference method: im2col, one
// cuBLAS GEMM per (sample, group), col2im. im2col writes each col element in one thread; col2im gathers, for
// each input element, the col entries that read it in tap order (no atomics, the CPU's summation order).
#include "cnet/kernels/convolution.h"
#include "cuda/conv_pool.cuh"
#include "cuda/convolution_cudnn.cuh"
#include "cuda/linalg.cuh"
#include "cuda/loop.cuh"
#include "cuda/window.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::ConvParams;

// The col buffer of x: (N, C, k..., o...) with o taken from y (N, Co, o...).
Array ColFor(const Array& x, const ConvParams& p, const Array& y) {
    Shape s{x.shape()[0], x.shape()[1]};
    for (int64_t k : p.ksize) s.push_back(k);
    for (int i = 2; i < y.ndim(); ++i) s.push_back(y.shape()[i]);
    return Array::Empty(s, x.dtype(), x.device());
}

// 2-D views of one sample and group: W_g (Cog, Cig*K), col[n, g] (Cig*K, O),
// y[n, g] (Cog, O).
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

}  // namespace

void Im2Col(const Array& x_in, const ConvParams& p, const Array& col) {
    const Array x = x_in.as_contiguous();
    const Window w = MakeWindow(x.shape(), col.shape(), p);
    const int64_t planes = x.shape()[0] * x.shape()[1], taps = w.taps, out = w.out_size, in = w.in_size;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        T* cp = DevicePtr<T>(col);
        ForEachIndex(x.device().index(), planes * taps * out, [=] __device__(int64_t e) {
            const int64_t o = e % out, tap = (e / out) % taps, plane = e / (out * taps);
            const int64_t off = w.Offset(tap, o);
            cp[e] = off < 0 ? T(0) : xp[plane * in + off];
        });
    });
}

void Col2Im(const Array& col_in, const ConvParams& p, const Array& x) {
    const Array col = col_in.as_contiguous();
    const Window w = MakeWindow(x.shape(), col.shape(), p);
    const int64_t planes = x.shape()[0] * x.shape()[1], taps = w.taps, out = w.out_size, in = w.in_size;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* cp = DevicePtr<const T>(col);
        T* xp = DevicePtr<T>(x);
        ForEachIndex(x.device().index(), planes * in, [=] __device__(int64_t e) {
            const int64_t xi = e % in, plane = e / in;
            T sum = T(0);
            for (int64_t tap = 0; tap < taps; ++tap) {
                const int64_t o = w.OutputReading(tap, xi);
                if (o >= 0) sum += cp[(plane * taps + tap) * out + o];
            }
            xp[e] = sum;
        });
    });
}

bool ConvolutionUsesOneDnn(const Array&) { return false; }

void ConvolutionForward(const Array& x_in, const Array& W_in, const Array& b, const ConvParams& p, const Array& y) {
    const Array x = x_in.as_contiguous(), W = W_in.as_contiguous();
    if (CudnnConvolutionForward(x, W, b, p, y)) return;
    const Array col = ColFor(x, p, y);
    cuda::Im2Col(x, p, col);
    const GroupViews v = Views(W, y, p.groups);
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), false, v.Col(col, n, g), false, v.Y(y, n, g), 1, 0);
    if (!b.defined()) return;
    const Array bc = b.as_contiguous();
    const int64_t co = y.shape()[1], out = v.out;
    CNET_CUDA_DISPATCH_FLOAT(y.dtype(), T, {
        T* yp = DevicePtr<T>(y);
        const T* bp = DevicePtr<const T>(bc);
        ForEachIndex(y.device().index(), y.size(), [=] __device__(int64_t e) { yp[e] += bp[(e / out) % co]; });
    });
}

void ConvolutionBackwardData(const Array& gy_in, const Array& W_in, const ConvParams& p, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), W = W_in.as_contiguous();
    if (CudnnConvolutionBackwardData(gy, W, p, gx)) return;
    const Array col = ColFor(gx, p, gy);
    const GroupViews v = Views(W, gy, p.groups);
    for (int64_t n = 0; n < gy.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), true, v.Y(gy, n, g), false, v.Col(col, n, g), 1, 0);
    cuda::Col2Im(col, p, gx);
}

void ConvolutionBackwardWeights(const Array& x_in, const Array& gy_in, const ConvParams& p, const Array& gW) {
    const Array x = x_in.as_contiguous(), gy = gy_in.as_contiguous();
    if (CudnnConvolutionBackwardWeights(x, gy, p, gW)) return;
    const Array col = ColFor(x, p, gy);
    cuda::Im2Col(x, p, col);
    const GroupViews v = Views(gW, gy, p.groups);
    Fill(gW, Scalar(0));
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.Y(gy, n, g), false, v.Col(col, n, g), true, v.W(gW, g), 1.0, 1.0);
}

}  // namespace cuda
}  // namespace cnet
