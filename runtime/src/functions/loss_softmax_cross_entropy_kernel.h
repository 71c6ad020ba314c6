// loss_softmax_cross_entropy_kernel.h — CPU loops of the fused softmax cross entropy: one pass per softmax
// row for the loss (and the cached softmax), one pass for the gradient.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace cnet {
namespace functions {
namespace loss_internal {

// x viewed as (N, C, U): softmax runs over C, strided by U = prod(x.shape[2:]) (U = 1 for 2-D x).
struct SceGeometry {
    int64_t n, c, u;
};

// Per-class weights (null: all 1) and the label that is skipped.
template <typename T>
struct SceLabels {
    const int64_t* t;  // (N, U)
    const T* w;        // (C,) or null
    int64_t ignore_label;
    T weight(int64_t label) const { return w ? w[label] : T(1); }
};

// 2-D rows: loss[n] = -(x[n, t] - logsumexp(x[n])) * w[t] (0 when ignored); y = softmax(x) when non-null.
// Returns the sum of the losses (accumulated in double).
template <typename T>
double SceForwardRows(const T* x, const SceLabels<T>& lab, SceGeometry g, T* y, T* loss) {
    double total = 0;
    for (int64_t n = 0; n < g.n; ++n) {
        const T* row = x + n * g.c;
        T m = row[0];
        for (int64_t c = 1; c < g.c; ++c) m = std::max(m, row[c]);
        T s = 0;
        if (y) {
            T* yrow = y + n * g.c;
            for (int64_t c = 0; c < g.c; ++c) s += (yrow[c] = std::exp(row[c] - m));
            const T inv = T(1) / s;
            for (int64_t c = 0; c < g.c; ++c) yrow[c] *= inv;
        } else {
            for (int64_t c = 0; c < g.c; ++c) s += std::exp(row[c] - m);
        }
        const int64_t label = lab.t[n];
        const T l = label == lab.ignore_label ? T(0) : -(row[label] - m - std::log(s)) * lab.weight(label);
        if (loss) loss[n] = l;
        total += l;
    }
    return total;
}

// Replicated softmax over (C, U) blocks: the same as SceForwardRows for each of the U columns of a sample.
template <typename T>
double SceForwardReplicated(const T* x, const SceLabels<T>& lab, SceGeometry g, T* y, T* loss) {
    std::vector<T> m(g.u), s(g.u);
    double total = 0;
    for (int64_t n = 0; n < g.n; ++n) {
        const T* blk = x + n * g.c * g.u;
        T* yblk = y ? y + n * g.c * g.u : nullptr;
        std::copy(blk, blk + g.u, m.begin());
        for (int64_t c = 1; c < g.c; ++c)
            for (int64_t u = 0; u < g.u; ++u) m[u] = std::max(m[u], blk[c * g.u + u]);
        std::fill(s.begin(), s.end(), T(0));
        for (int64_t c = 0; c < g.c; ++c) {
            for (int64_t u = 0; u < g.u; ++u) {
                const T e = std::exp(blk[c * g.u + u] - m[u]);
                if (yblk) yblk[c * g.u + u] = e;
                s[u] += e;
            }
        }
        if (yblk)
            for (int64_t c = 0; c < g.c; ++c)
                for (int64_t u = 0; u < g.u; ++u) yblk[c * g.u + u] /= s[u];
        for (int64_t u = 0; u < g.u; ++u) {
            const int64_t label = lab.t[n * g.u + u];
            const T l = label == lab.ignore_label
                            ? T(0)
                            : -(blk[label * g.u + u] - m[u] - std::log(s[u])) * lab.weight(label);
            if (loss) loss[n * g.u + u] = l;
            total += l;
        }
    }
    return total;
}

// gx[n, c, u] = (y[n, c, u] - [c == t]) * w[t] * scale[n, u], 0 for ignored samples, where scale is gy * coeff
// (one value, gy_each null) or gy[n, u] (reduce='no'). y may alias gx.
template <typename T>
void SceBackward(const T* y, const SceLabels<T>& lab, SceGeometry g, T scale, const T* gy_each, T* gx) {
    std::vector<T> k(g.u);
    for (int64_t n = 0; n < g.n; ++n) {
        const int64_t* t = lab.t + n * g.u;
        for (int64_t u = 0; u < g.u; ++u)
            k[u] = t[u] == lab.ignore_label ? T(0) : (gy_each ? gy_each[n * g.u + u] : scale) * lab.weight(t[u]);
        const T* yb = y + n * g.c * g.u;
        T* gb = gx + n * g.c * g.u;
        if (g.u == 1) {
            const T k0 = k[0];
            for (int64_t c = 0; c < g.c; ++c) gb[c] = yb[c] * k0;
        } else {
            for (int64_t c = 0; c < g.c; ++c)
                for (int64_t u = 0; u < g.u; ++u) gb[c * g.u + u] = yb[c * g.u + u] * k[u];
        }
        for (int64_t u = 0; u < g.u; ++u)
            if (t[u] != lab.ignore_label) gb[t[u] * g.u + u] -= k[u];
    }
}

}  // namespace loss_internal
}  // namespace functions
}  // namespace cnet
