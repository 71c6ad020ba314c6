// math.h — Python's math module for generated code, with CPython's errors where the C library answers silently:
// ValueError("math domain error") for a NaN from a number or a pole (log(0), sqrt(-1), cos(inf)), OverflowError
// ("math range error") for a finite argument whose result overflows (exp(1000)). The functions that cannot fail
// (tanh, atan, atan2, fabs, erf, isnan, ...) are std:: functions in their surface rows.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace cnet {
namespace py {
namespace math {

double sqrt(double x);
double exp(double x);
double expm1(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double asin(double x);
double acos(double x);
/// log(x) or log(x, base): log(x) / log(base), ZeroDivisionError for base 1 (as CPython divides).
double log(double x, std::optional<double> base = std::nullopt);
double log2(double x);
double log10(double x);
double log1p(double x);
/// x ** y as math.pow: float always; 0 ** negative and a negative base to a fractional power are domain errors.
double pow(double x, double y);
/// floor, ceil and trunc give an int (ValueError for NaN, OverflowError for infinity, as int() of them).
int64_t floor(double x);
int64_t ceil(double x);
int64_t trunc(double x);
/// hypot(*coordinates): the Euclidean norm, correctly rounded as CPython 3.11's (glibc's hypot differs in the last
/// bit of about one result in a thousand); infinity wins over NaN.
double hypot(const std::vector<double>& coordinates);
template <typename... X, std::enable_if_t<(std::is_arithmetic_v<X> && ...), int> = 0>
double hypot(X... coordinates) {
    return hypot(std::vector<double>{static_cast<double>(coordinates)...});
}
/// gcd(*integers): non-negative; gcd() is 0. OverflowError where it is 2**63 (gcd of -2**63 and 0), past cnet's int.
int64_t gcd(const std::vector<int64_t>& integers);
template <typename... I, std::enable_if_t<(std::is_integral_v<I> && ...), int> = 0>
int64_t gcd(I... integers) {
    return gcd(std::vector<int64_t>{static_cast<int64_t>(integers)...});
}
/// gcd(*xs) of another sequence of ints (a tuple unpacked as a shape: Note [Unpacking a shape]).
template <typename Ints, typename = decltype(std::begin(std::declval<const Ints&>()))>
int64_t gcd(const Ints& integers) {
    return gcd(std::vector<int64_t>(std::begin(integers), std::end(integers)));
}
/// isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): ValueError for a negative tolerance; infinities are close only to
/// themselves, NaN to nothing.
bool isclose(double a, double b, double rel_tol = 1e-09, double abs_tol = 0.0);

}  // namespace math
}  // namespace py
}  // namespace cnet
