// activation.cc — CPU activation kernels: each forward and gradient is one elementwise pass, split across
// OpenMP threads for large contiguous arrays (native::Map for the strided rest); softmax walks (outer, axis,
// inner) blocks with the axis reduction kept in a per-block buffer.
#include "cnet/kernels/activation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Core>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"
#include "native/elementwise.h"

namespace cnet {
namespace native {
using kernels::Activation;
namespace {

// Elements per thread below which a pass stays on one thread: the cheap piecewise-linear maps are
// memory-bound, the transcendental ones are not.
int64_t MinWorkPerThread(Activation op) {
    switch (op) {
        case Activation::kRelu:
        case Activation::kLeakyRelu:
        case Activation::kClippedRelu:
        case Activation::kHardSigmoid: return 1 << 15;
        default: return 1 << 12;
    }
}

// out[i] = f(in[i]...) over equally shaped operands: one parallel flat loop when all are contiguous, else
// native::Map (strided, single-threaded).
template <typename T, typename F>
void Unary(Activation op, const Array& x, Array& y, F f) {
    if (!(x.is_contiguous() && y.is_contiguous() && x.shape() == y.shape())) {
        native::Map<T, T>(y, f, x);
        return;
    }
    const T* xp = x.data<T>();
    T* yp = y.data<T>();
    const int64_t n = y.size();
    const int threads = ThreadsFor(n, MinWorkPerThread(op));
    if (threads <= 1) {  // not through an `if` clause: a serialized parallel region still costs ~1 us
        for (int64_t i = 0; i < n; ++i) yp[i] = f(xp[i]);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; ++i) yp[i] = f(xp[i]);
}

// y = tanh(x * in_scale) * out_scale + shift with Eigen's vectorized tanh (a rational approximation within a
// few ulp for float, as PyTorch's vectorized tanh) on contiguous arrays: libm's scalar tanhf was a fifth of
// the tree RNN's forward. Strided arrays take the scalar std::tanh through Unary.
template <typename T>
void Tanh(Activation op, const Array& x, Array& y, T in_scale, T out_scale, T shift) {
    if (!(x.is_contiguous() && y.is_contiguous() && x.shape() == y.shape())) {
        Unary<T>(op, x, y, [=](T v) { return std::tanh(v * in_scale) * out_scale + shift; });
        return;
    }
    using Vec = Eigen::Array<T, Eigen::Dynamic, 1>;
    const T* xp = x.data<T>();
    T* yp = y.data<T>();
    const int64_t n = y.size();
    const int threads = ThreadsFor(n, MinWorkPerThread(op));
    auto chunk = [&](int64_t begin, int64_t end) {
        Eigen::Map<Vec>(yp + begin, end - begin) =
            (Eigen::Map<const Vec>(xp + begin, end - begin) * in_scale).tanh() * out_scale + shift;
    };
    if (threads <= 1) {
        chunk(0, n);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t) chunk(n * t / threads, n * (t + 1) / threads);
}

template <typename T, typename F>
void Binary(Activation op, const Array& s, const Array& gy, Array& gx, F f) {
    if (!(s.is_contiguous() && gy.is_contiguous() && gx.is_contiguous() && s.shape() == gx.shape() &&
          gy.shape() == gx.shape())) {
        native::Map<T, T, T>(gx, f, s, gy);
        return;
    }
    const T* sp = s.data<T>();
    const T* gp = gy.data<T>();
    T* out = gx.data<T>();
    const int64_t n = gx.size();
    const int threads = ThreadsFor(n, MinWorkPerThread(op));
    if (threads <= 1) {
        for (int64_t i = 0; i < n; ++i) out[i] = f(sp[i], gp[i]);
        return;
    }
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; ++i) out[i] = f(sp[i], gp[i]);
}

template <typename T>
void ForwardTyped(Activation op, const Array& x, T a, Array& y) {
    switch (op) {
        case Activation::kRelu: Unary<T>(op, x, y, [](T v) { return v > T(0) ? v : T(0); }); return;
        case Activation::kLeakyRelu: Unary<T>(op, x, y, [a](T v) { return v >= T(0) ? v : a * v; }); return;
        case Activation::kClippedRelu: Unary<T>(op, x, y, [a](T v) { return std::min(std::max(v, T(0)), a); }); return;
        case Activation::kHardSigmoid:
            Unary<T>(op, x, y, [](T v) { return std::min(std::max(T(0.2) * v + T(0.5), T(0)), T(1)); });
            return;
        case Activation::kElu: Unary<T>(op, x, y, [a](T v) { return v >= T(0) ? v : a * std::expm1(v); }); return;
        case Activation::kSigmoid: Tanh<T>(op, x, y, T(0.5), T(0.5), T(0.5)); return;  // Chainer's form: no exp overflow
        case Activation::kTanh: Tanh<T>(op, x, y, T(1), T(1), T(0)); return;
        case Activation::kSoftplus:
            Unary<T>(op, x, y, [a](T v) { return (std::max(a * v, T(0)) + std::log1p(std::exp(-std::fabs(a * v)))) / a; });
            return;
    }
}

template <typename T>
void GradTyped(Activation op, const Array& s, const Array& gy, T a, Array& gx) {
    switch (op) {
        case Activation::kRelu: Binary<T>(op, s, gy, gx, [](T y, T g) { return y > T(0) ? g : T(0); }); return;
        case Activation::kLeakyRelu: Binary<T>(op, s, gy, gx, [a](T x, T g) { return x < T(0) ? a * g : g; }); return;
        case Activation::kClippedRelu:
            Binary<T>(op, s, gy, gx, [a](T x, T g) { return (T(0) < x && x < a) ? g : T(0); });
            return;
        case Activation::kHardSigmoid:
            Binary<T>(op, s, gy, gx, [](T x, T g) { return (T(-2.5) < x && x < T(2.5)) ? T(0.2) * g : T(0); });
            return;
        case Activation::kElu:
            Binary<T>(op, s, gy, gx, [a](T x, T g) { return x < T(0) ? g * a * std::exp(x) : g; });
            return;
        case Activation::kSigmoid: Binary<T>(op, s, gy, gx, [](T y, T g) { return g * y * (T(1) - y); }); return;
        case Activation::kTanh: Binary<T>(op, s, gy, gx, [](T y, T g) { return g * (T(1) - y * y); }); return;
        case Activation::kSoftplus:  // g * sigmoid(a*x)
            Binary<T>(op, s, gy, gx, [a](T x, T g) { return g * (std::tanh(a * x * T(0.5)) * T(0.5) + T(0.5)); });
            return;
    }
}

// The elementwise kernels' operands have the output's shape and dtype.
void CheckOperands(std::initializer_list<const Array*> inputs, const Array& out) {
    for (const Array* a : inputs)
        CNET_CHECK_AS(DtypeError, a->dtype() == out.dtype() && a->shape() == out.shape(),
                      "internal: activation kernel operands differ: ", a->shape(), " ", DtypeName(a->dtype()), " vs ",
                      out.shape(), " ", DtypeName(out.dtype()));
}

// The (outer, n, inner) view of a C-contiguous array around `axis`.
struct AxisBlocks {
    int64_t outer = 1, n = 1, inner = 1;
    AxisBlocks(const Shape& shape, int axis) {
        for (int d = 0; d < shape.ndim(); ++d) {
            if (d < axis) outer *= shape[d];
            else if (d == axis) n = shape[d];
            else inner *= shape[d];
        }
    }
};

// One (n, inner) block: y = softmax or log-softmax of x along n. `m` and `s` hold inner values.
template <typename T>
void SoftmaxBlock(const T* x, T* y, int64_t n, int64_t inner, bool log, T* m, T* s) {
    std::fill(m, m + inner, -std::numeric_limits<T>::infinity());
    std::fill(s, s + inner, T(0));
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < inner; ++j) m[j] = std::max(m[j], x[i * inner + j]);
    for (int64_t j = 0; j < inner; ++j)
        if (!std::isfinite(m[j])) m[j] = T(0);  // all -inf (or inf) rows: no shift, as scipy's logsumexp
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < inner; ++j) {
            const T e = std::exp(x[i * inner + j] - m[j]);
            s[j] += e;
            if (!log) y[i * inner + j] = e;
        }
    }
    for (int64_t j = 0; j < inner; ++j) s[j] = log ? m[j] + std::log(s[j]) : T(1) / s[j];
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < inner; ++j) y[i * inner + j] = log ? x[i * inner + j] - s[j] : y[i * inner + j] * s[j];
}

// One (n, inner) block of the softmax / log-softmax gradient; `s` holds inner sums.
template <typename T>
void SoftmaxGradBlock(const T* y, const T* gy, T* gx, int64_t n, int64_t inner, bool log, T* s) {
    std::fill(s, s + inner, T(0));
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < inner; ++j) s[j] += log ? gy[i * inner + j] : y[i * inner + j] * gy[i * inner + j];
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < inner; ++j) {
            const int64_t k = i * inner + j;
            gx[k] = log ? gy[k] - std::exp(y[k]) * s[j] : y[k] * (gy[k] - s[j]);
        }
    }
}

// The (outer) blocks are independent: split them across threads, each with its own axis buffers.
template <typename T>
void SoftmaxTyped(const T* x, T* y, const AxisBlocks& b, bool log) {
    const int64_t block = b.n * b.inner;
    const int threads = b.outer > 1 ? ThreadsFor(b.outer * block, 1 << 13) : 1;
    if (threads <= 1) {
        std::vector<T> m(b.inner), s(b.inner);
        for (int64_t o = 0; o < b.outer; ++o) SoftmaxBlock(x + o * block, y + o * block, b.n, b.inner, log, m.data(), s.data());
        return;
    }
#pragma omp parallel num_threads(threads)
    {
        std::vector<T> m(b.inner), s(b.inner);
#pragma omp for schedule(static)
        for (int64_t o = 0; o < b.outer; ++o) SoftmaxBlock(x + o * block, y + o * block, b.n, b.inner, log, m.data(), s.data());
    }
}

template <typename T>
void SoftmaxGradTyped(const T* y, const T* gy, T* gx, const AxisBlocks& b, bool log) {
    const int64_t block = b.n * b.inner;
    const int threads = b.outer > 1 ? ThreadsFor(b.outer * block, 1 << 13) : 1;
    if (threads <= 1) {
        std::vector<T> s(b.inner);
        for (int64_t o = 0; o < b.outer; ++o)
            SoftmaxGradBlock(y + o * block, gy + o * block, gx + o * block, b.n, b.inner, log, s.data());
        return;
    }
#pragma omp parallel num_threads(threads)
    {
        std::vector<T> s(b.inner);
#pragma omp for schedule(static)
        for (int64_t o = 0; o < b.outer; ++o)
            SoftmaxGradBlock(y + o * block, gy + o * block, gx + o * block, b.n, b.inner, log, s.data());
    }
}

}  // namespace

void ActivationForward(Activation op, const Array& x, double a, const Array& y) {
    CheckOperands({&x}, y);
    Array out = y;
    CNET_DISPATCH_FLOAT(out.dtype(), T, { ForwardTyped<T>(op, x, static_cast<T>(a), out); });
}

void ActivationGrad(Activation op, const Array& src, const Array& gy, double a, const Array& gx) {
    CheckOperands({&src, &gy}, gx);
    Array out = gx;
    CNET_DISPATCH_FLOAT(out.dtype(), T, { GradTyped<T>(op, src, gy, static_cast<T>(a), out); });
}

void Softmax(const Array& x, int axis, bool log, const Array& y) {
    CNET_CHECK(y.is_contiguous(), "internal: softmax output must be contiguous");
    CheckOperands({&x}, y);
    const Array xc = x.as_contiguous();
    const AxisBlocks b(xc.shape(), axis);
    CNET_DISPATCH_FLOAT(y.dtype(), T, { SoftmaxTyped<T>(xc.data<T>(), y.data<T>(), b, log); });
}

void SoftmaxGrad(const Array& y, const Array& gy, int axis, bool log, const Array& gx) {
    CNET_CHECK(gx.is_contiguous(), "internal: softmax gradient output must be contiguous");
    CheckOperands({&y, &gy}, gx);
    const Array yc = y.as_contiguous(), gc = gy.as_contiguous();
    const AxisBlocks b(yc.shape(), axis);
    CNET_DISPATCH_FLOAT(gx.dtype(), T, { SoftmaxGradTyped<T>(yc.data<T>(), gc.data<T>(), gx.data<T>(), b, log); });
}

}  // namespace native

template <>
const kernels::ActivationKernels& kernels::NativeKernels<kernels::ActivationKernels>() {
    static const ActivationKernels table{&native::ActivationForward, &native::ActivationGrad, &native::Softmax,
                                         &native::SoftmaxGrad};
    return table;
}

}  // namespace cnet
