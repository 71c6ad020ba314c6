// elementwise.h — device-agnostic elementwise kernels (dispatch to native/ or cuda/ by the output's device).
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

enum class UnaryOp {
    kNegative, kAbsolute, kSign, kExp, kExpm1, kExp2, kLog, kLog1p, kLog2, kLog10, kSqrt, kRsqrt, kSquare,
    kReciprocal, kTanh, kSigmoid, kRelu, kSin, kCos, kTan, kArcsin, kArccos, kArctan, kSinh, kCosh, kFloor, kCeil,
    kTrunc, kRint, kErf, kErfc, kLogicalNot, kIsnan, kIsinf, kIsfinite
};

enum class BinaryOp {
    kAdd, kSubtract, kMultiply, kDivide, kFloorDivide, kMod, kFmod, kPower, kMaximum, kMinimum, kArctan2,
    kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual, kLogicalAnd, kLogicalOr, kLogicalXor
};

const char* UnaryOpName(UnaryOp op);
const char* BinaryOpName(BinaryOp op);
/// Whether the op yields bool regardless of its input dtype.
bool IsPredicate(UnaryOp op);
bool IsComparison(BinaryOp op);

/// out = op(x). x's dtype is the compute dtype (never float16); out is x's dtype, or bool for predicates.
/// x is broadcast to out's shape.
void Unary(UnaryOp op, const Array& x, const Array& out);
/// out = op(a, b). a and b share the compute dtype; out has it too, or bool for comparisons/logical ops.
void Binary(BinaryOp op, const Array& a, const Array& b, const Array& out);
/// out = op(a, s) (or op(s, a) when scalar_first) with s converted to a's dtype.
void BinaryScalar(BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out);
/// out = cond ? a : b; cond is bool, a/b/out share a dtype.
void Where(const Array& cond, const Array& a, const Array& b, const Array& out);
/// out = min(max(x, lo), hi).
void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct ElementwiseKernels {
    static constexpr const char* kFamily = "elementwise";
    void (*unary)(UnaryOp op, const Array& x, const Array& out) = nullptr;
    void (*binary)(BinaryOp op, const Array& a, const Array& b, const Array& out) = nullptr;
    void (*binary_scalar)(BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out) = nullptr;
    void (*where)(const Array& cond, const Array& a, const Array& b, const Array& out) = nullptr;
    void (*clip)(const Array& x, Scalar lo, Scalar hi, const Array& out) = nullptr;
};

template <>
const ElementwiseKernels& NativeKernels<ElementwiseKernels>();

}  // namespace kernels
}  // namespace cnet
