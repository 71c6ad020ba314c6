// loss.cc — CPU loops of the fused losses: one pass per softmax row for the softmax cross entropy loss (and the
// cached softmax), one pass for its gradient; sigmoid cross entropy elementwise.
#include "cnet/kernels/loss.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cnet/core/dtype_dispatch.h"

namespace cnet {
namespace native {
namespace {

// x viewed as (N, C, U): softmax runs over C, strided by U = prod(x.shape[2:]) (U = 1 for 2-D x).
struct SceGeometry {
    int64_t n, c, u;
};

// Labels as the caller gave them, int32 or int64 (converting a recursive net's one int32 label per node to
// int64 cost an allocation and a copy kernel per loss).
struct LabelArray {
    const void* p;
    bool is_int32;
    static LabelArray Of(const Array& t) {
        if (t.dtype() == Dtype::kInt32) return {t.data<int32_t>(), true};
        return {t.data<int64_t>(), false};
    }
    int64_t operator[](int64_t i) const {
        return is_int32 ? static_cast<const int32_t*>(p)[i] : static_cast<const int64_t*>(p)[i];
    }
};

// Per-class weights (null: all 1) and the label that is skipped.
template <typename T>
struct SceLabels {
    LabelArray t;  // (N, U)
    const T* w;    // (C,) or null
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
    T k_one;  // the usual (N, C) case without a heap buffer: this runs once per tree node in a recursive net
    std::vector<T> k_many(g.u == 1 ? 0 : g.u);
    T* k = g.u == 1 ? &k_one : k_many.data();
    for (int64_t n = 0; n < g.n; ++n) {
        const auto t = [&](int64_t u) { return lab.t[n * g.u + u]; };
        for (int64_t u = 0; u < g.u; ++u)
            k[u] = t(u) == lab.ignore_label ? T(0) : (gy_each ? gy_each[n * g.u + u] : scale) * lab.weight(t(u));
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
            if (t(u) != lab.ignore_label) gb[t(u) * g.u + u] -= k[u];
    }
}

SceGeometry GeometryOf(const Shape& s) {
    int64_t u = 1;
    for (int i = 2; i < s.ndim(); ++i) u *= s[i];
    return {s[0], s[1], u};
}

// Chainer checks labels only in debug mode; an out-of-range label would be read out of bounds here, so they are
// always checked. Returns the number of labels that are not ignored.
int64_t CheckLabels(LabelArray p, int64_t n, int64_t num_classes, int64_t ignore_label) {
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i) {
        count += p[i] != ignore_label;
        if ((p[i] < 0 || p[i] >= num_classes) && p[i] != ignore_label)
            throw ValueError(cnet::internal::StrCat("Each label `t` need to satisfy `0 <= t < x.shape[1] or t == ",
                                                    ignore_label, "`"));
    }
    return count;
}

template <typename T>
SceLabels<T> LabelsOf(const Array& t, const Array& w, int64_t ignore_label) {
    return {LabelArray::Of(t), w.defined() ? w.data<T>() : nullptr, ignore_label};
}

template <typename T>
double SceForward(const Array& x, const SceLabels<T>& lab, T* y, T* loss) {
    const SceGeometry g = GeometryOf(x.shape());
    if (x.size() == 0) {
        if (loss) std::fill(loss, loss + g.n * g.u, T(0));
        return 0.0;
    }
    return g.u == 1 ? SceForwardRows(x.data<T>(), lab, g, y, loss) : SceForwardReplicated(x.data<T>(), lab, g, y, loss);
}

kernels::LossTotal SoftmaxCrossEntropyForward(const Array& x, const Array& t, const Array& w, int64_t ignore_label,
                                              const Array& y, const Array& loss) {
    kernels::LossTotal total;
    total.count = CheckLabels(LabelArray::Of(t), t.size(), x.shape()[1], ignore_label);
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        total.sum = SceForward<T>(x, LabelsOf<T>(t, w, ignore_label), y.defined() ? y.data<T>() : nullptr,
                                  loss.defined() ? loss.data<T>() : nullptr);
    });
    return total;
}

void SoftmaxCrossEntropyBackward(const Array& x, const Array& y, const Array& t, const Array& w, int64_t ignore_label,
                                 const Array& gy, double coeff, const Array& gx) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        const SceLabels<T> lab = LabelsOf<T>(t, w, ignore_label);
        T* out = gx.data<T>();
        const T* yp = y.defined() ? y.data<T>() : out;
        if (!y.defined()) SceForward<T>(x, lab, out, nullptr);  // softmax recomputed in place
        const bool each = gy.ndim() > 0;
        const T scale = each ? T(0) : static_cast<T>(gy.data<T>()[0] * coeff);
        SceBackward(yp, lab, GeometryOf(x.shape()), scale, each ? gy.data<T>() : nullptr, out);
    });
}

constexpr int64_t kIgnoreLabel = -1;  // sigmoid_cross_entropy's fixed ignore label

template <typename T>
T StableSigmoid(T x) {
    if (x >= 0) return T(1) / (T(1) + std::exp(-x));
    const T e = std::exp(x);
    return e / (T(1) + e);
}

kernels::LossTotal SigmoidCrossEntropyForward(const Array& x, const Array& t_array, const Array& loss) {
    const int64_t* t = t_array.data<int64_t>();
    kernels::LossTotal total;
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = x.data<T>();
        T* out = loss.data<T>();
        for (int64_t i = 0; i < x.size(); ++i) {
            const T v = xp[i];
            const T pos = v >= 0 ? T(1) : T(0);
            out[i] = t[i] == kIgnoreLabel ? T(0)
                                          : -(v * (static_cast<T>(t[i]) - pos) - std::log1p(std::exp(-std::abs(v))));
            total.sum += out[i];
            total.count += t[i] != kIgnoreLabel;
        }
    });
    return total;
}

void SigmoidCrossEntropyBackward(const Array& x, const Array& t_array, const Array& gy, double coeff,
                                 const Array& gx) {
    const int64_t* t = t_array.data<int64_t>();
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = x.data<T>();
        const T* g = gy.data<T>();
        T* out = gx.data<T>();
        const T inv = static_cast<T>(coeff);
        const bool each = gy.ndim() > 0;
        for (int64_t i = 0; i < x.size(); ++i) {
            const T gi = (each ? g[i] : g[0]) * inv;
            out[i] = t[i] == kIgnoreLabel ? T(0) : gi * (StableSigmoid(xp[i]) - static_cast<T>(t[i]));
        }
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::LossKernels& kernels::NativeKernels<kernels::LossKernels>() {
    static const LossKernels table{&native::SoftmaxCrossEntropyForward,
                                   &native::SoftmaxCrossEntropyBackward,
                                   &native::SigmoidCrossEntropyForward,
                                   &native::SigmoidCrossEntropyBackward};
    return table;
}

}  // namespace cnet
