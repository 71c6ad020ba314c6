// indexing.cc — the gather/scatter entry points: dispatch to the arrays' backend.
#include "cnet/kernels/indexing.h"

namespace cnet {
namespace kernels {

void GatherBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& out) {
    Dispatch(&IndexingKernels::gather_blocks, "GatherBlocks", {&block, &out}, block, offsets, n, out);
}

void ScatterBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& values, bool accumulate) {
    Dispatch(&IndexingKernels::scatter_blocks, "ScatterBlocks", {&block, &values}, block, offsets, n, values,
             accumulate);
}

std::vector<int64_t> FlatNonzero(const Array& x) {
    return Dispatch(&IndexingKernels::flat_nonzero, "FlatNonzero", {&x}, x);
}

}  // namespace kernels
}  // namespace cnet
