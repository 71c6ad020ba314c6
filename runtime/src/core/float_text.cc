// float_text.cc — ShortestFloatText: shortest round-trip digits (std::to_chars for float64 and float32, a search
// over precisions for float16), then Python's repr layout: positional for exponents -4..15, else d.ddde+XX.
#include "cnet/core/float_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "cnet/core/half.h"

namespace cnet {
namespace {

// "-1.2345e-05" style text of the shortest digits that read back as `v` in `dtype`.
std::string ShortestScientific(double v, Dtype dtype) {
    char buf[64];
    if (dtype == Dtype::kFloat16) {
        const float want = static_cast<float>(Half(v));
        for (int precision = 0; precision < 8; ++precision) {
            std::snprintf(buf, sizeof(buf), "%.*e", precision, static_cast<double>(want));
            if (static_cast<float>(Half(std::strtod(buf, nullptr))) == want) return buf;
        }
        return buf;
    }
    auto res = dtype == Dtype::kFloat32
                   ? std::to_chars(buf, buf + sizeof(buf), static_cast<float>(v), std::chars_format::scientific)
                   : std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
    return std::string(buf, res.ptr);
}

}  // namespace

FloatDigits ShortestFloatDigits(double v, Dtype dtype) {
    FloatDigits d;
    d.negative = std::signbit(v);
    if (v == 0) {
        d.digits = "0";
        return d;
    }
    std::string sci = ShortestScientific(v, dtype);
    if (sci[0] == '-') sci.erase(0, 1);
    const size_t epos = sci.find('e');
    d.digits = sci.substr(0, epos);
    d.exponent = std::atoi(sci.c_str() + epos + 1);
    d.digits.erase(std::remove(d.digits.begin(), d.digits.end(), '.'), d.digits.end());
    while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();  // "%.1e" may leave "1.0e+00"
    return d;
}

PositionalText Positional(const FloatDigits& d) {
    const std::string sign = d.negative ? "-" : "";
    const int n = static_cast<int>(d.digits.size());
    if (d.exponent < 0) return {sign + "0", std::string(-d.exponent - 1, '0') + d.digits};
    if (n <= d.exponent + 1) return {sign + d.digits + std::string(d.exponent + 1 - n, '0'), ""};
    return {sign + d.digits.substr(0, d.exponent + 1), d.digits.substr(d.exponent + 1)};
}

std::string ShortestFloatText(double v, Dtype dtype) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
    const FloatDigits d = ShortestFloatDigits(v, dtype);
    const bool negative = d.negative;
    const std::string& digits = d.digits;
    const int exp = d.exponent;
    std::string out;
    if (exp >= -4 && exp < 16) {
        const PositionalText p = Positional(FloatDigits{false, digits, exp});
        out = p.int_part + "." + (p.frac.empty() ? "0" : p.frac);
    } else {
        out = digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        char e[16];
        std::snprintf(e, sizeof(e), "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
        out += e;
    }
    return negative ? "-" + out : out;
}

}  // namespace cnet
