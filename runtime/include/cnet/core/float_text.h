// float_text.h — a float as Python and NumPy print a scalar: the shortest digits that read back as the same value
// in its own precision, laid out as Python's repr(float) ("0.1", "15.0", "1e-05", "1e+16", "nan", "-inf").
#pragma once

#include <string>

#include "cnet/core/dtype.h"

namespace cnet {

/// `v` as repr() of a Python float (dtype float64), or as str()/repr() of a NumPy float32/float16 scalar (the
/// digits that round-trip in float32/float16: np.float32(0.1) is "0.1", np.float32(123456789) "123456790.0").
std::string ShortestFloatText(double v, Dtype dtype = Dtype::kFloat64);

/// The shortest significant digits that read back as finite `v` in `dtype`: v = ±0.d1d2... * 10^(exponent + 1),
/// i.e. "d1.d2d3...e<exponent>" (0 is digits "0", exponent 0).
struct FloatDigits {
    bool negative = false;
    std::string digits;  // no trailing zeros (but "0" for zero)
    int exponent = 0;
};
FloatDigits ShortestFloatDigits(double v, Dtype dtype = Dtype::kFloat64);

/// The digits laid out without an exponent: sign and integer part, and the fraction digits ("" for an integer).
struct PositionalText {
    std::string int_part, frac;
};
PositionalText Positional(const FloatDigits& d);

}  // namespace cnet
