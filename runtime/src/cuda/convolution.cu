// convolution.cu — N-d convolution on CUDA (kernels/convolution.h): cuDNN where it takes the geometry and
// chainer.config.use_cudnn allows it (convolution_cudnn.cu), else the reference path
// (kernels/convolution_reference.h: im2col, one cuBLAS GEMM per (sample, group), col2im). im2col writes each col
// element in one thread; col2im gathers, for each input element, the col entries that read it in tap order (no
// atomics, the CPU's summation order).
#include "cnet/kernels/convolution.h"
#include "cuda/conv_pool.cuh"
#include "cuda/convolution_cudnn.cuh"
#include "cuda/loop.cuh"
#include "cuda/window.cuh"
#include "kernels/convolution_reference.h"

namespace cnet {
namespace cuda {
namespace {

using kernels::ConvParams;

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
    kernels::ReferenceConvolutionForward(x, W, b, p, y);
}

void ConvolutionBackwardData(const Array& gy_in, const Array& W_in, const ConvParams& p, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), W = W_in.as_contiguous();
    if (CudnnConvolutionBackwardData(gy, W, p, gx)) return;
    kernels::ReferenceConvolutionBackwardData(gy, W, p, gx);
}

void ConvolutionBackwardWeights(const Array& x_in, const Array& gy_in, const ConvParams& p, const Array& gW) {
    const Array x = x_in.as_contiguous(), gy = gy_in.as_contiguous();
    if (CudnnConvolutionBackwardWeights(x, gy, p, gW)) return;
    kernels::ReferenceConvolutionBackwardWeights(x, gy, p, gW);
}

}  // namespace cuda
}  // namespace cnet
