// loss.cu — the fused losses on CUDA (kernels/loss.h): softmax cross entropy
// with one thread per (sample, position) row walking the classes, its gradient
// elementwise, and sigmoid cross entropy elementwise; the formulas of
// native/loss.cc. The forward's returned sum and the label check read results
// back to the host, so a forward synchronises the stream once (one small copy);
// the backward does not (gy is read on the device).
#include <vector>

#include "cnet/kernels/loss.h"
#include "cuda/copy.cuh"
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/math.cuh"
#include "cuda/reduction.cuh"

namespace cnet {
namespace cuda {
namespace {

// x viewed as (N, C, U): softmax over C, strided by U = prod(x.shape[2:]).
struct SceGeometry {
    int64_t n, c, u;
};

SceGeometry GeometryOf(const Shape& s) {
    int64_t u = 1;
    for (int i = 2; i < s.ndim(); ++i) u *= s[i];
    return {s[0], s[1], u};
}

// Writes y (optional) and loss (optional) for every row, and the row's
// statistics into stats (3, N * U), in double: its loss, 1 when its label is
// not ignored, 1 when its label is outside [0, C) and not ignored.
template <typename T>
void SceForwardRows(const Array& x, const Array& t, const Array& w, int64_t ignore_label, T* y, T* loss,
                    double* stats) {
    const SceGeometry g = GeometryOf(x.shape());
    const T* xp = DevicePtr<const T>(x);
    const int64_t* tp = DevicePtr<const int64_t>(t);
    const T* wp = w.defined() ? DevicePtr<const T>(w) : nullptr;
    const int64_t C = g.c, U = g.u, rows = g.n * g.u;
    ForEachIndex(x.device().index(), rows, [=] __device__(int64_t row) {
        const int64_t n = row / U, u = row % U;
        const T* blk = xp + n * C * U + u;  // element c at blk[c * U]
        T m = blk[0];
        for (int64_t c = 1; c < C; ++c) m = m < blk[c * U] ? blk[c * U] : m;  // std::max
        T s = T(0);
        for (int64_t c = 0; c < C; ++c) {
            const T e = Math_exp(blk[c * U] - m);
            s += e;
            if (y) y[n * C * U + c * U + u] = e;
        }
        if (y) {
            for (int64_t c = 0; c < C; ++c) y[n * C * U + c * U + u] /= s;
        }
        const int64_t label = tp[row];
        T l = T(0);
        const bool counted = label != ignore_label, bad = counted && (label < 0 || label >= C);
        if (counted && !bad) l = -(blk[label * U] - m - Math_log(s)) * (wp ? wp[label] : T(1));
        if (loss) loss[row] = l;
        stats[row] = static_cast<double>(l);
        stats[rows + row] = counted ? 1.0 : 0.0;
        stats[2 * rows + row] = bad ? 1.0 : 0.0;
    });
}

}  // namespace

namespace {

// The row sums of stats (3, R) on the host: (loss sum, count, bad labels).
std::vector<double> StatSums(const Array& stats) {
    const Array sums = Array::Empty(Shape{3}, Dtype::kFloat64, stats.device());
    cuda::Reduce(kernels::ReduceOp::kSum, stats, Dims{1}, sums);
    return sums.to_vector<double>();
}

[[noreturn]] void ThrowBadLabels(int64_t ignore_label) {
    throw ValueError(
        cnet::internal::StrCat("Each label `t` need to satisfy `0 <= t < x.shape[1] or t == ", ignore_label, "`"));
}

}  // namespace

kernels::LossTotal SoftmaxCrossEntropyForward(const Array& x, const Array& labels, const Array& w,
                                              int64_t ignore_label, const Array& y, const Array& loss) {
    const Array t = Int64Indexes(labels);
    const SceGeometry g = GeometryOf(x.shape());
    if (x.size() == 0) {
        if (loss.defined()) Fill(loss, Scalar(0));
        kernels::LossTotal empty;  // no classes (x (N, 0, ...)): every label but ignore_label is out of range
        for (int64_t label : t.to_vector<int64_t>()) {
            if (label == ignore_label) continue;
            if (label < 0 || label >= x.shape()[1]) ThrowBadLabels(ignore_label);
            ++empty.count;
        }
        return empty;
    }
    const Array stats = Array::Empty(Shape{3, g.n * g.u}, Dtype::kFloat64, x.device());
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        SceForwardRows<T>(x, t, w, ignore_label, y.defined() ? DevicePtr<T>(y) : nullptr,
                          loss.defined() ? DevicePtr<T>(loss) : nullptr, DevicePtr<double>(stats));
    });
    const std::vector<double> sums = StatSums(stats);
    if (sums[2] != 0) ThrowBadLabels(ignore_label);
    kernels::LossTotal total;
    total.sum = sums[0];
    total.count = static_cast<int64_t>(sums[1]);
    return total;
}

void SoftmaxCrossEntropyBackward(const Array& x, const Array& y, const Array& labels, const Array& w,
                                 int64_t ignore_label, const Array& gy, double coeff, const Array& gx) {
    const Array t = Int64Indexes(labels);
    const SceGeometry g = GeometryOf(x.shape());
    if (x.size() == 0) return;
    const bool each = gy.ndim() > 0;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        T* out = DevicePtr<T>(gx);
        if (!y.defined()) {  // softmax recomputed into gx (labels were checked by
                             // the forward)
            const Array scratch = Array::Empty(Shape{3, g.n * g.u}, Dtype::kFloat64, x.device());
            SceForwardRows<T>(x, t, w, ignore_label, out, nullptr, DevicePtr<double>(scratch));
        }
        const T* yp = y.defined() ? DevicePtr<const T>(y) : out;
        const int64_t* tp = DevicePtr<const int64_t>(t);
        const T* wp = w.defined() ? DevicePtr<const T>(w) : nullptr;
        const T* gp = DevicePtr<const T>(gy);
        const int64_t C = g.c, U = g.u;
        ForEachIndex(x.device().index(), x.size(), [=] __device__(int64_t i) {
            const int64_t n = i / (C * U), c = (i / U) % C, u = i % U;
            const int64_t label = tp[n * U + u];
            T k = T(0);
            if (label != ignore_label) {
                const T scale = each ? gp[n * U + u] : static_cast<T>(static_cast<double>(gp[0]) * coeff);
                k = scale * (wp ? wp[label] : T(1));
            }
            T v = yp[i] * k;
            if (label != ignore_label && c == label) v -= k;
            out[i] = v;
        });
    });
}

namespace {
constexpr int64_t kIgnoreLabel = -1;  // sigmoid_cross_entropy's fixed ignore label

template <typename T>
__device__ inline T StableSigmoid(T x) {
    if (x >= 0) return T(1) / (T(1) + Math_exp(-x));
    const T e = Math_exp(x);
    return e / (T(1) + e);
}
}  // namespace

kernels::LossTotal SigmoidCrossEntropyForward(const Array& x, const Array& t, const Array& loss) {
    const int64_t n = x.size();
    kernels::LossTotal total;
    if (n == 0) return total;
    const Array stats = Array::Empty(Shape{3, n}, Dtype::kFloat64, x.device());
    double* st = DevicePtr<double>(stats);
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        const int64_t* tp = DevicePtr<const int64_t>(t);
        T* out = DevicePtr<T>(loss);
        ForEachIndex(x.device().index(), n, [=] __device__(int64_t i) {
            const T v = xp[i];
            const T pos = v >= 0 ? T(1) : T(0);
            const T av = v < T(0) ? -v : v;
            out[i] = tp[i] == kIgnoreLabel ? T(0) : -(v * (static_cast<T>(tp[i]) - pos) - Math_log1p(Math_exp(-av)));
            st[i] = static_cast<double>(out[i]);
            st[n + i] = tp[i] != kIgnoreLabel ? 1.0 : 0.0;
            st[2 * n + i] = 0.0;
        });
    });
    const std::vector<double> sums = StatSums(stats);
    total.sum = sums[0];
    total.count = static_cast<int64_t>(sums[1]);
    return total;
}

void SigmoidCrossEntropyBackward(const Array& x, const Array& t, const Array& gy, double coeff, const Array& gx) {
    const bool each = gy.ndim() > 0;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        const int64_t* tp = DevicePtr<const int64_t>(t);
        const T* g = DevicePtr<const T>(gy);
        T* out = DevicePtr<T>(gx);
        const T inv = static_cast<T>(coeff);
        ForEachIndex(x.device().index(), x.size(), [=] __device__(int64_t i) {
            const T gi = (each ? g[i] : g[0]) * inv;
            out[i] = tp[i] == kIgnoreLabel ? T(0) : gi * (StableSigmoid(xp[i]) - static_cast<T>(tp[i]));
        });
    });
}

}  // namespace cuda
}  // namespace cnet
