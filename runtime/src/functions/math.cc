// math.cc — unary elementwise math nodes (exp, log, sqrt, square, trig, ...): forward is one np:: ufunc,
// backward is gy times the derivative written with differentiable functions (so double backprop works).
#include "cnet/functions/math.h"

#include <cmath>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/basic_math.h"
#include "cnet/np/math.h"

namespace cnet {
namespace functions {
namespace {

using kernels::UnaryOp;

const char* Label(UnaryOp op) {
    switch (op) {
        case UnaryOp::kExp: return "Exp";
        case UnaryOp::kExpm1: return "Expm1";
        case UnaryOp::kLog: return "Log";
        case UnaryOp::kLog1p: return "Log1p";
        case UnaryOp::kLog2: return "Log2";
        case UnaryOp::kLog10: return "Log10";
        case UnaryOp::kSqrt: return "Sqrt";
        case UnaryOp::kSquare: return "Square";
        case UnaryOp::kSin: return "Sin";
        case UnaryOp::kCos: return "Cos";
        case UnaryOp::kTan: return "Tan";
        case UnaryOp::kArcsin: return "Arcsin";
        case UnaryOp::kArccos: return "Arccos";
        case UnaryOp::kArctan: return "Arctan";
        case UnaryOp::kSinh: return "Sinh";
        case UnaryOp::kCosh: return "Cosh";
        case UnaryOp::kErf: return "Erf";
        case UnaryOp::kErfc: return "Erfc";
        default: return kernels::UnaryOpName(op);
    }
}

// Whether the derivative is cheapest from the output (exp, expm1, sqrt, tan) rather than the input.
bool FromOutput(UnaryOp op) {
    return op == UnaryOp::kExp || op == UnaryOp::kExpm1 || op == UnaryOp::kSqrt || op == UnaryOp::kTan;
}

const double kLn2 = 0.69314718055994530942, kLn10 = 2.30258509299404568402;
const double kTwoOverSqrtPi = 1.12837916709551257390;

// gy * f'(v), v being the output y for FromOutput ops and the input x otherwise.
Variable Grad(UnaryOp op, const Variable& v, const Variable& gy) {
    switch (op) {
        case UnaryOp::kExp: return mul(gy, v);
        case UnaryOp::kExpm1: return mul(gy, add(v, Scalar(1.0)));  // y + 1 = exp(x)
        case UnaryOp::kLog: return div(gy, v);
        case UnaryOp::kLog1p: return div(gy, add(v, Scalar(1.0)));
        case UnaryOp::kLog2: return div(gy, mul(v, Scalar(kLn2)));
        case UnaryOp::kLog10: return div(gy, mul(v, Scalar(kLn10)));
        case UnaryOp::kSqrt: return div(gy, mul(v, Scalar(2.0)));
        case UnaryOp::kSquare: return mul(gy, mul(v, Scalar(2.0)));
        case UnaryOp::kSin: return mul(gy, cos(v));
        case UnaryOp::kCos: return mul(gy, neg(sin(v)));
        case UnaryOp::kTan: return mul(gy, add(square(v), Scalar(1.0)));  // 1 + y^2 = 1 / cos(x)^2
        case UnaryOp::kArcsin: return div(gy, sqrt(rsub(square(v), Scalar(1.0))));
        case UnaryOp::kArccos: return neg(div(gy, sqrt(rsub(square(v), Scalar(1.0)))));
        case UnaryOp::kArctan: return div(gy, add(square(v), Scalar(1.0)));
        case UnaryOp::kSinh: return mul(gy, cosh(v));
        case UnaryOp::kCosh: return mul(gy, sinh(v));
        case UnaryOp::kErf: return mul(gy, mul(exp(neg(square(v))), Scalar(kTwoOverSqrtPi)));
        case UnaryOp::kErfc: return mul(gy, mul(exp(neg(square(v))), Scalar(-kTwoOverSqrtPi)));
        default: throw Error(internal::StrCat("internal: no derivative for ", kernels::UnaryOpName(op)));
    }
}

class UnaryMath : public FunctionNode {
public:
    explicit UnaryMath(UnaryOp op) : op_(op) {}
    const char* label() const override { return Label(op_); }
    void check_type_forward(const ArrayList& in) const override { type_check::ExpectFloat(label(), in, 0); }
    ArrayList forward(const ArrayList& in) override {
        if (FromOutput(op_)) retain_outputs({0});
        else retain_inputs({0});
        return {np::unary(op_, in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable v = FromOutput(op_) ? get_retained_outputs()[0] : get_retained_inputs()[0];
        return {Grad(op_, v, gy[0])};
    }

private:
    UnaryOp op_;
};

Variable Unary(UnaryOp op, const Variable& x) { return Apply1<UnaryMath>({x}, op); }

// sign, floor, ceil, fix: Chainer returns the raw result as a constant variable.
Variable Constant(UnaryOp op, const Variable& x) { return Variable(np::unary(op, x.array()), false); }

}  // namespace

Variable exp(const Variable& x) { return Unary(UnaryOp::kExp, x); }
Variable expm1(const Variable& x) { return Unary(UnaryOp::kExpm1, x); }
Variable log(const Variable& x) { return Unary(UnaryOp::kLog, x); }
Variable log1p(const Variable& x) { return Unary(UnaryOp::kLog1p, x); }
Variable log2(const Variable& x) { return Unary(UnaryOp::kLog2, x); }
Variable log10(const Variable& x) { return Unary(UnaryOp::kLog10, x); }
Variable sqrt(const Variable& x) { return Unary(UnaryOp::kSqrt, x); }
// As Chainer: 1 / sqrt(x), so type errors name Sqrt.
Variable rsqrt(const Variable& x) { return rdiv(sqrt(x), Scalar(1.0)); }
Variable square(const Variable& x) { return Unary(UnaryOp::kSquare, x); }
Variable sin(const Variable& x) { return Unary(UnaryOp::kSin, x); }
Variable cos(const Variable& x) { return Unary(UnaryOp::kCos, x); }
Variable tan(const Variable& x) { return Unary(UnaryOp::kTan, x); }
Variable arcsin(const Variable& x) { return Unary(UnaryOp::kArcsin, x); }
Variable arccos(const Variable& x) { return Unary(UnaryOp::kArccos, x); }
Variable arctan(const Variable& x) { return Unary(UnaryOp::kArctan, x); }
Variable sinh(const Variable& x) { return Unary(UnaryOp::kSinh, x); }
Variable cosh(const Variable& x) { return Unary(UnaryOp::kCosh, x); }
Variable erf(const Variable& x) { return Unary(UnaryOp::kErf, x); }
Variable erfc(const Variable& x) { return Unary(UnaryOp::kErfc, x); }

Variable sign(const Variable& x) { return Constant(UnaryOp::kSign, x); }
Variable floor(const Variable& x) { return Constant(UnaryOp::kFloor, x); }
Variable ceil(const Variable& x) { return Constant(UnaryOp::kCeil, x); }
Variable fix(const Variable& x) { return Constant(UnaryOp::kTrunc, x); }

}  // namespace functions
}  // namespace cnet
