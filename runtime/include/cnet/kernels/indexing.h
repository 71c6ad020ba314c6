// indexing.h — device-agnostic gather/scatter kernels behind advanced indexing, take, add.at and nonzero.
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// Gathers n sub-blocks. `block` is a strided view of shape R (its offset is the base); out is C-contiguous
/// with shape (n, R...) and the same dtype:  out[b, r...] = block[r...] shifted by offsets[b] elements.
void GatherBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& out);
/// The inverse: block[r...] shifted by offsets[b] = values[b, r...] (`+=` when accumulate, in offset order,
/// so repeated offsets accumulate and, without accumulate, the last write wins). values: C-contiguous
/// (n, R...) of block's dtype.
void ScatterBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& values, bool accumulate);
/// Flat C-order positions of the nonzero (true) elements of x.
std::vector<int64_t> FlatNonzero(const Array& x);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h). `offsets` are host memory.
struct IndexingKernels {
    static constexpr const char* kFamily = "indexing";
    void (*gather_blocks)(const Array& block, const int64_t* offsets, int64_t n, const Array& out) = nullptr;
    void (*scatter_blocks)(const Array& block, const int64_t* offsets, int64_t n, const Array& values,
                           bool accumulate) = nullptr;
    std::vector<int64_t> (*flat_nonzero)(const Array& x) = nullptr;
};

template <>
const IndexingKernels& NativeKernels<IndexingKernels>();

}  // namespace kernels
}  // namespace cnet
