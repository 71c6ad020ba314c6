// basic_math.h — differentiable arithmetic (chainer.functions.math.basic_math): + - * / ** @, negation,
// absolute value, with NumPy broadcasting and Python scalars on either side; and the Variable operators.
#pragma once

#include "cnet/core/scalar.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.add(*xs): elementwise sum of any number of variables (broadcast).
Variable add(const VarList& xs);
Variable add(const Variable& a, const Variable& b);
Variable add(const Variable& a, Scalar b);
Variable sub(const Variable& a, const Variable& b);
Variable sub(const Variable& a, Scalar b);
Variable rsub(const Variable& a, Scalar b);  // b - a
Variable mul(const Variable& a, const Variable& b);
Variable mul(const Variable& a, Scalar b);
Variable div(const Variable& a, const Variable& b);
Variable div(const Variable& a, Scalar b);
Variable rdiv(const Variable& a, Scalar b);  // b / a
/// Floor division is not differentiable (Chainer returns a Variable without a creator).
Variable floordiv(const Variable& a, const Variable& b);
Variable floordiv(const Variable& a, Scalar b);
Variable pow(const Variable& a, const Variable& b);
Variable pow(const Variable& a, Scalar b);
Variable rpow(const Variable& a, Scalar b);  // b ** a
Variable neg(const Variable& x);
Variable absolute(const Variable& x);
/// F.matmul(a, b, transa=False, transb=False): numpy.matmul semantics (1-D, 2-D and stacked operands).
Variable matmul(const Variable& a, const Variable& b, bool transa = false, bool transb = false);

}  // namespace functions

Variable operator+(const Variable& a, const Variable& b);
Variable operator-(const Variable& a, const Variable& b);
Variable operator*(const Variable& a, const Variable& b);
Variable operator/(const Variable& a, const Variable& b);
Variable operator+(const Variable& a, Scalar b);
Variable operator-(const Variable& a, Scalar b);
Variable operator*(const Variable& a, Scalar b);
Variable operator/(const Variable& a, Scalar b);
Variable operator+(Scalar a, const Variable& b);
Variable operator-(Scalar a, const Variable& b);
Variable operator*(Scalar a, const Variable& b);
Variable operator/(Scalar a, const Variable& b);
Variable operator-(const Variable& x);
/// A Variable and a constant array: the array as a constant of the Variable's dtype, as Chainer's AddConstant,
/// SubFromConstant, MulConstant and DivFromConstant force it (float32 h + a float64 ndarray is float32).
Variable operator+(const Variable& a, const Array& b);
Variable operator-(const Variable& a, const Array& b);
Variable operator*(const Variable& a, const Array& b);
Variable operator/(const Variable& a, const Array& b);
Variable operator+(const Array& a, const Variable& b);
Variable operator-(const Array& a, const Variable& b);
Variable operator*(const Array& a, const Variable& b);
Variable operator/(const Array& a, const Variable& b);
/// Python's `x ** y` (C++ has no ** operator; generated code calls pow).
inline Variable pow(const Variable& a, const Variable& b) { return functions::pow(a, b); }
inline Variable pow(const Variable& a, Scalar b) { return functions::pow(a, b); }
inline Variable pow(Scalar a, const Variable& b) { return functions::rpow(b, a); }
/// Python's abs(x) and `a @ b`.
inline Variable abs(const Variable& x) { return functions::absolute(x); }
inline Variable matmul(const Variable& a, const Variable& b) { return functions::matmul(a, b); }

}  // namespace cnet
