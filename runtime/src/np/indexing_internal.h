// indexing_internal.h — the index plan shared by getitem, setitem and add_at: basic indices applied as a
// view, advanced (array) indices resolved to element offsets of sub-blocks.
#pragma once

#include <vector>

#include "cnet/np/indexing.h"

namespace cnet {
namespace np {
namespace internal {

/// x with every basic index applied. Dimensions indexed by arrays are kept (in place) for the advanced step.
struct IndexPlan {
    Array view;
    SmallVector<int, kMaxNdim> adv_dims;  // positions in `view` of the advanced indices, in subscript order
    SmallVector<int, kMaxNdim> adv_axes;  // the axes of x they index (for error messages)
    std::vector<Array> adv;               // int64 index arrays, one per advanced dimension
};

IndexPlan PlanIndex(const Array& x, const Indices& indices);

/// The advanced step: `block` is a view over the dimensions not indexed by arrays (shape R); element b of
/// the broadcast index shape B selects the block shifted by offsets[b]. The result has shape
/// R[:insert_at] + B + R[insert_at:].
struct AdvancedPlan {
    Array block;
    std::vector<int64_t> offsets;
    Shape index_shape;  // B
    int insert_at = 0;
};

AdvancedPlan PlanAdvanced(const IndexPlan& plan);
Shape ResultShape(const AdvancedPlan& plan);
/// Axes that move a (B, R) array into result order, and the inverse.
Dims DenseToResultAxes(const AdvancedPlan& plan);
Dims ResultToDenseAxes(const AdvancedPlan& plan);

}  // namespace internal
}  // namespace np
}  // namespace cnet
