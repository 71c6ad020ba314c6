// indexing.cuh — the CUDA indexing family (signatures of kernels/indexing.h; offsets are host memory).
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

void GatherBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& out);
void ScatterBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& values, bool accumulate);
std::vector<int64_t> FlatNonzero(const Array& x);

}  // namespace cuda
}  // namespace cnet
