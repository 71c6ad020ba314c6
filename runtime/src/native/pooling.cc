// pooling.cc — CPU max and average pooling: each (n, c) plane walks its window taps in order (window.h),
// so "first maximum" ties resolve as NumPy's argmax does.
#include "cnet/kernels/pooling.h"

#include <limits>
#include <vector>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"
#include "native/pooling_roi.h"
#include "native/window.h"

namespace cnet {
namespace native {
namespace {

Shape OutSpatial(const Array& y, int nd) { return Shape(y.shape().end() - nd, y.shape().end()); }

// The divisor of each output position: the window size, or the taps that fall inside the input.
std::vector<double> Divisors(const Shape& x_shape, const Shape& out_spatial, const ConvParams& p, bool exclude_pad) {
    const int64_t out = out_spatial.prod(), taps = p.ksize.prod();
    std::vector<double> div(out, static_cast<double>(taps));
    if (!exclude_pad) return div;
    std::fill(div.begin(), div.end(), 0.0);
    const Shape one_plane = [&] {
        Shape s = x_shape;
        s[0] = s[1] = 1;
        return s;
    }();
    ForEachPlaneTap(one_plane, out_spatial, p, [&](int64_t, int64_t, const auto& tables, const int64_t* k) {
        auto f = [&](int64_t o, int64_t off) { div[o] += off >= 0 ? 1.0 : 0.0; };
        int64_t o = 0;
        WalkOutputs(tables, k, 0, 0, o, f);
    });
    return div;
}

template <typename T>
void MaxForward(const Array& x_in, const ConvParams& p, const Array& y, const Array& idx) {
    const Array x = x_in.as_contiguous();
    const T* xp = x.data<T>();
    T* yp = y.data<T>();
    int64_t* ip = idx.data<int64_t>();
    const int64_t in = PlaneSize(x), out = PlaneSize(y);
    ForEachPlaneTap(x.shape(), OutSpatial(y, p.ksize.ndim()), p,
                    [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
                        const T* xs = xp + plane * in;
                        T* ys = yp + plane * out;
                        int64_t* is = ip + plane * out;
                        if (tap == 0) {
                            std::fill(ys, ys + out, -std::numeric_limits<T>::infinity());
                            std::fill(is, is + out, int64_t{0});
                        }
                        auto f = [&](int64_t o, int64_t off) {
                            if (off >= 0 && xs[off] > ys[o]) {
                                ys[o] = xs[off];
                                is[o] = tap;
                            }
                        };
                        int64_t o = 0;
                        WalkOutputs(tables, k, 0, 0, o, f);
                    });
}

// Visits (for every plane and tap) the outputs whose recorded tap is this one: f(plane, o, off).
template <typename F>
void ForEachRecordedTap(const Shape& x_shape, const Array& idx, const ConvParams& p, F f) {
    const int64_t* ip = idx.data<int64_t>();
    const int64_t out = PlaneSize(idx);
    ForEachPlaneTap(x_shape, OutSpatial(idx, p.ksize.ndim()), p,
                    [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
                        const int64_t* is = ip + plane * out;
                        auto g = [&](int64_t o, int64_t off) {
                            if (is[o] == tap) f(plane, o, off);
                        };
                        int64_t o = 0;
                        WalkOutputs(tables, k, 0, 0, o, g);
                    });
}

template <typename T>
void AverageForward(const Array& x_in, const ConvParams& p, bool exclude_pad, const Array& y) {
    const Array x = x_in.as_contiguous();
    const T* xp = x.data<T>();
    T* yp = y.data<T>();
    const int64_t in = PlaneSize(x), out = PlaneSize(y), taps = p.ksize.prod();
    const std::vector<double> div = Divisors(x.shape(), OutSpatial(y, p.ksize.ndim()), p, exclude_pad);
    ForEachPlaneTap(x.shape(), OutSpatial(y, p.ksize.ndim()), p,
                    [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
                        const T* xs = xp + plane * in;
                        T* ys = yp + plane * out;
                        if (tap == 0) std::fill(ys, ys + out, T(0));
                        auto f = [&](int64_t o, int64_t off) {
                            if (off >= 0) ys[o] += xs[off];
                        };
                        int64_t o = 0;
                        WalkOutputs(tables, k, 0, 0, o, f);
                        if (tap + 1 == taps)
                            for (int64_t i = 0; i < out; ++i) ys[i] = static_cast<T>(ys[i] / div[i]);
                    });
}

template <typename T>
void AverageBackward(const Array& gy_in, const ConvParams& p, bool exclude_pad, const Array& gx) {
    const Array gy = gy_in.as_contiguous();
    const T* gp = gy.data<T>();
    T* xp = gx.data<T>();
    const int64_t in = PlaneSize(gx), out = PlaneSize(gy);
    const std::vector<double> div = Divisors(gx.shape(), OutSpatial(gy, p.ksize.ndim()), p, exclude_pad);
    ForEachPlaneTap(gx.shape(), OutSpatial(gy, p.ksize.ndim()), p,
                    [&](int64_t plane, int64_t tap, const auto& tables, const int64_t* k) {
                        T* xs = xp + plane * in;
                        const T* gs = gp + plane * out;
                        if (tap == 0) std::fill(xs, xs + in, T(0));
                        auto f = [&](int64_t o, int64_t off) {
                            if (off >= 0) xs[off] += static_cast<T>(gs[o] / div[o]);
                        };
                        int64_t o = 0;
                        WalkOutputs(tables, k, 0, 0, o, f);
                    });
}

// The 2-d max pooling, window by window (the generic walk above costs several times more per element).
template <typename T>
void MaxForward2d(const Array& x_in, const ConvParams& p, const Array& y, const Array& idx) {
    const Array x = x_in.as_contiguous();
    const T* xp = x.data<T>();
    T* yp = y.data<T>();
    int64_t* ip = idx.data<int64_t>();
    const int64_t H = x.shape()[2], W = x.shape()[3], oh = y.shape()[2], ow = y.shape()[3];
    const int64_t kh = p.ksize[0], kw = p.ksize[1], sy = p.stride[0], sx = p.stride[1], py = p.pad[0], px = p.pad[1];
    const int64_t planes = x.shape()[0] * x.shape()[1];
    const int threads = ThreadsFor(planes * oh * ow * kh * kw, int64_t{1} << 16);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
    for (int64_t plane = 0; plane < planes; ++plane) {
        const T* xs = xp + plane * H * W;
        T* ys = yp + plane * oh * ow;
        int64_t* is = ip + plane * oh * ow;
        for (int64_t i = 0; i < oh; ++i) {
            const int64_t r0 = i * sy - py;
            const bool rows_inside = r0 >= 0 && r0 + kh <= H;
            for (int64_t j = 0; j < ow; ++j) {
                const int64_t c0 = j * sx - px;
                T best = -std::numeric_limits<T>::infinity();
                int64_t arg = 0;
                if (rows_inside && c0 >= 0 && c0 + kw <= W) {  // the window lies inside x: no bounds checks
                    const T* w = xs + r0 * W + c0;
                    for (int64_t a = 0; a < kh; ++a, w += W)
                        for (int64_t b = 0; b < kw; ++b)
                            if (w[b] > best) {
                                best = w[b];
                                arg = a * kw + b;
                            }
                } else {
                    for (int64_t a = 0; a < kh; ++a) {
                        const int64_t r = r0 + a;
                        if (r < 0 || r >= H) continue;
                        for (int64_t b = 0; b < kw; ++b) {
                            const int64_t c = c0 + b;
                            if (c >= 0 && c < W && xs[r * W + c] > best) {
                                best = xs[r * W + c];
                                arg = a * kw + b;
                            }
                        }
                    }
                }
                ys[i * ow + j] = best;
                is[i * ow + j] = arg;
            }
        }
    }
}

template <typename T>
void MaxBackward2d(const Array& gy_in, const Array& idx_in, const ConvParams& p, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), idx = idx_in.as_contiguous();
    const T* gp = gy.data<T>();
    const int64_t* ip = idx.data<int64_t>();
    T* xp = gx.data<T>();
    const int64_t H = gx.shape()[2], W = gx.shape()[3], oh = gy.shape()[2], ow = gy.shape()[3];
    const int64_t kw = p.ksize[1], sy = p.stride[0], sx = p.stride[1], py = p.pad[0], px = p.pad[1];
    const int64_t planes = gx.shape()[0] * gx.shape()[1];
    std::fill(xp, xp + gx.size(), T(0));
    for (int64_t plane = 0; plane < planes; ++plane) {
        T* xs = xp + plane * H * W;
        for (int64_t i = 0; i < oh; ++i) {
            for (int64_t j = 0; j < ow; ++j) {
                const int64_t o = (plane * oh + i) * ow + j;
                const int64_t r = i * sy - py + ip[o] / kw, c = j * sx - px + ip[o] % kw;
                if (r >= 0 && r < H && c >= 0 && c < W) xs[r * W + c] += gp[o];
            }
        }
    }
}

void MaxPoolingForward(const Array& x, const ConvParams& p, const Array& y, const Array& indexes) {
    if (p.ksize.ndim() == 2) {
        CNET_DISPATCH_FLOAT(x.dtype(), T, MaxForward2d<T>(x, p, y, indexes));
        return;
    }
    CNET_DISPATCH_FLOAT(x.dtype(), T, MaxForward<T>(x, p, y, indexes));
}

void MaxPoolingBackward(const Array& gy_in, const Array& indexes, const ConvParams& p, const Array& gx) {
    if (p.ksize.ndim() == 2) {
        CNET_DISPATCH_FLOAT(gx.dtype(), T, MaxBackward2d<T>(gy_in, indexes, p, gx));
        return;
    }
    const Array gy = gy_in.as_contiguous(), idx = indexes.as_contiguous();
    const int64_t in = PlaneSize(gx), out = PlaneSize(gy);
    CNET_DISPATCH_FLOAT(gx.dtype(), T, {
        const T* gp = gy.data<T>();
        T* xp = gx.data<T>();
        std::fill(xp, xp + gx.size(), T(0));
        ForEachRecordedTap(gx.shape(), idx, p, [&](int64_t plane, int64_t o, int64_t off) {
            if (off >= 0) xp[plane * in + off] += gp[plane * out + o];
        });
    });
}

void MaxPoolingGather(const Array& x_in, const Array& indexes, const ConvParams& p, const Array& y) {
    const Array x = x_in.as_contiguous(), idx = indexes.as_contiguous();
    const int64_t in = PlaneSize(x), out = PlaneSize(y);
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = x.data<T>();
        T* yp = y.data<T>();
        ForEachRecordedTap(x.shape(), idx, p, [&](int64_t plane, int64_t o, int64_t off) {
            yp[plane * out + o] = off >= 0 ? xp[plane * in + off] : T(0);
        });
    });
}

void AveragePoolingForward(const Array& x, const ConvParams& p, bool exclude_pad, const Array& y) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, AverageForward<T>(x, p, exclude_pad, y));
}

void AveragePoolingBackward(const Array& gy, const ConvParams& p, bool exclude_pad, const Array& gx) {
    CNET_DISPATCH_FLOAT(gx.dtype(), T, AverageBackward<T>(gy, p, exclude_pad, gx));
}

void PoolingIndexMask(const Array& indexes, const ConvParams& p, const Array& mask) {
    const Array idx = indexes.as_contiguous();
    const int64_t* ip = idx.data<int64_t>();
    const int64_t planes = idx.shape()[0] * idx.shape()[1], out = PlaneSize(idx), taps = p.ksize.prod();
    CNET_DISPATCH_FLOAT(mask.dtype(), T, {
        T* mp = mask.data<T>();
        for (int64_t plane = 0; plane < planes; ++plane)
            for (int64_t tap = 0; tap < taps; ++tap)
                for (int64_t o = 0; o < out; ++o)
                    mp[(plane * taps + tap) * out + o] = ip[plane * out + o] == tap ? T(1) : T(0);
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::PoolingKernels& kernels::NativeKernels<kernels::PoolingKernels>() {
    static const PoolingKernels table{&native::MaxPoolingForward,
                                      &native::MaxPoolingBackward,
                                      &native::MaxPoolingGather,
                                      &native::AveragePoolingForward,
                                      &native::AveragePoolingBackward,
                                      &native::PoolingIndexMask,
                                      &native::RoiPoolingForward,
                                      &native::RoiPoolingBackward};
    return table;
}

}  // namespace cnet
