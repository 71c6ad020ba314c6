// math_internal.h — helpers shared by the math, activation and reduction function files (not public API).
#pragma once

#include "cnet/core/array.h"
#include "cnet/core/axis.h"
#include "cnet/core/function_node.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace internal {

/// g * mask, where `mask` is a constant bool array and g is broadcast to the mask's shape (the result has
/// the broadcast shape of both). Differentiable in g: the map is its own adjoint (summed back to g's shape),
/// which is what the gradients of max, clip, maximum, ELU, ... need at every order.
Variable MaskMultiply(const Variable& g, const Array& mask);

/// The keepdims shape of reducing `shape` over the normalized `axes` (reduced axes become 1).
Shape KeepdimsShape(const Shape& shape, const Dims& axes);

/// Chainer's axis check of softmax and the reductions: expect(axis < in_types[0].ndim) for axis >= 0 and
/// expect(-axis - 1 < in_types[0].ndim) otherwise, e.g. "Expect: 2 < in_types[0].ndim\nActual: 2 >= 2".
void ExpectAxisInRange(const char* label, int64_t axis, int ndim);

/// Broadcasts a reduction's output gradient gy (shape with or without the reduced axes) back to `shape`.
Variable BroadcastReduced(const Variable& gy, const Shape& shape, const Dims& axes);

/// Base of the axis reductions (Sum, Max, Min, Prod, LogSumExp): Chainer's float and axis-range checks, and
/// the normalized axes (set by NormalizeAxes() in forward).
class AxisReduction : public FunctionNode {
public:
    AxisReduction(const char* label, const OptionalAxis& axis, bool keepdims)
        : label_(label), axis_(axis), keepdims_(keepdims) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override;

protected:
    void NormalizeAxes(const Array& x) { axes_ = axis_.Normalize(x.ndim()); }

    const char* label_;
    OptionalAxis axis_;
    bool keepdims_;
    Dims axes_;
};

}  // namespace internal
}  // namespace cnet
