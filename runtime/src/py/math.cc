// math.cc — Python's math module (math.h): the C library's results, checked as CPython checks them.
#include "cnet/py/math.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

#include "cnet/py/builtins.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace py {
namespace math {
namespace {

// CPython's rule for a function of one float: a NaN from a number is a domain error; an infinity from a finite
// number is an overflow where the function grows without bound (exp), else a pole (log(0)), a domain error.
double Checked(double x, double r, bool can_overflow) {
    if (std::isnan(r) && !std::isnan(x)) throw ValueError("math domain error");
    if (std::isinf(r) && std::isfinite(x)) {
        if (can_overflow) throw OverflowError("math range error");
        throw ValueError("math domain error");
    }
    return r;
}

// Wide enough to hold the square of a double exactly (106 bits) and a sum of such squares nearly so.
#if defined(__SIZEOF_FLOAT128__)
using Wide = __float128;
#else
using Wide = long double;  // exact where long double is IEEE quad (aarch64); else a little less than CPython's
#endif

bool OddMantissa(double x) {
    uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    return (bits & 1) != 0;
}

}  // namespace

double sqrt(double x) { return Checked(x, std::sqrt(x), false); }
double exp(double x) { return Checked(x, std::exp(x), true); }
double expm1(double x) { return Checked(x, std::expm1(x), true); }
double sin(double x) { return Checked(x, std::sin(x), false); }
double cos(double x) { return Checked(x, std::cos(x), false); }
double tan(double x) { return Checked(x, std::tan(x), false); }
double asin(double x) { return Checked(x, std::asin(x), false); }
double acos(double x) { return Checked(x, std::acos(x), false); }
double log2(double x) { return Checked(x, std::log2(x), false); }
double log10(double x) { return Checked(x, std::log10(x), false); }
double log1p(double x) { return Checked(x, std::log1p(x), false); }

double log(double x, std::optional<double> base) {
    const double num = Checked(x, std::log(x), false);
    if (!base) return num;
    const double den = Checked(*base, std::log(*base), false);
    if (den == 0) throw ZeroDivisionError("float division by zero");
    return num / den;
}

double pow(double x, double y) {
    const double r = std::pow(x, y);  // C99's special cases for infinities and NaN are Python's
    if (std::isfinite(x) && std::isfinite(y)) {
        if (std::isnan(r)) throw ValueError("math domain error");  // (-8) ** (1/3)
        if (std::isinf(r)) {
            if (x == 0) throw ValueError("math domain error");  // 0 ** -1
            throw OverflowError("math range error");
        }
    }
    return r;
}

int64_t floor(double x) { return to_int(std::floor(x)); }
int64_t ceil(double x) { return to_int(std::ceil(x)); }
int64_t trunc(double x) { return to_int(x); }

// The sum of squares, scaled so the largest coordinate is in [0.5, 1), is computed in Wide; a first root in double
// is then moved to the double nearest the exact root by comparing the sum with the squares of the midpoints between
// neighbouring doubles (exact in Wide: a midpoint has 54 bits).
double hypot(const std::vector<double>& coordinates) {
    double max = 0;
    bool nan = false;
    for (double c : coordinates) {
        const double a = std::fabs(c);
        if (std::isinf(a)) return a;
        if (std::isnan(a)) {
            nan = true;
        } else if (a > max) {
            max = a;
        }
    }
    if (nan) return std::numeric_limits<double>::quiet_NaN();
    if (max == 0 || coordinates.size() == 1) return max;
    int e = 0;
    std::frexp(max, &e);
    const Wide scale = static_cast<Wide>(std::ldexp(1.0, -e / 2)) * static_cast<Wide>(std::ldexp(1.0, -(e - e / 2)));
    Wide sum = 0;
    for (double c : coordinates) {
        const Wide v = static_cast<Wide>(std::fabs(c)) * scale;
        sum += v * v;
    }
    double h = std::sqrt(static_cast<double>(sum));
    auto midpoint_square = [](double a, double b) {
        const Wide m = (static_cast<Wide>(a) + static_cast<Wide>(b)) * static_cast<Wide>(0.5);
        return m * m;
    };
    for (;;) {  // down while the exact root is nearer the double below (ties to even)
        const double lo = std::nextafter(h, 0.0);
        const Wide m2 = midpoint_square(lo, h);
        if (sum < m2 || (sum == m2 && OddMantissa(h))) {
            h = lo;
        } else {
            break;
        }
    }
    for (;;) {  // up while it is nearer the double above
        const double hi = std::nextafter(h, std::numeric_limits<double>::infinity());
        const Wide m2 = midpoint_square(h, hi);
        if (sum > m2 || (sum == m2 && OddMantissa(h))) {
            h = hi;
        } else {
            break;
        }
    }
    return std::ldexp(h, e);
}

int64_t gcd(const std::vector<int64_t>& integers) {
    uint64_t g = 0;
    for (int64_t i : integers) {
        uint64_t a = i < 0 ? uint64_t{0} - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
        while (a != 0) {
            const uint64_t t = g % a;
            g = a;
            a = t;
        }
    }
    if (g > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        throw OverflowError("gcd() is 2**63, which does not fit in a 64-bit int (cnet's int)");
    }
    return static_cast<int64_t>(g);
}

bool isclose(double a, double b, double rel_tol, double abs_tol) {
    if (rel_tol < 0.0 || abs_tol < 0.0) throw ValueError("tolerances must be non-negative");
    if (a == b) return true;
    if (std::isinf(a) || std::isinf(b)) return false;
    const double diff = std::fabs(b - a);
    return diff <= std::fabs(rel_tol * b) || diff <= std::fabs(rel_tol * a) || diff <= abs_tol;
}

}  // namespace math
}  // namespace py
}  // namespace cnet
