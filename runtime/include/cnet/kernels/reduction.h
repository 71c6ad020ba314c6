// reduction.h — device-agnostic reduction kernels.
#pragma once

#include <vector>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

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

/// Products of "all the other elements" along axis 0 in dual numbers (Note [Prod gradient without division] in
/// functions/reduction_prod.cc): x, each of the k <= kMaxProductDirections directions in dirs, and out are C-contiguous (n, m) of
/// one float dtype; out[i, c] = T_i(x; dirs) of column c.
void ExclusiveProducts(const Array& x, const std::vector<Array>& dirs, const Array& out);
constexpr int kMaxProductDirections = 5;  // gradients of prod up to order 6; a dual number has 2^k coefficients

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct ReductionKernels {
    static constexpr const char* kFamily = "reduction";
    void (*reduce)(ReduceOp op, const Array& x, const Dims& axes, const Array& out) = nullptr;
    void (*arg_reduce)(bool is_max, const Array& x, int axis, const Array& out) = nullptr;
    void (*cumsum)(const Array& x, int axis, const Array& out) = nullptr;
    void (*exclusive_products)(const Array& x, const std::vector<Array>& dirs, const Array& out) = nullptr;
};

template <>
const ReductionKernels& NativeKernels<ReductionKernels>();

}  // namespace kernels
}  // namespace cnet
