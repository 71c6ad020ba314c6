// strided_loop.h — the CPU iteration engine: walks N operands over a broadcast shape, coalescing
// contiguous dimensions so the innermost call sees the longest possible run.
#pragma once

#include <array>
#include <cstdint>

#include "cnet/core/array.h"

namespace cnet {
namespace native {

/// Calls inner(ptrs, steps, n) for every innermost run: ptrs[k] points at the run's first element of
/// operand k, steps[k] is its byte step, n the run length. `strides` are in elements, `itemsizes` in bytes.
template <size_t N, typename Inner>
void ForEachRun(const Shape& shape, std::array<char*, N> bases, const std::array<Strides, N>& strides,
                const std::array<int64_t, N>& itemsizes, Inner&& inner) {
    // Collect non-trivial dims with byte strides.
    int64_t dims[kMaxNdim];
    int64_t st[N][kMaxNdim];
    int nd = 0;
    for (int d = 0; d < shape.ndim(); ++d) {
        if (shape[d] == 0) return;
        if (shape[d] == 1) continue;
        dims[nd] = shape[d];
        for (size_t k = 0; k < N; ++k) st[k][nd] = strides[k][d] * itemsizes[k];
        ++nd;
    }
    // Coalesce: merge dim d into d-1 when every operand steps contiguously across the boundary.
    int m = 0;
    for (int d = 0; d < nd; ++d) {
        bool merge = m > 0;
        for (size_t k = 0; k < N && merge; ++k) merge = st[k][m - 1] == st[k][d] * dims[d];
        if (merge) {
            dims[m - 1] *= dims[d];
            for (size_t k = 0; k < N; ++k) st[k][m - 1] = st[k][d];
        } else {
            dims[m] = dims[d];
            for (size_t k = 0; k < N; ++k) st[k][m] = st[k][d];
            ++m;
        }
    }
    std::array<int64_t, N> steps{};
    if (m == 0) {
        inner(bases, steps, int64_t{1});
        return;
    }
    const int last = m - 1;
    for (size_t k = 0; k < N; ++k) steps[k] = st[k][last];
    const int64_t run = dims[last];
    int64_t counter[kMaxNdim] = {};
    std::array<char*, N> ptrs = bases;
    while (true) {
        inner(ptrs, steps, run);
        int d = last - 1;
        for (; d >= 0; --d) {
            for (size_t k = 0; k < N; ++k) ptrs[k] += st[k][d];
            if (++counter[d] < dims[d]) break;
            for (size_t k = 0; k < N; ++k) ptrs[k] -= st[k][d] * dims[d];
            counter[d] = 0;
        }
        if (d < 0) return;
    }
}

using cnet::internal::BroadcastStrides;

}  // namespace native
}  // namespace cnet
