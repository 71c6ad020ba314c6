// builtins.cc — the non-template Python builtins: string conversions, slices, bool(array).
#include "cnet/py/builtins.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "cnet/core/utf8.h"
#include "cnet/np/math.h"

namespace cnet {
namespace py {

int64_t to_int(const std::string& s) {
    size_t pos = 0;
    int64_t v = 0;
    try {
        v = std::stoll(s, &pos, 10);
    } catch (const std::exception&) {
        pos = 0;
    }
    if (pos == 0 || s.find_first_not_of(" \t\n", pos) != std::string::npos)
        throw ValueError("invalid literal for int() with base 10: " + repr(s));
    return v;
}

double to_float(const std::string& s) {
    const char* begin = s.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (end == begin || std::string(end).find_first_not_of(" \t\n") != std::string::npos)
        throw ValueError("could not convert string to float: " + repr(s));
    return v;
}

namespace {

// x, made whole as `whole`, as cnet's int: Python's errors for NaN and infinity, and an OverflowError where Python's
// unbounded int would be wider than int64 (the cast would be undefined behaviour). `call` names the conversion.
int64_t WholeToInt(double x, double whole, const char* call) {
    if (std::isnan(x)) throw ValueError("cannot convert float NaN to integer");
    if (std::isinf(x)) throw OverflowError("cannot convert float infinity to integer");
    if (!(whole >= -9223372036854775808.0 && whole < 9223372036854775808.0))
        throw OverflowError(std::string(call) + "(" + std::to_string(x) + ") does not fit in a 64-bit int");
    return static_cast<int64_t>(whole);
}

}  // namespace

int64_t to_int(double v) { return WholeToInt(v, std::trunc(v), "int"); }

int64_t round(double x) { return WholeToInt(x, std::nearbyint(x), "round"); }  // ties to even (default mode)

double round(double x, int64_t ndigits) {
    if (!std::isfinite(x) || ndigits > 308) return x;
    if (ndigits >= 0) {
        // printf rounds the exact binary value correctly (ties to even), as CPython's dtoa does.
        char buffer[512];
        std::snprintf(buffer, sizeof buffer, "%.*f", static_cast<int>(ndigits), x);
        return std::strtod(buffer, nullptr);
    }
    const double scale = std::pow(10.0, static_cast<double>(-ndigits));
    return std::nearbyint(x / scale) * scale;
}

int64_t round_int(int64_t x, int64_t ndigits) {
    if (ndigits >= 0) return x;
    if (ndigits < -18) return 0;
    int64_t scale = 1;
    for (int64_t k = 0; k < -ndigits; ++k) scale *= 10;
    const int64_t q = floordiv(x, scale), r = x - q * scale;  // 0 <= r < scale
    const bool up = 2 * r > scale || (2 * r == scale && q % 2 != 0);  // ties to even
    return (q + (up ? 1 : 0)) * scale;
}

Variable variable_of_array(const Variable& x, bool requires_grad) {
    if (x.creator() != nullptr || x.requires_grad()) {
        throw TypeError("numpy.ndarray or cuda.ndarray are expected. Actual: <class 'chainer.variable.Variable'>");
    }
    return Variable(x.array(), requires_grad);
}

namespace {

// Python's min/max loop over the rows of `a`: keeps the first row that compares `better` than every later one.
Array Extreme(const Array& a, const char* name, bool largest) {
    if (a.ndim() == 0) throw TypeError("iteration over a 0-d array");
    const int64_t n = a.shape()[0];
    if (n == 0) throw ValueError(std::string(name) + "() arg is an empty sequence");
    const Array rows = a.reshape({n, a.size() / n});
    if (n > 1 && rows.shape()[1] != 1) {
        throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    }
    const bool integral = IsInteger(a.dtype()) || IsBool(a.dtype());
    int64_t best = 0;
    for (int64_t i = 1; i < n; ++i) {
        bool better;
        if (integral) {
            const int64_t x = rows[{i, 0}].item<int64_t>(), b = rows[{best, 0}].item<int64_t>();
            better = largest ? x > b : x < b;
        } else {
            const double x = rows[{i, 0}].item<double>(), b = rows[{best, 0}].item<double>();
            better = largest ? x > b : x < b;
        }
        if (better) best = i;
    }
    return a[best].copy();  // a NumPy scalar (a copy) for a 1-d array, a row otherwise
}

}  // namespace

Array min(const Array& a) { return Extreme(a, "min", false); }
Array max(const Array& a) { return Extreme(a, "max", true); }

int64_t index(const Array& a) {
    // A 0-d array is cnet's NumPy scalar, and gets the scalar's message.
    if (a.ndim() != 0) throw TypeError("only integer scalar arrays can be converted to a scalar index");
    if (!IsInteger(a.dtype())) {
        throw TypeError(std::string("'numpy.") + DtypeName(a.dtype()) + "' object cannot be interpreted as an integer");
    }
    return a.item<int64_t>();
}

bool to_bool(const Array& a) {
    CNET_CHECK_AS(ValueError, a.size() == 1,
                  "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    return a.item<double>() != 0;
}

std::vector<int64_t> slice_indices(const SliceBounds& s, int64_t n) {
    const int64_t step = s.step.value_or(1);
    if (step == 0) throw ValueError("slice step cannot be zero");
    auto clamp = [n, step](std::optional<int64_t> v, bool is_start) {
        if (!v) return step > 0 ? (is_start ? int64_t{0} : n) : (is_start ? n - 1 : int64_t{-1});
        int64_t x = *v < 0 ? *v + n : *v;
        if (step > 0) return std::clamp<int64_t>(x, 0, n);
        return std::clamp<int64_t>(x, -1, n - 1);
    };
    const int64_t start = clamp(s.start, true), stop = clamp(s.stop, false);
    std::vector<int64_t> out;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
    return out;
}

// UTF-8: a code point starts at every byte that is not a continuation byte (10xxxxxx).
std::vector<std::string> chars(const std::string& s) {
    std::vector<std::string> out;
    for (unsigned char c : s) {
        if ((c & 0xc0) != 0x80 || out.empty()) {
            out.emplace_back(1, static_cast<char>(c));
        } else {
            out.back() += static_cast<char>(c);
        }
    }
    return out;
}

int64_t len(const std::string& s) { return Utf8Length(s); }

int64_t ord(const std::string& c) {
    const std::u32string code_points = DecodeUtf8(c);  // a byte that is not UTF-8 is its escape, as chr() makes it
    if (code_points.size() != 1) {
        throw TypeError("ord() expected a character, but string of length " + std::to_string(code_points.size()) +
                        " found");
    }
    return static_cast<int64_t>(code_points[0]);
}

std::string chr(int64_t i) {
    if (i < 0 || i >= 0x110000) throw ValueError("chr() arg not in range(0x110000)");
    return EncodeUtf8(std::u32string(1, static_cast<char32_t>(i)));
}

std::string char_at(const std::string& s, int64_t i) {
    const std::vector<std::string> cs = chars(s);
    const int64_t n = static_cast<int64_t>(cs.size());
    const int64_t j = i < 0 ? i + n : i;
    if (j < 0 || j >= n) throw IndexError("string index out of range");
    return cs[static_cast<size_t>(j)];
}

std::string slice(const std::string& v, const SliceBounds& s) {
    const std::vector<std::string> cs = chars(v);
    std::string out;
    for (int64_t i : slice_indices(s, static_cast<int64_t>(cs.size()))) out += cs[static_cast<size_t>(i)];
    return out;
}

Array sum(const std::vector<Array>& v) {
    Array out = Array::FromScalar(int64_t{0}, Dtype::kInt64);
    if (v.empty()) return out;
    out = Scalar(int64_t{0}) + v[0];
    for (std::size_t i = 1; i < v.size(); ++i) out = out + v[i];
    return out;
}

}  // namespace py
}  // namespace cnet
