// reduction.cc — CPU reductions (sum/prod/max/min/any/all), arg-reductions and cumsum.
#include "cnet/kernels/reduction.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "cnet/core/dtype_dispatch.h"
#include "native/strided_loop.h"

namespace cnet {
namespace native {
using kernels::ReduceOp;
namespace {

// Sums of float32 accumulate in double (NumPy uses pairwise summation; this is at least as accurate).
template <typename T>
using AccOf = std::conditional_t<std::is_floating_point<T>::value || std::is_same<T, Half>::value, double,
                                 std::conditional_t<std::is_same<T, bool>::value, int64_t, int64_t>>;

template <typename Acc, typename T, typename Combine>
void Accumulate(const Array& x, const Array& acc_view, Combine combine) {
    const Strides acc_strides = native::BroadcastStrides(acc_view, x.shape());
    native::ForEachRun<2>(
        x.shape(), {static_cast<char*>(acc_view.raw_data()), static_cast<char*>(x.raw_data())},
        {acc_strides, x.strides()}, {static_cast<int64_t>(sizeof(Acc)), static_cast<int64_t>(sizeof(T))},
        [&combine](std::array<char*, 2> p, const std::array<int64_t, 2>& step, int64_t n) {
            const char* xp = p[1];
            if (step[0] == 0) {
                Acc a = *reinterpret_cast<Acc*>(p[0]);
                if (step[1] == static_cast<int64_t>(sizeof(T))) {
                    const T* xv = reinterpret_cast<const T*>(xp);
                    for (int64_t i = 0; i < n; ++i) a = combine(a, static_cast<Acc>(xv[i]));
                } else {
                    for (int64_t i = 0; i < n; ++i) a = combine(a, static_cast<Acc>(*reinterpret_cast<const T*>(xp + i * step[1])));
                }
                *reinterpret_cast<Acc*>(p[0]) = a;
            } else {
                for (int64_t i = 0; i < n; ++i) {
                    Acc& o = *reinterpret_cast<Acc*>(p[0] + i * step[0]);
                    o = combine(o, static_cast<Acc>(*reinterpret_cast<const T*>(xp + i * step[1])));
                }
            }
        });
}

Shape KeepdimsShape(const Shape& shape, const Dims& axes) {
    Shape s = shape;
    for (int64_t ax : axes) s[static_cast<int>(ax)] = 1;
    return s;
}

template <typename T>
void ReduceTyped(ReduceOp op, const Array& x, const Dims& axes, const Array& out) {
    using Acc = AccOf<T>;
    const Shape kshape = KeepdimsShape(x.shape(), axes);
    Dtype acc_dtype = std::is_same<Acc, double>::value ? Dtype::kFloat64 : Dtype::kInt64;
    if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
        for (int64_t ax : axes)
            CNET_CHECK_AS(ValueError, x.shape()[static_cast<int>(ax)] > 0, "zero-size array to reduction operation ",
                          op == ReduceOp::kMax ? "maximum" : "minimum", " which has no identity");
    }
    Array acc = Array::Empty(kshape, acc_dtype, out.device());
    switch (op) {
        case ReduceOp::kSum:
            acc.fill(Scalar(0));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return a + v; });
            break;
        case ReduceOp::kProd:
            acc.fill(Scalar(1));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return a * v; });
            break;
        case ReduceOp::kMax:
            acc.fill(std::is_same<Acc, double>::value ? Scalar(-std::numeric_limits<double>::infinity())
                                                      : Scalar(std::numeric_limits<int64_t>::min()));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return (v > a || v != v) ? v : a; });
            break;
        case ReduceOp::kMin:
            acc.fill(std::is_same<Acc, double>::value ? Scalar(std::numeric_limits<double>::infinity())
                                                      : Scalar(std::numeric_limits<int64_t>::max()));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return (v < a || v != v) ? v : a; });
            break;
        case ReduceOp::kAny:
            acc.fill(Scalar(0));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return static_cast<Acc>(a != 0 || v != 0); });
            break;
        case ReduceOp::kAll:
            acc.fill(Scalar(1));
            Accumulate<Acc, T>(x, acc, [](Acc a, Acc v) { return static_cast<Acc>(a != 0 && v != 0); });
            break;
    }
    Array(out).reshape(kshape).assign(acc);
}

}  // namespace

void Reduce(ReduceOp op, const Array& x, const Dims& axes, const Array& out) {
    CNET_CHECK(out.is_contiguous(), "internal: reduction output must be contiguous");
    CNET_DISPATCH_ALL(x.dtype(), T, { ReduceTyped<T>(op, x, axes, out); });
}

namespace {

Array MoveAxisLast(const Array& x, int axis) {
    Dims perm;
    for (int i = 0; i < x.ndim(); ++i)
        if (i != axis) perm.push_back(i);
    perm.push_back(axis);
    return x.transpose(perm);
}

}  // namespace

void ArgReduce(bool is_max, const Array& x, int axis, const Array& out) {
    CNET_CHECK_AS(ValueError, x.shape()[axis] > 0, "attempt to get ", is_max ? "argmax" : "argmin",
                  " of an empty sequence");
    const Array xt = MoveAxisLast(x, axis);
    const int64_t n = xt.shape().back(), step = xt.strides().back();
    Shape outer = xt.shape();
    outer.erase(outer.ndim() - 1);
    Strides outer_strides = xt.strides();
    outer_strides.erase(outer_strides.ndim() - 1);
    const Array out_view = Array(out).reshape(outer);
    CNET_DISPATCH_ALL(x.dtype(), T, {
        native::ForEachRun<2>(
            outer, {static_cast<char*>(out_view.raw_data()), static_cast<char*>(xt.raw_data())},
            {out_view.strides(), outer_strides}, {8, static_cast<int64_t>(sizeof(T))},
            [&](std::array<char*, 2> p, const std::array<int64_t, 2>& st, int64_t runs) {
                for (int64_t r = 0; r < runs; ++r) {
                    const T* base = reinterpret_cast<const T*>(p[1] + r * st[1]);
                    int64_t best = 0;
                    double best_v = static_cast<double>(base[0]);
                    for (int64_t i = 1; i < n && best_v == best_v; ++i) {
                        const double v = static_cast<double>(base[i * step]);
                        if (v != v || (is_max ? v > best_v : v < best_v)) {
                            best = i;
                            best_v = v;
                        }
                    }
                    *reinterpret_cast<int64_t*>(p[0] + r * st[0]) = best;
                }
            });
    });
}

void Cumsum(const Array& x, int axis, const Array& out) {
    const Array xt = MoveAxisLast(x, axis);
    const Array ot = MoveAxisLast(out, axis);
    const int64_t n = xt.shape().back(), xs = xt.strides().back(), os = ot.strides().back();
    Shape outer = xt.shape();
    outer.erase(outer.ndim() - 1);
    Strides xo = xt.strides(), oo = ot.strides();
    xo.erase(xo.ndim() - 1);
    oo.erase(oo.ndim() - 1);
    CNET_CHECK_AS(DtypeError, x.dtype() == out.dtype(), "internal: cumsum dtypes differ");
    CNET_DISPATCH_NUMERIC(x.dtype(), T, {
        native::ForEachRun<2>(outer, {static_cast<char*>(ot.raw_data()), static_cast<char*>(xt.raw_data())}, {oo, xo},
                              {static_cast<int64_t>(sizeof(T)), static_cast<int64_t>(sizeof(T))},
                              [&](std::array<char*, 2> p, const std::array<int64_t, 2>& st, int64_t runs) {
                                  for (int64_t r = 0; r < runs; ++r) {
                                      T* o = reinterpret_cast<T*>(p[0] + r * st[0]);
                                      const T* xi = reinterpret_cast<const T*>(p[1] + r * st[1]);
                                      T acc = T(0);
                                      for (int64_t i = 0; i < n; ++i) {
                                          acc = static_cast<T>(acc + xi[i * xs]);
                                          o[i * os] = acc;
                                      }
                                  }
                              });
    });
}

namespace {

constexpr int kMaxDirections = kernels::kMaxProductDirections;

// acc *= (x + sum_r e_r d_r) for one element; coefficient S of acc is indexed by a subset bitmask of e's.
template <typename T>
void DualMulInPlace(T* acc, int k, T x, const T* d) {
    for (int s = (1 << k) - 1; s >= 0; --s) {  // descending: acc[s ^ bit] < s is still the old value
        T v = acc[s] * x;
        for (int r = 0; r < k; ++r)
            if (s & (1 << r)) v += acc[s ^ (1 << r)] * d[r];
        acc[s] = v;
    }
}

// out[i, c] = T_i of column c (see Note [Prod gradient without division] in functions/reduction_prod.cc); x and
// dirs are (n, m) C-contiguous.
template <typename T>
void ExclusiveProductsTyped(const Array& x, const std::vector<Array>& dirs, int64_t n, int64_t m, const Array& out) {
    const int k = static_cast<int>(dirs.size()), K = 1 << k;
    std::vector<const T*> dp;
    for (const Array& d : dirs) dp.push_back(d.data<T>());
    const T* xp = x.data<T>();
    T* op = out.data<T>();
    std::vector<T> prefix(static_cast<size_t>(n * m * K)), acc(static_cast<size_t>(m * K));
    T dv[kMaxDirections];
    for (int pass = 0; pass < 2; ++pass) {  // 0: prefixes (stored), 1: suffixes combined with the prefixes
        for (int64_t c = 0; c < m; ++c) {
            std::fill(&acc[c * K], &acc[c * K] + K, T(0));
            acc[c * K] = T(1);
        }
        for (int64_t t = 0; t < n; ++t) {
            const int64_t i = pass == 0 ? t : n - 1 - t;
            for (int64_t c = 0; c < m; ++c) {
                T* a = &acc[c * K];
                T* pre = &prefix[(i * m + c) * K];
                if (pass == 0) {
                    std::copy(a, a + K, pre);
                } else {
                    T v = T(0);  // coefficient of e_1...e_k in pre * a
                    for (int s = 0; s < K; ++s) v += pre[s] * a[(K - 1) ^ s];
                    op[i * m + c] = v;
                }
                for (int r = 0; r < k; ++r) dv[r] = dp[r][i * m + c];
                DualMulInPlace(a, k, xp[i * m + c], dv);
            }
        }
    }
}

}  // namespace

void ExclusiveProducts(const Array& x, const std::vector<Array>& dirs, const Array& out) {
    CNET_CHECK(static_cast<int>(dirs.size()) <= kMaxDirections, "internal: too many directions for ExclusiveProducts");
    CNET_DISPATCH_FLOAT(x.dtype(), T, { ExclusiveProductsTyped<T>(x, dirs, x.shape()[0], x.shape()[1], out); });
}

}  // namespace native

template <>
const kernels::ReductionKernels& kernels::NativeKernels<kernels::ReductionKernels>() {
    static const ReductionKernels table{&native::Reduce, &native::ArgReduce, &native::Cumsum,
                                        &native::ExclusiveProducts};
    return table;
}

}  // namespace cnet
