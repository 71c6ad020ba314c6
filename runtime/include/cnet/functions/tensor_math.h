// tensor_math.h — differentiable tensor arithmetic of chainer.functions.math beyond elementwise maps:
// tensordot, bias, scale, cumsum. All support double backprop.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "cnet/core/axis.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.tensordot(a, b, axes=2): numpy.tensordot. `axes` n contracts the last n axes of a with the first n of b.
Variable tensordot(const Variable& a, const Variable& b, int64_t axes = 2);
/// axes as two lists: a's axes axes.first[k] and b's axes.second[k] are contracted.
Variable tensordot(const Variable& a, const Variable& b,
                   const std::pair<std::vector<int64_t>, std::vector<int64_t>>& axes);
/// F.bias(x, y, axis=1): x + y with y's shape equal to x.shape[axis:axis + y.ndim], broadcast over the rest.
Variable bias(const Variable& x, const Variable& y, int axis = 1);
/// F.scale(x, y, axis=1): x * y, y broadcast as in bias.
Variable scale(const Variable& x, const Variable& y, int axis = 1);
/// F.cumsum(x, axis=None): cumulative sum along axis (of the flattened x when None).
Variable cumsum(const Variable& x, std::optional<int> axis = std::nullopt);

}  // namespace functions
}  // namespace cnet
