// reduction.h — device-agnostic reduction kernels.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace kernels {

enum class ReduceOp { kSum, kProd, kMax, kMin, kAny, kAll };

/// Reduces x over `axes` (sorted, unique, normalized) into out, whose shape is x's shape with those axes
/// set to 1 (keepdims) or removed. out's dtype is the accumulation dtype chosen by the caller (bool for
/// any/all); x is read in its own dtype. max/min of an empty reduction throws ValueError.
void Reduce(ReduceOp op, const Array& x, const Dims& axes, const Array& out);
/// Index (int64) of the max/min along one axis; out has x's shape without `axis`.
void ArgReduce(bool is_max, const Array& x, int axis, const Array& out);
/// Cumulative sum along `axis` (out has x's shape).
void Cumsum(const Array& x, int axis, const Array& out);

}  // namespace kernels
}  // namespace cnet
