// builtins.h — Python builtins and operator semantics for generated code: print, len, range, enumerate,
// zip, reversed, min/max/sum/abs, int/float/bool conversions, // and % with Python's signs, list indexing
// with negative indices and slices.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"
#include "cnet/py/dict.h"
#include "cnet/py/errors.h"
#include "cnet/py/methods.h"
#include "cnet/py/str_methods.h"
#include "cnet/py/sum.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

/// A temporary (a list or dict display, a call's result) passed where a function changes its parameter in place
/// (a `T&` parameter): Python lets the function change the new object; the temporary lives until the call ends.
template <typename T>
T& lvalue(T&& temporary) {
    return temporary;
}

/// A `list | None` or `dict | None` parameter the function changes in place (`def f(counts=None): ...
/// counts[k] += 1`): the caller's object when one is given, as Python passes it, or nothing for None. It reads as
/// the std::optional the same parameter would be if unchanged (has_value(), value(), *; deref and subscripted
/// raise Python's error for None).
template <typename T>
class OptionalRef {
public:
    OptionalRef() = default;
    OptionalRef(std::nullopt_t) {}                                                   // NOLINT(runtime/explicit)
    OptionalRef(T& object) : object_(&object) {}                                     // NOLINT(runtime/explicit)
    OptionalRef(std::optional<T>& maybe) : object_(maybe ? &*maybe : nullptr) {}     // NOLINT(runtime/explicit)
    bool has_value() const { return object_ != nullptr; }
    explicit operator bool() const { return has_value(); }
    T& value() const {
        if (object_ == nullptr) throw std::bad_optional_access();
        return *object_;
    }
    T& operator*() const { return value(); }
    T* operator->() const { return &value(); }

private:
    T* object_ = nullptr;
};
/// obj.method() of an OptionalRef no test narrowed, as deref (errors.h) of a std::optional.
template <typename T>
T& deref(const OptionalRef<T>& maybe, const char* attr) {
    if (!maybe) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return *maybe;
}
/// x[k] of an `x: list | dict | None` that no test narrowed: the container, or Python's TypeError for None.
template <typename Maybe>
auto& subscripted(Maybe&& maybe) {
    if (!maybe) throw TypeError("'NoneType' object is not subscriptable");
    return *maybe;
}
template <typename T>
std::string str(const OptionalRef<T>& r) {
    return r.has_value() ? str(*r) : std::string("None");
}

// ---- print(*args, sep=' ', end='\n')
template <typename... Args>
void print(const Args&... args) {
    std::string line;
    size_t i = 0;
    ((line += (i++ ? " " : "") + str(args)), ...);
    std::cout << line << '\n';
}
/// print with explicit sep/end (generated for print(..., sep=..., end=...)).
template <typename... Args>
void print_sep_end(const std::string& sep, const std::string& end, const Args&... args) {
    std::string line;
    size_t i = 0;
    ((line += (i++ ? sep : std::string()) + str(args)), ...);
    std::cout << line << end << std::flush;
}

// ---- len()
template <typename T>
int64_t len(const std::vector<T>& v) {
    return static_cast<int64_t>(v.size());
}
/// Strings are UTF-8; Python counts and indexes them in code points.
int64_t len(const std::string& s);
inline int64_t len(const Array& a) { return a.len(); }
inline int64_t len(const Variable& v) { return v.len(); }
template <typename K, typename V>
int64_t len(const Dict<K, V>& m) {
    return static_cast<int64_t>(m.size());
}
template <typename T>
auto len(const T& obj) -> decltype(static_cast<int64_t>(obj.size())) {
    return static_cast<int64_t>(obj.size());
}

// ---- range()
class Range {
public:
    class iterator {
    public:
        iterator(int64_t v, int64_t step) : v_(v), step_(step) {}
        int64_t operator*() const { return v_; }
        iterator& operator++() {
            v_ += step_;
            return *this;
        }
        bool operator!=(const iterator& o) const { return step_ > 0 ? v_ < o.v_ : v_ > o.v_; }

    private:
        int64_t v_, step_;
    };
    Range(int64_t start, int64_t stop, int64_t step) : start_(start), stop_(stop), step_(step) {
        if (step == 0) throw ValueError("range() arg 3 must not be zero");
    }
    iterator begin() const { return iterator(start_, step_); }
    iterator end() const { return iterator(stop_, step_); }
    int64_t size() const {
        if (step_ > 0) return stop_ > start_ ? (stop_ - start_ + step_ - 1) / step_ : 0;
        return start_ > stop_ ? (start_ - stop_ - step_ - 1) / -step_ : 0;
    }

private:
    int64_t start_, stop_, step_;
};
inline Range range(int64_t stop) { return Range(0, stop, 1); }
inline Range range(int64_t start, int64_t stop, int64_t step = 1) { return Range(start, stop, step); }

// ---- enumerate / zip / reversed (materialized: lists in generated code are small)
namespace internal {
/// What iterating `c` walks: a container itself, or an ndarray's rows (NumPy iterates the first axis, each row a
/// view as x[i] is; a 0-d array raises as len() does). zip(ax.flatten(), x) in Chainer's VAE example.
template <typename C>
const C& Iterable(const C& c) {
    return c;
}
/// An object held by a handle (a text file: `enumerate(f)`), read as it iterates.
template <typename T>
T& Iterable(const std::shared_ptr<T>& object) {
    return *object;
}
inline std::vector<Array> Iterable(const Array& a) {
    std::vector<Array> rows;
    for (int64_t i = 0, n = a.len(); i < n; ++i) rows.push_back(a[i]);
    return rows;
}
}  // namespace internal

template <typename C>
auto enumerate(const C& items, int64_t start = 0) {
    auto&& c = internal::Iterable(items);
    using T = std::decay_t<decltype(*std::begin(c))>;
    std::vector<std::tuple<int64_t, T>> out;
    int64_t i = start;
    for (const auto& v : c) out.emplace_back(i++, v);
    return out;
}
template <typename A, typename B>
auto zip(const A& a_items, const B& b_items) {
    auto&& a = internal::Iterable(a_items);
    auto&& b = internal::Iterable(b_items);
    using TA = std::decay_t<decltype(*std::begin(a))>;
    using TB = std::decay_t<decltype(*std::begin(b))>;
    std::vector<std::tuple<TA, TB>> out;
    auto ia = std::begin(a);
    auto ib = std::begin(b);
    for (; ia != std::end(a) && ib != std::end(b); ++ia, ++ib) out.emplace_back(*ia, *ib);
    return out;
}
template <typename A, typename B, typename C>
auto zip(const A& a_items, const B& b_items, const C& c_items) {
    auto&& a = internal::Iterable(a_items);
    auto&& b = internal::Iterable(b_items);
    auto&& c = internal::Iterable(c_items);
    using TA = std::decay_t<decltype(*std::begin(a))>;
    using TB = std::decay_t<decltype(*std::begin(b))>;
    using TC = std::decay_t<decltype(*std::begin(c))>;
    std::vector<std::tuple<TA, TB, TC>> out;
    auto ia = std::begin(a);
    auto ib = std::begin(b);
    auto ic = std::begin(c);
    for (; ia != std::end(a) && ib != std::end(b) && ic != std::end(c); ++ia, ++ib, ++ic) out.emplace_back(*ia, *ib, *ic);
    return out;
}
/// What a comprehension iterates when its iterable is an object a call returns (`[l for l in open(p)]`): the
/// object, held until the loop ends (a range-for over `*open(p)` would read it after its last handle died).
template <typename T>
struct HeldIterable {
    std::shared_ptr<T> object;
    auto begin() const { return object->begin(); }
    auto end() const { return object->end(); }
};
template <typename T>
HeldIterable<T> held_iterable(std::shared_ptr<T> object) {
    return {std::move(object)};
}
/// zip(*rows): the columns of `rows`, as many as its shortest row has, each a list with one element per row
/// (Python's tuples; cnetc types them: Note [Unpacking a list into *args]).
template <typename T>
std::vector<std::vector<T>> unzip(const std::vector<std::vector<T>>& rows) {
    std::vector<std::vector<T>> columns;
    if (rows.empty()) return columns;
    size_t n = rows[0].size();
    for (const auto& r : rows) n = std::min(n, r.size());
    columns.resize(n);
    for (const auto& r : rows) {
        for (size_t i = 0; i < n; ++i) columns[i].push_back(r[i]);
    }
    return columns;
}
/// zip(*pairs) of tuples whose elements have one type: the columns as lists.
template <typename T, typename... Ts, std::enable_if_t<(std::is_same_v<T, Ts> && ...), int> = 0>
std::vector<std::vector<T>> unzip(const std::vector<std::tuple<T, Ts...>>& rows) {
    std::vector<std::vector<T>> columns;
    if (rows.empty()) return columns;
    columns.resize(1 + sizeof...(Ts));
    for (const auto& r : rows) {
        std::apply([&](const auto&... v) {
            size_t i = 0;
            (columns[i++].push_back(v), ...);
        }, r);
    }
    return columns;
}
/// zip(*pairs) of tuples of different types: a tuple of columns. Python's zip of no rows is empty, which no tuple
/// of columns stands for: ValueError, as unpacking it (`xs, ys = zip(*pairs)`) is in Python.
template <typename T, typename... Ts, std::enable_if_t<!(std::is_same_v<T, Ts> && ...), int> = 0>
std::tuple<std::vector<T>, std::vector<Ts>...> unzip(const std::vector<std::tuple<T, Ts...>>& rows) {
    CNET_CHECK_AS(ValueError, !rows.empty(), "not enough values to unpack (expected ", 1 + sizeof...(Ts), ", got 0)");
    std::tuple<std::vector<T>, std::vector<Ts>...> columns;
    for (const auto& r : rows) {
        std::apply([&](auto&... column) {
            std::apply([&](const auto&... v) { (column.push_back(v), ...); }, r);
        }, columns);
    }
    return columns;
}
/// list(iterable): a new list of the iterable's elements (codegen passes a str as its characters, a dict as its
/// keys).
template <typename T, typename C>
std::vector<T> to_list(const C& items) {
    std::vector<T> out;
    for (const auto& item : items) out.push_back(item);
    return out;
}
/// map(f, iterable) made a list, f called on each element in order (Python's map is lazy; generated code
/// consumes it whole: Note [Functions applied to elements] in compiler/sema/element_functions.cc).
template <typename R, typename F, typename C>
std::vector<R> map(const F& f, const C& items) {
    std::vector<R> out;
    for (const auto& item : items) out.push_back(f(item));
    return out;
}
template <typename C>
auto reversed(const C& items) {
    auto&& c = internal::Iterable(items);
    using T = std::decay_t<decltype(*std::begin(c))>;
    std::vector<T> out(std::begin(c), std::end(c));
    std::reverse(out.begin(), out.end());
    return out;
}
inline std::vector<int64_t> reversed(const Range& r) {
    std::vector<int64_t> out;
    out.reserve(static_cast<size_t>(r.size()));
    for (int64_t v : r) out.push_back(v);
    std::reverse(out.begin(), out.end());
    return out;
}

// ---- arithmetic with Python semantics
/// a // b for ints: floor division (rounds toward -inf). 
inline int64_t floordiv(int64_t a, int64_t b) {
    if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
inline double floordiv(double a, double b) {
    if (b == 0) throw ZeroDivisionError("float floor division by zero");
    return std::floor(a / b);
}
/// a % b with the sign of b.
inline int64_t mod(int64_t a, int64_t b) {
    if (b == 0) throw ZeroDivisionError("integer modulo by zero");
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
inline double mod(double a, double b) {
    if (b == 0) throw ZeroDivisionError("float modulo");
    double r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
/// a / b is always float division in Python 3; CPython's messages (3.11) differ for ints and floats.
inline double truediv(int64_t a, int64_t b) {
    if (b == 0) throw ZeroDivisionError("division by zero");
    return static_cast<double>(a) / static_cast<double>(b);
}
inline double truediv(double a, double b) {
    if (b == 0) throw ZeroDivisionError("float division by zero");
    return a / b;
}
/// int ** int (non-negative exponent stays int). cnet's ints are 64-bit: a result past int64 is an error, never
/// a wrapped value (and the base is squared only while bits remain, so no intermediate overflows needlessly).
inline int64_t ipow(int64_t base, int64_t exp) {
    if (exp < 0) throw ValueError("negative integer powers are floats; write a float base");
    int64_t r = 1;
    const int64_t b0 = base, e0 = exp;
    while (exp > 0) {
        if ((exp & 1) && __builtin_mul_overflow(r, base, &r)) break;
        exp >>= 1;
        if (exp > 0 && __builtin_mul_overflow(base, base, &base)) break;
    }
    if (exp > 0)
        throw OverflowError("integer overflow: " + std::to_string(b0) + " ** " + std::to_string(e0) +
                         " does not fit in 64 bits (cnet's int)");
    return r;
}
/// divmod(a, b): (a // b, a % b). Python's int has no -2**63 // -1 overflow; cnet's 64-bit int raises there.
inline std::tuple<int64_t, int64_t> divmod(int64_t a, int64_t b) {
    if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
    if (b == -1 && a == INT64_MIN) {
        throw OverflowError("integer overflow: -2**63 // -1 does not fit in 64 bits (cnet's int)");
    }
    return {floordiv(a, b), mod(a, b)};
}
/// divmod of floats, as CPython computes it: the remainder from fmod, then the quotient from the exact difference
/// (so q * b + r is a), rounded to the nearest whole number; zeros keep Python's signs.
inline std::tuple<double, double> divmod(double a, double b) {
    if (b == 0) throw ZeroDivisionError("float divmod()");
    double r = std::fmod(a, b);
    double d = (a - r) / b;
    if (r != 0) {
        if ((b < 0) != (r < 0)) {
            r += b;
            d -= 1.0;
        }
    } else {
        r = std::copysign(0.0, b);
    }
    double q = std::copysign(0.0, a / b);
    if (d != 0) {
        q = std::floor(d);
        if (d - q > 0.5) q += 1.0;
    }
    return {q, r};
}

// ---- conversions
/// int(x) of a float: truncated; NaN is a ValueError, infinity (or a value past int64) an OverflowError.
int64_t to_int(double v);
inline int64_t to_int(int64_t v) { return v; }
inline int64_t to_int(bool v) { return v; }
int64_t to_int(const std::string& s);
inline int64_t to_int(const Array& a) { return IsFloat(a.dtype()) ? to_int(a.item<double>()) : a.item<int64_t>(); }
/// operator.index of a NumPy value where a library parameter wants an int (`L.EmbedID(max(train) + 1, n)`: a NumPy
/// integer is an int to Chainer): a 0-d array of an integer dtype, else Python's TypeError.
int64_t index(const Array& a);
inline int64_t to_int(const Variable& v) { return to_int(v.array()); }
/// chainer.Variable(x) where x is a name that holds an array at this point but is a Variable in C++ (a name keeps
/// one type: an ndarray assigned to a Variable-typed name is kept as a constant, as_variable). Makes of the array
/// what Chainer makes of it; a Variable that is not such a constant (computed by a function, or requiring a
/// gradient) raises Chainer's TypeError for Variable(Variable). (One made with requires_grad=False cannot be told
/// from the constant and is wrapped too, where Chainer raises.)
Variable variable_of_array(const Variable& x, bool requires_grad = true);
inline double to_float(double v) { return v; }
inline double to_float(int64_t v) { return static_cast<double>(v); }
double to_float(const std::string& s);
inline double to_float(const Array& a) { return a.item<double>(); }
inline double to_float(const Variable& v) { return v.array().item<double>(); }
inline bool to_bool(bool v) { return v; }
inline bool to_bool(int64_t v) { return v != 0; }
inline bool to_bool(int v) { return v != 0; }  // a literal (`if 5:`)
inline bool to_bool(double v) { return v != 0; }
inline bool to_bool(const std::string& s) { return !s.empty(); }
template <typename T>
bool to_bool(const std::vector<T>& v) {
    return !v.empty();
}
/// bool(array): only one-element arrays (NumPy raises otherwise).
bool to_bool(const Array& a);

// ---- sequence indexing with Python's negative indices
inline int64_t normalize_index(int64_t i, int64_t n) {
    const int64_t j = i < 0 ? i + n : i;
    if (j < 0 || j >= n) throw IndexError("list index out of range");
    return j;
}
template <typename T>
T& at(std::vector<T>& v, int64_t i) {
    return v[static_cast<size_t>(normalize_index(i, static_cast<int64_t>(v.size())))];
}
template <typename T>
const T& at(const std::vector<T>& v, int64_t i) {
    return v[static_cast<size_t>(normalize_index(i, static_cast<int64_t>(v.size())))];
}
/// Python slice bounds: nullopt means "omitted".
struct SliceBounds {
    std::optional<int64_t> start, stop, step;
};
/// The indices a Python slice selects from a sequence of length n.
std::vector<int64_t> slice_indices(const SliceBounds& s, int64_t n);
template <typename T>
std::vector<T> slice(const std::vector<T>& v, const SliceBounds& s) {
    std::vector<T> out;
    for (int64_t i : slice_indices(s, static_cast<int64_t>(v.size()))) out.push_back(v[static_cast<size_t>(i)]);
    return out;
}
std::string slice(const std::string& v, const SliceBounds& s);
/// x.shape[a:b:c]: a tuple of ints, sliced as Python slices a tuple.
inline Shape slice(const Shape& v, const SliceBounds& s) {
    Shape out;
    for (int64_t i : slice_indices(s, static_cast<int64_t>(v.size()))) out.push_back(v[static_cast<int>(i)]);
    return out;
}
/// s[i]: the i-th code point (negative from the end) as a one-character string.
std::string char_at(const std::string& s, int64_t i);
/// The code points of s, each a one-character string (`for c in s`).
std::vector<std::string> chars(const std::string& s);
/// ord(c): the code point of a one-character string (TypeError otherwise, CPython's text).
int64_t ord(const std::string& c);
/// chr(i): the one-character string of code point i (ValueError outside range(0x110000)). U+DC80..U+DCFF are the
/// escapes of bytes that are not UTF-8 (cnet/core/utf8.h), so chr(ord(c)) gives c back for them; other surrogates
/// are encoded as they are (CPython's str holds them, and fails to print them).
std::string chr(int64_t i);

// ---- min / max / sum / abs over values and sequences
template <typename T>
T min(const T& a, const T& b) {
    return b < a ? b : a;
}
template <typename T>
T max(const T& a, const T& b) {
    return a < b ? b : a;
}
/// min(a) / max(a) of an array iterate its rows as Python does (`n_vocab = max(train) + 1`): the first smallest or
/// largest element of a 1-d array by `<` / `>` (so a NaN is kept only where Python keeps it), as a NumPy scalar.
/// Rows of more than one element are Python's ValueError (their truth value is ambiguous).
Array min(const Array& a);
Array max(const Array& a);
template <typename T>
T min(const std::vector<T>& v) {
    if (v.empty()) throw ValueError("min() arg is an empty sequence");
    return *std::min_element(v.begin(), v.end());
}
template <typename T>
T max(const std::vector<T>& v) {
    if (v.empty()) throw ValueError("max() arg is an empty sequence");
    return *std::max_element(v.begin(), v.end());
}
/// sum(arrays) (NumPy scalars: `sum((s == UNK).sum() for s in data)`): Python's 0 + a0 + a1 + ..., with NumPy's
/// broadcasting and promotion; a 0-d int64 0 for no arrays.
Array sum(const std::vector<Array>& v);
template <typename T>
auto sum(const std::vector<T>& v) {
    return sum_range(v.begin(), v.end());
}
template <typename T>
T sum(const std::vector<T>& v, T start) {
    for (const T& x : v) start = start + x;
    return start;
}
/// round(x): the nearest int, ties to even; round(x, n): x rounded to n decimal digits, correctly rounded from
/// the exact binary value as CPython does (round(2.675, 2) is 2.67).
int64_t round(double x);
double round(double x, int64_t ndigits);
int64_t round_int(int64_t x, int64_t ndigits);
template <typename I, std::enable_if_t<std::is_integral<I>::value && !std::is_same<I, bool>::value, int> = 0>
int64_t round(I x, int64_t ndigits = 0) {  // an int stays an int (ndigits < 0 rounds to tens, hundreds, ...)
    return round_int(static_cast<int64_t>(x), ndigits);
}
inline int64_t abs(int64_t v) { return v < 0 ? -v : v; }
inline double abs(double v) { return std::fabs(v); }

/// `x in container`
template <typename T, typename C>
bool contains(const C& c, const T& v) {
    return std::find(std::begin(c), std::end(c), v) != std::end(c);
}
inline bool contains(const std::string& s, const std::string& sub) { return s.find(sub) != std::string::npos; }
/// Whether `a == b` compiles (an element of another type than the value is never equal to it, as in Python).
template <typename A, typename B, typename = void>
struct EqualityComparable : std::false_type {};
template <typename A, typename B>
struct EqualityComparable<A, B, std::void_t<decltype(std::declval<const A&>() == std::declval<const B&>())>>
    : std::true_type {};
/// `x in (a, b)`: a tuple's elements, each compared in turn.
template <typename T, typename... Ts>
bool contains(const std::tuple<Ts...>& t, const T& v) {
    return std::apply(
        [&](const auto&... e) {
            return (false || ... || [&](const auto& x) {
                if constexpr (EqualityComparable<std::decay_t<decltype(x)>, T>::value)
                    return static_cast<bool>(x == v);
                else
                    return false;
            }(e));
        },
        t);
}

}  // namespace py
}  // namespace cnet
