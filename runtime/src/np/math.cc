// math.cc — NumPy elementwise routines: dtype promotion, broadcasting, float16 via float32, then a kernel.
#include "cnet/np/math.h"

#include <cmath>

namespace cnet {
namespace np {
namespace {

using kernels::BinaryOp;
using kernels::UnaryOp;

// float16 is a storage type: compute it in float32.
Dtype ComputeDtype(Dtype d) { return d == Dtype::kFloat16 ? Dtype::kFloat32 : d; }

bool NeedsFloat(UnaryOp op) {
    switch (op) {
        case UnaryOp::kNegative:
        case UnaryOp::kAbsolute:
        case UnaryOp::kSign:
        case UnaryOp::kSquare:
        case UnaryOp::kRelu:
        case UnaryOp::kFloor:
        case UnaryOp::kCeil:
        case UnaryOp::kTrunc:
        case UnaryOp::kLogicalNot:
        case UnaryOp::kIsnan:
        case UnaryOp::kIsinf:
        case UnaryOp::kIsfinite: return false;
        default: return true;
    }
}

// The dtype of the result before comparisons turn it into bool.
Dtype ArithmeticResult(BinaryOp op, Dtype promoted) {
    if ((op == BinaryOp::kDivide || op == BinaryOp::kArctan2) && !IsFloat(promoted)) return Dtype::kFloat64;
    return promoted;
}

Array Finish(const Array& out, Dtype result_dtype) {
    return out.dtype() == result_dtype ? out : out.astype(result_dtype);
}

}  // namespace

Array unary(UnaryOp op, const Array& x) {
    Dtype result = x.dtype();
    if (NeedsFloat(op) && !IsFloat(result)) result = Dtype::kFloat64;
    if (op == UnaryOp::kSign && result == Dtype::kBool) throw DtypeError("ufunc 'sign' not supported for bool");
    const Dtype compute = ComputeDtype(result);
    const Array xin = x.astype(compute, false);
    const bool predicate = kernels::IsPredicate(op);
    Array out = Array::Empty(x.shape(), predicate ? Dtype::kBool : compute, x.device());
    kernels::Unary(op, xin, out);
    return predicate ? out : Finish(out, result);
}

Array binary(BinaryOp op, const Array& a, const Array& b) {
    const Dtype promoted = PromoteTypes(a.dtype(), b.dtype());
    const Dtype result = ArithmeticResult(op, promoted);
    const Dtype compute = ComputeDtype(result);
    CNET_CHECK_AS(DeviceError, a.device() == b.device(), "incompatible devices in ", kernels::BinaryOpName(op), ": ",
                  a.device().ToString(), " and ", b.device().ToString());
    const Shape shape = BroadcastShapes(a.shape(), b.shape());
    const bool cmp = kernels::IsComparison(op);
    Array out = Array::Empty(shape, cmp ? Dtype::kBool : compute, a.device());
    kernels::Binary(op, a.astype(compute, false), b.astype(compute, false), out);
    return cmp ? out : Finish(out, result);
}

Array binary(BinaryOp op, const Array& a, Scalar b) {
    const Dtype promoted = PromoteWithScalar(a.dtype(), b.is_float());
    const Dtype result = ArithmeticResult(op, promoted);
    const Dtype compute = ComputeDtype(result);
    const bool cmp = kernels::IsComparison(op);
    Array out = Array::Empty(a.shape(), cmp ? Dtype::kBool : compute, a.device());
    kernels::BinaryScalar(op, a.astype(compute, false), b, false, out);
    return cmp ? out : Finish(out, result);
}

Array binary(BinaryOp op, Scalar a, const Array& b) {
    const Dtype promoted = PromoteWithScalar(b.dtype(), a.is_float());
    const Dtype result = ArithmeticResult(op, promoted);
    const Dtype compute = ComputeDtype(result);
    const bool cmp = kernels::IsComparison(op);
    Array out = Array::Empty(b.shape(), cmp ? Dtype::kBool : compute, b.device());
    kernels::BinaryScalar(op, b.astype(compute, false), a, true, out);
    return cmp ? out : Finish(out, result);
}

Array add(const Array& a, const Array& b) { return binary(BinaryOp::kAdd, a, b); }
Array subtract(const Array& a, const Array& b) { return binary(BinaryOp::kSubtract, a, b); }
Array multiply(const Array& a, const Array& b) { return binary(BinaryOp::kMultiply, a, b); }
Array divide(const Array& a, const Array& b) { return binary(BinaryOp::kDivide, a, b); }
Array true_divide(const Array& a, const Array& b) { return binary(BinaryOp::kDivide, a, b); }
Array floor_divide(const Array& a, const Array& b) { return binary(BinaryOp::kFloorDivide, a, b); }
Array mod(const Array& a, const Array& b) { return binary(BinaryOp::kMod, a, b); }
Array remainder(const Array& a, const Array& b) { return binary(BinaryOp::kMod, a, b); }
Array fmod(const Array& a, const Array& b) { return binary(BinaryOp::kFmod, a, b); }
Array power(const Array& a, const Array& b) { return binary(BinaryOp::kPower, a, b); }
Array power(const Array& a, Scalar b) { return binary(BinaryOp::kPower, a, b); }
Array maximum(const Array& a, const Array& b) { return binary(BinaryOp::kMaximum, a, b); }
Array minimum(const Array& a, const Array& b) { return binary(BinaryOp::kMinimum, a, b); }
Array arctan2(const Array& a, const Array& b) { return binary(BinaryOp::kArctan2, a, b); }
Array equal(const Array& a, const Array& b) { return binary(BinaryOp::kEqual, a, b); }
Array not_equal(const Array& a, const Array& b) { return binary(BinaryOp::kNotEqual, a, b); }
Array less(const Array& a, const Array& b) { return binary(BinaryOp::kLess, a, b); }
Array less_equal(const Array& a, const Array& b) { return binary(BinaryOp::kLessEqual, a, b); }
Array greater(const Array& a, const Array& b) { return binary(BinaryOp::kGreater, a, b); }
Array greater_equal(const Array& a, const Array& b) { return binary(BinaryOp::kGreaterEqual, a, b); }
Array logical_and(const Array& a, const Array& b) { return binary(BinaryOp::kLogicalAnd, a, b); }
Array logical_or(const Array& a, const Array& b) { return binary(BinaryOp::kLogicalOr, a, b); }
Array logical_xor(const Array& a, const Array& b) { return binary(BinaryOp::kLogicalXor, a, b); }
Array logical_not(const Array& x) { return unary(UnaryOp::kLogicalNot, x); }
Array isnan(const Array& x) { return unary(UnaryOp::kIsnan, x); }
Array isinf(const Array& x) { return unary(UnaryOp::kIsinf, x); }
Array isfinite(const Array& x) { return unary(UnaryOp::kIsfinite, x); }

Array negative(const Array& x) { return unary(UnaryOp::kNegative, x); }
Array absolute(const Array& x) { return unary(UnaryOp::kAbsolute, x); }
Array abs(const Array& x) { return unary(UnaryOp::kAbsolute, x); }
Array sign(const Array& x) { return unary(UnaryOp::kSign, x); }
Array square(const Array& x) { return unary(UnaryOp::kSquare, x); }
Array sqrt(const Array& x) { return unary(UnaryOp::kSqrt, x); }
Array exp(const Array& x) { return unary(UnaryOp::kExp, x); }
Array expm1(const Array& x) { return unary(UnaryOp::kExpm1, x); }
Array exp2(const Array& x) { return unary(UnaryOp::kExp2, x); }
Array log(const Array& x) { return unary(UnaryOp::kLog, x); }
Array log1p(const Array& x) { return unary(UnaryOp::kLog1p, x); }
Array log2(const Array& x) { return unary(UnaryOp::kLog2, x); }
Array log10(const Array& x) { return unary(UnaryOp::kLog10, x); }
Array reciprocal(const Array& x) { return unary(UnaryOp::kReciprocal, x); }
Array tanh(const Array& x) { return unary(UnaryOp::kTanh, x); }
Array sin(const Array& x) { return unary(UnaryOp::kSin, x); }
Array cos(const Array& x) { return unary(UnaryOp::kCos, x); }
Array tan(const Array& x) { return unary(UnaryOp::kTan, x); }
Array arcsin(const Array& x) { return unary(UnaryOp::kArcsin, x); }
Array arccos(const Array& x) { return unary(UnaryOp::kArccos, x); }
Array arctan(const Array& x) { return unary(UnaryOp::kArctan, x); }
Array sinh(const Array& x) { return unary(UnaryOp::kSinh, x); }
Array cosh(const Array& x) { return unary(UnaryOp::kCosh, x); }
Array floor(const Array& x) { return unary(UnaryOp::kFloor, x); }
Array ceil(const Array& x) { return unary(UnaryOp::kCeil, x); }
Array trunc(const Array& x) { return unary(UnaryOp::kTrunc, x); }
Array fix(const Array& x) { return unary(UnaryOp::kTrunc, x); }
Array rint(const Array& x) { return unary(UnaryOp::kRint, x); }

// NumPy's around: scaled by 10**decimals (divided for negative decimals) in a's own float dtype, rounded halves
// to even, scaled back; integers with negative decimals go through float64 and back (1250 to -2 is 1200).
Array round(const Array& a, int64_t decimals) {
    if (a.dtype() == Dtype::kBool) return round(a.astype(Dtype::kFloat16), decimals);
    const bool integer = !IsFloat(a.dtype());
    if (integer && decimals >= 0) return a.copy();
    if (decimals == 0) return rint(a);
    const Array x = integer ? a.astype(Dtype::kFloat64) : a;
    const Scalar f(std::pow(10.0, static_cast<double>(decimals > 0 ? decimals : -decimals)));
    const BinaryOp in = decimals > 0 ? BinaryOp::kMultiply : BinaryOp::kDivide;
    const BinaryOp back = decimals > 0 ? BinaryOp::kDivide : BinaryOp::kMultiply;
    const Array r = binary(back, rint(binary(in, x, f)), f);
    return integer ? r.astype(a.dtype()) : r;
}
Array erf(const Array& x) { return unary(UnaryOp::kErf, x); }
Array erfc(const Array& x) { return unary(UnaryOp::kErfc, x); }

Array where(const Array& cond, const Array& a, const Array& b) {
    const Dtype result = PromoteTypes(a.dtype(), b.dtype());
    const Dtype compute = ComputeDtype(result);
    const Shape shape = BroadcastShapes(cond.shape(), BroadcastShapes(a.shape(), b.shape()));
    Array out = Array::Empty(shape, compute, a.device());
    kernels::Where(cond.astype(Dtype::kBool, false), a.astype(compute, false), b.astype(compute, false), out);
    return Finish(out, result);
}

Array where(const Array& cond, Scalar a, const Array& b) {
    return where(cond, Array::Full(Shape{}, a, PromoteWithScalar(b.dtype(), a.is_float()), b.device()), b);
}

Array where(const Array& cond, const Array& a, Scalar b) {
    return where(cond, a, Array::Full(Shape{}, b, PromoteWithScalar(a.dtype(), b.is_float()), a.device()));
}

// NumPy's minimum(maximum(x, lo), hi): the dtype is x's promoted with the Python scalars (an int array clipped to
// float bounds is float64), and lo > hi gives hi everywhere.
Array clip(const Array& x, Scalar lo, Scalar hi) {
    Dtype result = x.dtype();
    for (const Scalar& bound : {lo, hi}) {
        if (!bound.is_bool()) result = PromoteWithScalar(result, bound.is_float());
    }
    if (lo.to_double() > hi.to_double()) lo = hi;
    const Dtype compute = ComputeDtype(result);
    Array out = Array::Empty(x.shape(), compute, x.device());
    kernels::Clip(x.astype(compute, false), lo, hi, out);
    return Finish(out, result);
}

bool allclose(const Array& a, const Array& b, double rtol, double atol, bool equal_nan) {
    const Shape shape = BroadcastShapes(a.shape(), b.shape());
    // A yes/no answer for the host: the values are brought there (to_vector copies from any device).
    const std::vector<double> px = a.broadcast_to(shape).to_vector<double>();
    const std::vector<double> py = b.broadcast_to(shape).to_vector<double>();
    for (size_t i = 0; i < px.size(); ++i) {
        if (std::isnan(px[i]) || std::isnan(py[i])) {
            if (!(equal_nan && std::isnan(px[i]) && std::isnan(py[i]))) return false;
            continue;
        }
        if (px[i] == py[i]) continue;  // equal infinities
        if (!(std::fabs(px[i] - py[i]) <= atol + rtol * std::fabs(py[i]))) return false;
    }
    return true;
}

bool array_equal(const Array& a, const Array& b) {
    if (a.shape() != b.shape()) return false;
    const Array eq = equal(a, b);
    for (bool v : eq.to_vector<bool>())
        if (!v) return false;
    return true;
}

namespace {

// numpy.can_cast(from, to, 'same_kind'): a safe cast, or one within a kind (float64 to float32).
bool SameKindCast(Dtype from, Dtype to) {
    auto kind = [](Dtype d) { return d == Dtype::kBool ? 0 : IsInteger(d) ? 1 : 2; };
    if (kind(from) != kind(to)) return kind(from) < kind(to);
    return !(to == Dtype::kUint8 && from != Dtype::kUint8);  // signed integers into unsigned are not
}

// The NumPy ufunc behind an in-place operator, as its casting error names it.
std::string UfuncOf(const std::string& op) {
    static const std::pair<const char*, const char*> kNames[] = {
        {"+=", "add"},         {"-=", "subtract"},  {"*=", "multiply"},    {"/=", "divide"},
        {"//=", "floor_divide"}, {"%=", "remainder"}, {"**=", "power"},      {"@=", "matmul"},
        {"&=", "bitwise_and"}, {"|=", "bitwise_or"}, {"^=", "bitwise_xor"}};
    for (const auto& [spelling, name] : kNames)
        if (op == spelling) return name;
    return op;
}

}  // namespace

Array InPlace(const Array& target, const Array& result, const char* op) {
    if (target.ndim() == 0) return result;
    CNET_CHECK_AS(DtypeError, SameKindCast(result.dtype(), target.dtype()), "Cannot cast ufunc '", UfuncOf(op),
                  "' output from dtype('", DtypeName(result.dtype()), "') to dtype('", DtypeName(target.dtype()),
                  "') with casting rule 'same_kind'");
    CNET_CHECK_AS(ValueError, BroadcastShapes(target.shape(), result.shape()) == target.shape(),
                  "non-broadcastable output operand with shape ", target.shape(), " doesn't match the broadcast shape ",
                  result.shape());
    Array out = target;
    out.assign(result);
    return target;
}

}  // namespace np

Array operator+(const Array& a, const Array& b) { return np::add(a, b); }
Array operator-(const Array& a, const Array& b) { return np::subtract(a, b); }
Array operator*(const Array& a, const Array& b) { return np::multiply(a, b); }
Array operator/(const Array& a, const Array& b) { return np::divide(a, b); }
Array operator%(const Array& a, const Array& b) { return np::mod(a, b); }
Array operator+(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kAdd, a, b); }
Array operator-(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kSubtract, a, b); }
Array operator*(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kMultiply, a, b); }
Array operator/(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kDivide, a, b); }
Array operator%(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kMod, a, b); }
Array operator+(Scalar a, const Array& b) { return np::binary(kernels::BinaryOp::kAdd, a, b); }
Array operator-(Scalar a, const Array& b) { return np::binary(kernels::BinaryOp::kSubtract, a, b); }
Array operator*(Scalar a, const Array& b) { return np::binary(kernels::BinaryOp::kMultiply, a, b); }
Array operator/(Scalar a, const Array& b) { return np::binary(kernels::BinaryOp::kDivide, a, b); }
Array operator-(const Array& a) { return np::negative(a); }
Array operator==(const Array& a, const Array& b) { return np::equal(a, b); }
Array operator!=(const Array& a, const Array& b) { return np::not_equal(a, b); }
Array operator<(const Array& a, const Array& b) { return np::less(a, b); }
Array operator<=(const Array& a, const Array& b) { return np::less_equal(a, b); }
Array operator>(const Array& a, const Array& b) { return np::greater(a, b); }
Array operator>=(const Array& a, const Array& b) { return np::greater_equal(a, b); }
Array operator==(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kEqual, a, b); }
Array operator!=(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kNotEqual, a, b); }
Array operator<(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kLess, a, b); }
Array operator<=(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kLessEqual, a, b); }
Array operator>(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kGreater, a, b); }
Array operator>=(const Array& a, Scalar b) { return np::binary(kernels::BinaryOp::kGreaterEqual, a, b); }
Array operator&(const Array& a, const Array& b) { return np::logical_and(a, b); }
Array operator|(const Array& a, const Array& b) { return np::logical_or(a, b); }
Array operator~(const Array& a) { return np::logical_not(a); }

namespace {
// NumPy's in-place ops keep a's dtype and memory (casting the result back, "same_kind" rules aside).
Array& InPlace(Array& a, const Array& result) {
    a.assign(result);
    return a;
}

// Gradient accumulation runs `a += b` on every backward: when nothing can alias or change dtype, compute straight
// into a's memory instead of into a temporary that is then copied back. float16 takes np::binary (computed in
// float32).
bool CanComputeInPlace(const Array& a, const Array& b) {
    return a.is_contiguous() && np::ComputeDtype(a.dtype()) == a.dtype() && IsFloat(a.dtype()) && a.dtype() == b.dtype() &&
           a.shape() == b.shape() &&
           a.device().is_cpu() && b.device().is_cpu() && a.storage() != b.storage();
}
Array& InPlaceBinary(kernels::BinaryOp op, Array& a, const Array& b) {
    if (CanComputeInPlace(a, b)) {
        kernels::Binary(op, a, b, a);
        return a;
    }
    return InPlace(a, np::binary(op, a, b));
}
}  // namespace

Array& operator+=(Array& a, const Array& b) { return InPlaceBinary(kernels::BinaryOp::kAdd, a, b); }
Array& operator-=(Array& a, const Array& b) { return InPlaceBinary(kernels::BinaryOp::kSubtract, a, b); }
Array& operator*=(Array& a, const Array& b) { return InPlaceBinary(kernels::BinaryOp::kMultiply, a, b); }
Array& operator/=(Array& a, const Array& b) { return InPlaceBinary(kernels::BinaryOp::kDivide, a, b); }
Array& operator+=(Array& a, Scalar b) { return InPlace(a, a + b); }
Array& operator-=(Array& a, Scalar b) { return InPlace(a, a - b); }
Array& operator*=(Array& a, Scalar b) { return InPlace(a, a * b); }
Array& operator/=(Array& a, Scalar b) { return InPlace(a, a / b); }

}  // namespace cnet
