// math.h — NumPy elementwise routines on Arrays (dtype promotion and broadcasting as NumPy does),
// plus Array operators. `np::exp(x)` in a .cnet program calls np::exp here.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/elementwise.h"

namespace cnet {
namespace np {

/// Shared entry points (also used by the functions layer).
Array unary(kernels::UnaryOp op, const Array& x);
Array binary(kernels::BinaryOp op, const Array& a, const Array& b);
Array binary(kernels::BinaryOp op, const Array& a, Scalar b);
Array binary(kernels::BinaryOp op, Scalar a, const Array& b);

// Arithmetic
Array add(const Array& a, const Array& b);
Array subtract(const Array& a, const Array& b);
Array multiply(const Array& a, const Array& b);
Array divide(const Array& a, const Array& b);  // true division (ints -> float64)
Array true_divide(const Array& a, const Array& b);
Array floor_divide(const Array& a, const Array& b);
Array mod(const Array& a, const Array& b);
Array remainder(const Array& a, const Array& b);
Array fmod(const Array& a, const Array& b);
Array power(const Array& a, const Array& b);
Array power(const Array& a, Scalar b);
Array maximum(const Array& a, const Array& b);
Array minimum(const Array& a, const Array& b);
Array arctan2(const Array& a, const Array& b);

// Comparisons and logic (bool results)
Array equal(const Array& a, const Array& b);
Array not_equal(const Array& a, const Array& b);
Array less(const Array& a, const Array& b);
Array less_equal(const Array& a, const Array& b);
Array greater(const Array& a, const Array& b);
Array greater_equal(const Array& a, const Array& b);
Array logical_and(const Array& a, const Array& b);
Array logical_or(const Array& a, const Array& b);
Array logical_xor(const Array& a, const Array& b);
Array logical_not(const Array& x);
Array isnan(const Array& x);
Array isinf(const Array& x);
Array isfinite(const Array& x);

// Unary math (int inputs are computed in float64, float16 in float32 and stored back as float16)
Array negative(const Array& x);
Array absolute(const Array& x);
Array abs(const Array& x);
Array sign(const Array& x);
Array square(const Array& x);
Array sqrt(const Array& x);
Array exp(const Array& x);
Array expm1(const Array& x);
Array exp2(const Array& x);
Array log(const Array& x);
Array log1p(const Array& x);
Array log2(const Array& x);
Array log10(const Array& x);
Array reciprocal(const Array& x);
Array tanh(const Array& x);
Array sin(const Array& x);
Array cos(const Array& x);
Array tan(const Array& x);
Array arcsin(const Array& x);
Array arccos(const Array& x);
Array arctan(const Array& x);
Array sinh(const Array& x);
Array cosh(const Array& x);
Array floor(const Array& x);
Array ceil(const Array& x);
Array trunc(const Array& x);
Array fix(const Array& x);
/// np.rint: the nearest integer, halves to even (2.5 -> 2.0); integers give float64, as NumPy's.
Array rint(const Array& x);
/// np.round / np.around / a.round(decimals): NumPy's around (halves to even at the given decimal; integers are
/// unchanged for decimals >= 0 and rounded to tens, hundreds, ... for negative ones; bool gives float16).
Array round(const Array& a, int64_t decimals = 0);
Array erf(const Array& x);
Array erfc(const Array& x);

/// cond ? a : b with broadcasting; a and b are promoted to a common dtype.
Array where(const Array& cond, const Array& a, const Array& b);
Array where(const Array& cond, Scalar a, const Array& b);
Array where(const Array& cond, const Array& a, Scalar b);
Array clip(const Array& x, Scalar lo, Scalar hi);

/// True when every element of a and b are close: |a - b| <= atol + rtol * |b| (NaNs unequal unless equal_nan).
bool allclose(const Array& a, const Array& b, double rtol = 1e-05, double atol = 1e-08, bool equal_nan = false);
bool array_equal(const Array& a, const Array& b);

/// `target op= value` with an ndarray target: `result` (target op value) is written into the target's own memory,
/// as NumPy's in-place operators do, so views and other references see it and the dtype stays (cast with
/// 'same_kind': a float result into an integer array is NumPy's casting TypeError); returns the target. A 0-d
/// target stands for a NumPy scalar, which is immutable: the result itself is returned, to be bound instead.
Array InPlace(const Array& target, const Array& result, const char* op);

}  // namespace np

// ---- Array operators (NumPy semantics)
Array operator+(const Array& a, const Array& b);
Array operator-(const Array& a, const Array& b);
Array operator*(const Array& a, const Array& b);
Array operator/(const Array& a, const Array& b);
Array operator%(const Array& a, const Array& b);
Array operator+(const Array& a, Scalar b);
Array operator-(const Array& a, Scalar b);
Array operator*(const Array& a, Scalar b);
Array operator/(const Array& a, Scalar b);
Array operator%(const Array& a, Scalar b);
Array operator+(Scalar a, const Array& b);
Array operator-(Scalar a, const Array& b);
Array operator*(Scalar a, const Array& b);
Array operator/(Scalar a, const Array& b);
Array operator-(const Array& a);
Array operator==(const Array& a, const Array& b);
Array operator!=(const Array& a, const Array& b);
Array operator<(const Array& a, const Array& b);
Array operator<=(const Array& a, const Array& b);
Array operator>(const Array& a, const Array& b);
Array operator>=(const Array& a, const Array& b);
Array operator==(const Array& a, Scalar b);
Array operator!=(const Array& a, Scalar b);
Array operator<(const Array& a, Scalar b);
Array operator<=(const Array& a, Scalar b);
Array operator>(const Array& a, Scalar b);
Array operator>=(const Array& a, Scalar b);
Array operator&(const Array& a, const Array& b);
Array operator|(const Array& a, const Array& b);
Array operator~(const Array& a);
/// In-place arithmetic writes into a's memory (NumPy's a += b); b is broadcast to a's shape.
Array& operator+=(Array& a, const Array& b);
Array& operator-=(Array& a, const Array& b);
Array& operator*=(Array& a, const Array& b);
Array& operator/=(Array& a, const Array& b);
Array& operator+=(Array& a, Scalar b);
Array& operator-=(Array& a, Scalar b);
Array& operator*=(Array& a, Scalar b);
Array& operator/=(Array& a, Scalar b);

}  // namespace cnet
