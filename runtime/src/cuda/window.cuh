// window.cuh — the windows of a convolution or pooling over channels-first
// arrays (N, C, d1..dk) on the device: which input element (within one (n, c)
// plane) kernel tap `tap` reads at output position `o`, and the inverse walk,
// the taps and outputs that read one input element, both in C order over the
// taps as the CPU's native/window.h walks them.
#pragma once

#include <cstdint>

#include "cnet/core/array.h"
#include "cnet/kernels/convolution.h"

namespace cnet {
namespace cuda {

constexpr int kMaxSpatial = kMaxNdim - 2;

struct Window {
    int nd = 0;
    int64_t in[kMaxSpatial] = {}, out[kMaxSpatial] = {}, k[kMaxSpatial] = {};
    int64_t s[kMaxSpatial] = {}, p[kMaxSpatial] = {}, d[kMaxSpatial] = {};
    int64_t in_size = 1, out_size = 1, taps = 1;

    /// The input offset tap `tap` reads at output position `o`, or -1 in the
    /// padding.
    __host__ __device__ int64_t Offset(int64_t tap, int64_t o) const {
        int64_t offset = 0, stride = 1;
        for (int i = nd - 1; i >= 0; --i) {
            const int64_t oi = o % out[i], ki = tap % k[i];
            o /= out[i];
            tap /= k[i];
            const int64_t pos = oi * s[i] - p[i] + ki * d[i];
            if (pos < 0 || pos >= in[i]) return -1;
            offset += pos * stride;
            stride *= in[i];
        }
        return offset;
    }

    /// The output position at which tap `tap` reads input offset `x` (within a
    /// plane), or -1 when it reads it at none.
    __host__ __device__ int64_t OutputReading(int64_t tap, int64_t x) const {
        int64_t o = 0, stride = 1;
        for (int i = nd - 1; i >= 0; --i) {
            const int64_t xi = x % in[i], ki = tap % k[i];
            x /= in[i];
            tap /= k[i];
            const int64_t num = xi + p[i] - ki * d[i];  // = oi * s
            if (num < 0 || num % s[i] != 0 || num / s[i] >= out[i]) return -1;
            o += (num / s[i]) * stride;
            stride *= out[i];
        }
        return o;
    }
};

/// The window of x's spatial dims (x: (N, C, in...)) read into the output
/// spatial dims `out` (trailing dims).
inline Window MakeWindow(const Shape& x_shape, const Shape& out_shape, const kernels::ConvParams& params) {
    Window w;
    w.nd = x_shape.ndim() - 2;
    CNET_CHECK(w.nd <= kMaxSpatial && params.ksize.ndim() == w.nd, "internal: window of ", w.nd, " spatial dims");
    for (int i = 0; i < w.nd; ++i) {
        w.in[i] = x_shape[2 + i];
        w.out[i] = out_shape[out_shape.ndim() - w.nd + i];
        w.k[i] = params.ksize[i];
        w.s[i] = params.stride[i];
        w.p[i] = params.pad[i];
        w.d[i] = params.dilate.ndim() > i ? params.dilate[i] : 1;
        w.in_size *= w.in[i];
        w.out_size *= w.out[i];
        w.taps *= w.k[i];
    }
    return w;
}

}  // namespace cuda
}  // namespace cnet
