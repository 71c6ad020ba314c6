// sorting.cc — the sorting entry points: dispatch to the arrays' backend.
#include "cnet/kernels/sorting.h"

namespace cnet {
namespace kernels {

void SortLanes(const Array& values, const Array& order) {
    Dispatch(&SortingKernels::sort_lanes, "SortLanes", {&values, &order}, values, order);
}

}  // namespace kernels
}  // namespace cnet
