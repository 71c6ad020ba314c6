// elementwise.cc — the elementwise entry points: op names, and dispatch to the arrays' backend.
#include "cnet/kernels/elementwise.h"

namespace cnet {
namespace kernels {

const char* UnaryOpName(UnaryOp op) {
    static const char* const names[] = {
        "negative", "absolute", "sign", "exp", "expm1", "exp2", "log", "log1p", "log2", "log10", "sqrt", "rsqrt",
        "square", "reciprocal", "tanh", "sigmoid", "relu", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
        "cosh", "floor", "ceil", "trunc", "rint", "erf", "erfc", "logical_not", "isnan", "isinf", "isfinite"};
    return names[static_cast<int>(op)];
}

const char* BinaryOpName(BinaryOp op) {
    static const char* const names[] = {"add", "subtract", "multiply", "divide", "floor_divide", "remainder",
                                        "fmod", "power", "maximum", "minimum", "arctan2", "equal", "not_equal",
                                        "less", "less_equal", "greater", "greater_equal", "logical_and",
                                        "logical_or", "logical_xor"};
    return names[static_cast<int>(op)];
}

bool IsPredicate(UnaryOp op) {
    return op == UnaryOp::kLogicalNot || op == UnaryOp::kIsnan || op == UnaryOp::kIsinf || op == UnaryOp::kIsfinite;
}

bool IsComparison(BinaryOp op) { return op >= BinaryOp::kEqual; }

void Unary(UnaryOp op, const Array& x, const Array& out) {
    Dispatch(&ElementwiseKernels::unary, "Unary", {&x, &out}, op, x, out);
}

void Binary(BinaryOp op, const Array& a, const Array& b, const Array& out) {
    Dispatch(&ElementwiseKernels::binary, "Binary", {&a, &b, &out}, op, a, b, out);
}

void BinaryScalar(BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out) {
    Dispatch(&ElementwiseKernels::binary_scalar, "BinaryScalar", {&a, &out}, op, a, s, scalar_first, out);
}

void Where(const Array& cond, const Array& a, const Array& b, const Array& out) {
    Dispatch(&ElementwiseKernels::where, "Where", {&cond, &a, &b, &out}, cond, a, b, out);
}

void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out) {
    Dispatch(&ElementwiseKernels::clip, "Clip", {&x, &out}, x, lo, hi, out);
}

}  // namespace kernels
}  // namespace cnet
