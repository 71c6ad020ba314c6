// elementwise.h — templated CPU elementwise maps over broadcast operands. Kernels in native/*.cc use
// Map<Out, In...>(out, f, ins...) with a lambda; contiguous operands take a vectorizable flat loop.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "cnet/core/array.h"
#include "cnet/kernels/elementwise.h"
#include "native/strided_loop.h"

namespace cnet {
namespace native {

namespace internal {

template <typename Out, typename... In, typename F, size_t... I>
void RunFlat(Out* out, const std::array<const void*, sizeof...(In)>& in, int64_t n, F& f,
             std::index_sequence<I...>) {
    const std::tuple<const In*...> ptrs{static_cast<const In*>(in[I])...};
    for (int64_t i = 0; i < n; ++i) out[i] = f(std::get<I>(ptrs)[i]...);
}

template <typename Out, typename... In, typename F, size_t... I>
void RunStrided(std::array<char*, sizeof...(In) + 1> p, const std::array<int64_t, sizeof...(In) + 1>& step, int64_t n,
                F& f, std::index_sequence<I...>) {
    for (int64_t i = 0; i < n; ++i) {
        *reinterpret_cast<Out*>(p[0] + i * step[0]) = f(*reinterpret_cast<const In*>(p[I + 1] + i * step[I + 1])...);
    }
}

template <typename T>
using ArrayArg = const Array&;

inline bool SameLayoutContiguous(const Array& out, const Array& in) {
    return in.shape() == out.shape() && in.is_contiguous();
}

}  // namespace internal

/// out[i] = f(in_0[i], ..., in_k[i]) with NumPy broadcasting of every input to out's shape. The C++ element
/// types must match the arrays' dtypes (the caller casts first). `out` must be a fresh or non-aliasing array,
/// or exactly one of the inputs (same layout), which is safe for an elementwise map.
template <typename Out, typename... In, typename F>
void Map(Array& out, F f, internal::ArrayArg<In>... ins) {
    constexpr size_t K = sizeof...(In);
    const std::array<const Array*, K> in_arrays{&ins...};
    bool flat = out.is_contiguous();
    for (size_t k = 0; k < K && flat; ++k) flat = internal::SameLayoutContiguous(out, *in_arrays[k]);
    if (flat) {
        std::array<const void*, K> ptrs{};
        for (size_t k = 0; k < K; ++k) ptrs[k] = in_arrays[k]->raw_data();
        internal::RunFlat<Out, In...>(static_cast<Out*>(out.raw_data()), ptrs, out.size(), f,
                                      std::make_index_sequence<K>());
        return;
    }
    std::array<char*, K + 1> bases{};
    std::array<Strides, K + 1> strides{};
    std::array<int64_t, K + 1> sizes{};
    bases[0] = static_cast<char*>(out.raw_data());
    strides[0] = out.strides();
    sizes[0] = sizeof(Out);
    constexpr std::array<int64_t, K> in_sizes{static_cast<int64_t>(sizeof(In))...};
    for (size_t k = 0; k < K; ++k) {
        bases[k + 1] = static_cast<char*>(in_arrays[k]->raw_data());
        strides[k + 1] = BroadcastStrides(*in_arrays[k], out.shape());
        sizes[k + 1] = in_sizes[k];
    }
    ForEachRun<K + 1>(out.shape(), bases, strides, sizes,
                      [&f](std::array<char*, K + 1> p, const std::array<int64_t, K + 1>& step, int64_t n) {
                          internal::RunStrided<Out, In...>(p, step, n, f, std::make_index_sequence<K>());
                      });
}

// The elementwise family's CPU entries defined in binary.cc (the table is in elementwise.cc).
void Binary(kernels::BinaryOp op, const Array& a, const Array& b, const Array& out);
void BinaryScalar(kernels::BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out);
void Where(const Array& cond, const Array& a, const Array& b, const Array& out);
void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out);

}  // namespace native
}  // namespace cnet
