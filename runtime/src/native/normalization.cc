// normalization.cc — CPU batch normalization: one pass per channel for the statistics (two-pass mean and
// variance, accumulated in double), channels split across threads.
#include "cnet/kernels/normalization.h"

#include <algorithm>
#include <cmath>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"

namespace cnet {
namespace native {
namespace {

// x as (A, C, B) from gamma's size C: A = x.shape[0], B = the rest.
struct Layout {
    int64_t a, c, b;
};

Layout LayoutOf(const Array& x, const Array& gamma) {
    const int64_t c = gamma.size(), a = x.shape()[0];
    return Layout{a, c, x.size() / std::max<int64_t>(a * c, 1)};  // an empty batch: any b
}

// Runs f(channel) for every channel, split across threads when the array is large.
template <typename F>
void ForEachChannel(const Layout& l, F f) {
    const int threads = ThreadsFor(l.a * l.b * l.c, int64_t{1} << 15);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
    for (int64_t c = 0; c < l.c; ++c) f(c);
}

template <typename T>
void Forward(const Array& x_in, const Array& gamma_in, const Array& beta_in, double eps, const Array& y,
             const Array& mean, const Array& inv_std) {
    const Array x = x_in.as_contiguous(), gamma = gamma_in.as_contiguous(), beta = beta_in.as_contiguous();
    const Layout l = LayoutOf(x, gamma);
    const T *xp = x.data<T>(), *gp = gamma.data<T>(), *bp = beta.data<T>();
    T *yp = y.data<T>(), *mp = mean.data<T>(), *ip = inv_std.data<T>();
    const double m = static_cast<double>(l.a * l.b);
    ForEachChannel(l, [&](int64_t c) {
        double sum = 0;
        for (int64_t i = 0; i < l.a; ++i) {
            const T* row = xp + (i * l.c + c) * l.b;
            for (int64_t j = 0; j < l.b; ++j) sum += row[j];
        }
        const double mu = sum / m;
        double sq = 0;
        for (int64_t i = 0; i < l.a; ++i) {
            const T* row = xp + (i * l.c + c) * l.b;
            for (int64_t j = 0; j < l.b; ++j) sq += (row[j] - mu) * (row[j] - mu);
        }
        const double inv = 1.0 / std::sqrt(sq / m + eps);
        mp[c] = static_cast<T>(mu);
        ip[c] = static_cast<T>(inv);
        const T scale = static_cast<T>(gp[c] * inv), shift = static_cast<T>(bp[c] - gp[c] * inv * mu);
        for (int64_t i = 0; i < l.a; ++i) {
            const T* row = xp + (i * l.c + c) * l.b;
            T* out = yp + (i * l.c + c) * l.b;
            for (int64_t j = 0; j < l.b; ++j) out[j] = row[j] * scale + shift;
        }
    });
}

template <typename T>
void Backward(const Array& x_in, const Array& gamma_in, const Array& gy_in, const Array& mean, const Array& inv_std,
              const Array& gx, const Array& ggamma, const Array& gbeta) {
    const Array x = x_in.as_contiguous(), gamma = gamma_in.as_contiguous(), gy = gy_in.as_contiguous();
    const Layout l = LayoutOf(x, gamma);
    const T *xp = x.data<T>(), *gp = gamma.data<T>(), *gyp = gy.data<T>(), *mp = mean.data<T>(),
            *ip = inv_std.data<T>();
    T *gxp = gx.data<T>(), *ggp = ggamma.data<T>(), *gbp = gbeta.data<T>();
    const double m = static_cast<double>(l.a * l.b);
    ForEachChannel(l, [&](int64_t c) {
        const double mu = mp[c], inv = ip[c];
        double sum_gy = 0, sum_gy_xhat = 0;
        for (int64_t i = 0; i < l.a; ++i) {
            const int64_t o = (i * l.c + c) * l.b;
            for (int64_t j = 0; j < l.b; ++j) {
                sum_gy += gyp[o + j];
                sum_gy_xhat += gyp[o + j] * (xp[o + j] - mu) * inv;
            }
        }
        gbp[c] = static_cast<T>(sum_gy);
        ggp[c] = static_cast<T>(sum_gy_xhat);
        const double k = gp[c] * inv;
        for (int64_t i = 0; i < l.a; ++i) {
            const int64_t o = (i * l.c + c) * l.b;
            for (int64_t j = 0; j < l.b; ++j) {
                const double xhat = (xp[o + j] - mu) * inv;
                gxp[o + j] = static_cast<T>(k * (gyp[o + j] - (xhat * sum_gy_xhat + sum_gy) / m));
            }
        }
    });
}

void BatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                      const Array& mean, const Array& inv_std) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, Forward<T>(x, gamma, beta, eps, y, mean, inv_std));
}

void BatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean, const Array& inv_std,
                       double /*eps: the saved statistics hold it*/, const Array& gx, const Array& ggamma,
                       const Array& gbeta) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, Backward<T>(x, gamma, gy, mean, inv_std, gx, ggamma, gbeta));
}

}  // namespace
}  // namespace native

template <>
const kernels::NormalizationKernels& kernels::NativeKernels<kernels::NormalizationKernels>() {
    static const NormalizationKernels table{&native::BatchNormForward, &native::BatchNormBackward};
    return table;
}

}  // namespace cnet
