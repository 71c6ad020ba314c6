// sorting.h — numpy.sort and numpy.argsort, and the ndarray methods sort (in place) and argsort.
#pragma once

#include <optional>
#include <string>

#include "cnet/core/array.h"

namespace cnet {
namespace np {

/// numpy.sort(a, axis=-1, kind=None): a sorted copy along `axis` (of the flattened array when axis is None).
/// NaN sorts last, as in NumPy. Every kind ('quicksort', 'mergesort', 'heapsort', 'stable') sorts stably: equal
/// elements keep their order, which NumPy guarantees only for 'stable' (its other kinds may order ties otherwise).
/// CPU arrays only so far (kernels::SortLanes has no CUDA kernel: a CUDA array raises DeviceError).
Array sort(const Array& a, std::optional<int64_t> axis = -1, const std::optional<std::string>& kind = std::nullopt);
/// numpy.argsort(a, axis=-1, kind=None): the int64 indices that sort `a` along `axis` (stably, as sort).
Array argsort(const Array& a, std::optional<int64_t> axis = -1, const std::optional<std::string>& kind = std::nullopt);
/// ndarray.sort(axis=-1, kind=None): sorts `a` in place along `axis`.
void sort_inplace(Array a, int64_t axis = -1, const std::optional<std::string>& kind = std::nullopt);

}  // namespace np
}  // namespace cnet
