// reduction.h — NumPy reductions: sum, mean, max, min, prod, argmax, argmin, any, all, var, std, cumsum.
#pragma once

#include <optional>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/axis.h"
#include "cnet/np/creation.h"
// The header of the ndarray methods codegen names (x.sum(), x.tolist(), x.ravel(), x.dot(y)) includes theirs.
#include "cnet/np/linalg.h"
#include "cnet/np/manipulation.h"
#include "cnet/np/sorting.h"
#include "cnet/np/tolist.h"

namespace cnet {
namespace np {

/// Integer/bool sums are int64; float sums keep their dtype.
Array sum(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// Integer means are float64.
Array mean(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array prod(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array max(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array min(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array amax(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array amin(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array any(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
Array all(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// Population variance / standard deviation (ddof = 0 by default, as NumPy).
Array var(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false, int ddof = 0);
Array std(const Array& x, const OptionalAxis& axis = {}, bool keepdims = false, int ddof = 0);
/// Index of the max/min (int64); axis None flattens first.
Array argmax(const Array& x, const OptionalAxis& axis = {});
Array argmin(const Array& x, const OptionalAxis& axis = {});
/// numpy.cumsum(a, axis=None, dtype=None): axis None flattens first (a 0-d array is one element); integer and bool
/// inputs sum as int64, floats keep their dtype; `dtype` is the result's (integers are summed as int64 and
/// wrapped to it, as NumPy's own sum in that type wraps).
Array cumsum(const Array& x, std::optional<int> axis = std::nullopt, std::optional<Dtype> dtype = std::nullopt);
/// numpy.cumsum of a list of numbers (as numpy.array makes it).
template <typename T>
Array cumsum(const std::vector<T>& a, std::optional<int> axis = std::nullopt,
             std::optional<Dtype> dtype = std::nullopt) {
    return cumsum(array(a), axis, dtype);
}

/// The shape of reducing `shape` over normalized `axes`.
Shape ReducedShape(const Shape& shape, const Dims& axes, bool keepdims);

}  // namespace np
}  // namespace cnet
