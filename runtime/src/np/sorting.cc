// sorting.cc — numpy.sort / argsort: the axis moved last, then kernels::SortLanes (a stable sort of each lane).
#include "cnet/np/sorting.h"

#include <vector>

#include "cnet/core/error.h"
#include "cnet/kernels/sorting.h"

namespace cnet {
namespace np {
namespace {

// NumPy's kind names: it reads the first letter ('quick', 'quicksort', 'heap', 'merge', 'stable', ...).
void CheckKind(const std::optional<std::string>& kind) {
    if (!kind) return;
    const char c = kind->empty() ? '\0' : (*kind)[0];
    if (c != 'q' && c != 'h' && c != 'm' && c != 's') {
        throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + *kind + "')");
    }
}

struct Sorted {
    Array values;  // sorted along the axis
    Array order;   // int64 indices that sort
};

// Both results for `a` sorted along `axis` (None: the flattened array).
Sorted SortAlong(const Array& a, std::optional<int64_t> axis, const std::optional<std::string>& kind) {
    CheckKind(kind);
    const Array x = axis ? a : a.reshape(Shape{a.size()});
    const int ax = NormalizeAxis(axis.value_or(0), x.ndim());
    // The axis last and contiguous: each lane is then a run of memory.
    std::vector<int64_t> perm;
    for (int i = 0; i < x.ndim(); ++i) {
        if (i != ax) perm.push_back(i);
    }
    perm.push_back(ax);
    Array values = x.transpose(Dims(perm)).copy();
    Array order = Array::Empty(values.shape(), Dtype::kInt64, values.device());
    kernels::SortLanes(values, order);
    std::vector<int64_t> inverse(perm.size());
    for (size_t i = 0; i < perm.size(); ++i) inverse[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    const Dims back(inverse);
    return {values.transpose(back).copy(), order.transpose(back).copy()};
}

}  // namespace

Array sort(const Array& a, std::optional<int64_t> axis, const std::optional<std::string>& kind) {
    return SortAlong(a, axis, kind).values;
}

Array argsort(const Array& a, std::optional<int64_t> axis, const std::optional<std::string>& kind) {
    return SortAlong(a, axis, kind).order;
}

void sort_inplace(Array a, int64_t axis, const std::optional<std::string>& kind) {
    a.assign(SortAlong(a, axis, kind).values);
}

}  // namespace np
}  // namespace cnet
