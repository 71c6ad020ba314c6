// pooling.cu — N-d max and average pooling on CUDA (kernels/pooling.h): each
// output element walks its window taps in C order (the first maximum wins,
// padding counts as -inf); each input element of a gradient gathers, in tap
// order, the outputs whose window reads it (no atomics).
#include <limits>

#include "cnet/kernels/pooling.h"
#include "cuda/conv_pool.cuh"
#include "cuda/loop.cuh"
#include "cuda/window.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::ConvParams;

// The divisor of output position o: the window size, or the taps inside the
// input when exclude_pad.
__device__ inline double Divisor(const Window& w, int64_t o, bool exclude_pad) {
    if (!exclude_pad) return static_cast<double>(w.taps);
    double n = 0;
    for (int64_t tap = 0; tap < w.taps; ++tap) n += w.Offset(tap, o) >= 0 ? 1.0 : 0.0;
    return n;
}

}  // namespace

void MaxPoolingForward(const Array& x_in, const ConvParams& p, const Array& y, const Array& indexes) {
    const Array x = x_in.as_contiguous();
    const Window w = MakeWindow(x.shape(), y.shape(), p);
    const int64_t in = w.in_size, out = w.out_size, taps = w.taps;
    int64_t* ip = DevicePtr<int64_t>(indexes);
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        T* yp = DevicePtr<T>(y);
        ForEachIndex(x.device().index(), y.size(), [=] __device__(int64_t e) {
            const int64_t o = e % out, plane = e / out;
            T best = -std::numeric_limits<T>::infinity();
            int64_t arg = 0;
            for (int64_t tap = 0; tap < taps; ++tap) {
                const int64_t off = w.Offset(tap, o);
                if (off >= 0 && xp[plane * in + off] > best) {
                    best = xp[plane * in + off];
                    arg = tap;
                }
            }
            yp[e] = best;
            ip[e] = arg;
        });
    });
}

void MaxPoolingBackward(const Array& gy_in, const Array& indexes_in, const ConvParams& p, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), indexes = indexes_in.as_contiguous();
    const Window w = MakeWindow(gx.shape(), gy.shape(), p);
    const int64_t in = w.in_size, out = w.out_size, taps = w.taps;
    const int64_t* ip = DevicePtr<const int64_t>(indexes);
    CNET_CUDA_DISPATCH_FLOAT(gx.dtype(), T, {
        const T* gp = DevicePtr<const T>(gy);
        T* xp = DevicePtr<T>(gx);
        ForEachIndex(gx.device().index(), gx.size(), [=] __device__(int64_t e) {
            const int64_t xi = e % in, plane = e / in;
            T sum = T(0);
            for (int64_t tap = 0; tap < taps; ++tap) {
                const int64_t o = w.OutputReading(tap, xi);
                if (o >= 0 && ip[plane * out + o] == tap) sum += gp[plane * out + o];
            }
            xp[e] = sum;
        });
    });
}

void MaxPoolingGather(const Array& x_in, const Array& indexes_in, const ConvParams& p, const Array& y) {
    const Array x = x_in.as_contiguous(), indexes = indexes_in.as_contiguous();
    const Window w = MakeWindow(x.shape(), y.shape(), p);
    const int64_t in = w.in_size, out = w.out_size;
    const int64_t* ip = DevicePtr<const int64_t>(indexes);
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        T* yp = DevicePtr<T>(y);
        ForEachIndex(x.device().index(), y.size(), [=] __device__(int64_t e) {
            const int64_t o = e % out, plane = e / out;
            const int64_t off = w.Offset(ip[e], o);
            yp[e] = off >= 0 ? xp[plane * in + off] : T(0);
        });
    });
}

void AveragePoolingForward(const Array& x_in, const ConvParams& p, bool exclude_pad, const Array& y) {
    const Array x = x_in.as_contiguous();
    const Window w = MakeWindow(x.shape(), y.shape(), p);
    const int64_t in = w.in_size, out = w.out_size, taps = w.taps;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        T* yp = DevicePtr<T>(y);
        ForEachIndex(x.device().index(), y.size(), [=] __device__(int64_t e) {
            const int64_t o = e % out, plane = e / out;
            T sum = T(0);
            for (int64_t tap = 0; tap < taps; ++tap) {
                const int64_t off = w.Offset(tap, o);
                if (off >= 0) sum += xp[plane * in + off];
            }
            yp[e] = static_cast<T>(sum / Divisor(w, o, exclude_pad));
        });
    });
}

void AveragePoolingBackward(const Array& gy_in, const ConvParams& p, bool exclude_pad, const Array& gx) {
    const Array gy = gy_in.as_contiguous();
    const Window w = MakeWindow(gx.shape(), gy.shape(), p);
    const int64_t in = w.in_size, out = w.out_size, taps = w.taps;
    CNET_CUDA_DISPATCH_FLOAT(gx.dtype(), T, {
        const T* gp = DevicePtr<const T>(gy);
        T* xp = DevicePtr<T>(gx);
        ForEachIndex(gx.device().index(), gx.size(), [=] __device__(int64_t e) {
            const int64_t xi = e % in, plane = e / in;
            T sum = T(0);
            for (int64_t tap = 0; tap < taps; ++tap) {
                const int64_t o = w.OutputReading(tap, xi);
                if (o >= 0) sum += static_cast<T>(gp[plane * out + o] / Divisor(w, o, exclude_pad));
            }
            xp[e] = sum;
        });
    });
}

void PoolingIndexMask(const Array& indexes_in, const ConvParams& p, const Array& mask) {
    const Array indexes = indexes_in.as_contiguous();
    const int64_t out = indexes.size() / std::max<int64_t>(indexes.shape()[0] * indexes.shape()[1], 1);
    const int64_t taps = p.ksize.prod();
    const int64_t* ip = DevicePtr<const int64_t>(indexes);
    CNET_CUDA_DISPATCH_FLOAT(mask.dtype(), T, {
        T* mp = DevicePtr<T>(mask);
        ForEachIndex(mask.device().index(), mask.size(), [=] __device__(int64_t e) {
            const int64_t o = e % out, tap = (e / out) % taps, plane = e / (out * taps);
            mp[e] = ip[plane * out + o] == tap ? T(1) : T(0);
        });
    });
}

}  // namespace cuda
}  // namespace cnet
