// array.h — differentiable array manipulation (chainer.functions.array): reshape, transpose,
// broadcast_to, sum_to, ...
#pragma once

#include "cnet/core/axis.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.reshape(x, shape): one dimension may be -1.
Variable reshape(const Variable& x, const Shape& shape);
/// F.transpose(x, axes=None): reverses the axes by default.
Variable transpose(const Variable& x, const OptionalAxis& axes = {});
/// F.broadcast_to(x, shape): the gradient sums over the broadcast axes.
Variable broadcast_to(const Variable& x, const Shape& shape);
/// F.sum_to(x, shape): sums x down to `shape` (the inverse of broadcast_to).
Variable sum_to(const Variable& x, const Shape& shape);

}  // namespace functions
}  // namespace cnet
