// math.h — differentiable elementwise math (chainer.functions.math): exponentials, logarithms, roots, trig and
// hyperbolic functions, binary maximum/minimum/arctan2/fmod/squared_difference, clip; and the
// non-differentiable sign/floor/ceil/fix. All differentiable ones support double backprop.
#pragma once

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.exp(x)
Variable exp(const Variable& x);
/// F.expm1(x): exp(x) - 1, accurate near 0.
Variable expm1(const Variable& x);
/// F.log(x): natural logarithm.
Variable log(const Variable& x);
/// F.log1p(x): log(1 + x), accurate near 0.
Variable log1p(const Variable& x);
/// F.log2(x)
Variable log2(const Variable& x);
/// F.log10(x)
Variable log10(const Variable& x);
/// F.sqrt(x): NaN for negative input.
Variable sqrt(const Variable& x);
/// F.rsqrt(x): 1 / sqrt(x).
Variable rsqrt(const Variable& x);
/// F.square(x): x * x.
Variable square(const Variable& x);
/// F.sin, F.cos, F.tan
Variable sin(const Variable& x);
Variable cos(const Variable& x);
Variable tan(const Variable& x);
/// F.arcsin, F.arccos, F.arctan
Variable arcsin(const Variable& x);
Variable arccos(const Variable& x);
Variable arctan(const Variable& x);
/// F.sinh, F.cosh
Variable sinh(const Variable& x);
Variable cosh(const Variable& x);
/// F.erf, F.erfc: the (complementary) error function.
Variable erf(const Variable& x);
Variable erfc(const Variable& x);

/// F.maximum(x1, x2): elementwise max; where x1 == x2 the gradient goes to x1 (as Chainer). Broadcasts.
Variable maximum(const Variable& x1, const Variable& x2);
/// F.minimum(x1, x2): elementwise min; where x1 == x2 the gradient goes to x1 (as Chainer). Broadcasts.
Variable minimum(const Variable& x1, const Variable& x2);
/// F.squared_difference(x1, x2): (x1 - x2) ** 2. Broadcasts.
Variable squared_difference(const Variable& x1, const Variable& x2);
/// F.arctan2(x1, x2): the angle of (x2, x1), in [-pi, pi]. Broadcasts.
Variable arctan2(const Variable& x1, const Variable& x2);
/// F.fmod(x, divisor): remainder with the sign of x (C's fmod). Broadcasts.
Variable fmod(const Variable& x, const Variable& divisor);
/// F.clip(x, x_min, x_max): the gradient passes where x_min <= x <= x_max. Requires x_min < x_max.
Variable clip(const Variable& x, double x_min, double x_max);

/// F.sign(x), F.floor(x), F.ceil(x), F.fix(x) (rounds towards zero): not differentiable; the result is a
/// constant Variable (its gradient is None, so the graph is cut).
Variable sign(const Variable& x);
Variable floor(const Variable& x);
Variable ceil(const Variable& x);
Variable fix(const Variable& x);

}  // namespace functions
}  // namespace cnet
