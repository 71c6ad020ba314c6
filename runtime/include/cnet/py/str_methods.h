// str_methods.h — the str methods beyond methods.h's (join, split, strip, lower, upper) for generated code, with
// CPython's semantics: find/rfind/index/rindex/count, startswith/endswith (a str or a tuple of them, start/end),
// replace(old, new, count), the predicates isdigit/isalpha/isalnum/isspace/isupper/islower, title/capitalize/
// swapcase, splitlines, partition/rpartition, zfill/center/ljust/rjust and rsplit.
//
// Strings are UTF-8 and Python counts them in code points: every position taken or returned here (start, end,
// find's result, widths) is a code point index, negative ones counted from the end and clamped as slices are.
// Character classes and case mappings are Python's for ASCII, Latin-1 and Latin Extended-A (U+0000..U+017F) and
// whitespace everywhere; every other code point is neither a letter nor a digit, has no case and maps to itself
// (Note [str character classes] in str_methods.cc).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace py {

/// A start or end argument: None (absent) or a code point index, negative from the end.
using StrIndex = std::optional<int64_t>;

/// s.find(sub[, start[, end]]): the lowest code point index of sub in s[start:end], or -1.
int64_t str_find(const std::string& s, const std::string& sub, const StrIndex& start = std::nullopt,
                 const StrIndex& end = std::nullopt);
/// s.rfind(sub[, start[, end]]): the highest index, or -1.
int64_t str_rfind(const std::string& s, const std::string& sub, const StrIndex& start = std::nullopt,
                  const StrIndex& end = std::nullopt);
/// s.index / s.rindex: find / rfind raising ValueError("substring not found") instead of returning -1.
int64_t str_index(const std::string& s, const std::string& sub, const StrIndex& start = std::nullopt,
                  const StrIndex& end = std::nullopt);
int64_t str_rindex(const std::string& s, const std::string& sub, const StrIndex& start = std::nullopt,
                   const StrIndex& end = std::nullopt);
/// s.count(sub[, start[, end]]): non-overlapping occurrences; an empty sub counts len(s[start:end]) + 1.
int64_t str_count(const std::string& s, const std::string& sub, const StrIndex& start = std::nullopt,
                  const StrIndex& end = std::nullopt);

namespace str_detail {
/// Python's name of a C++ value's type, for the TypeErrors of an argument of the wrong type.
template <typename T>
struct PyTypeName {
    static constexpr const char* value = nullptr;  // not one of these: a compile-time error where it is used
};
template <>
struct PyTypeName<bool> {
    static constexpr const char* value = "bool";
};
template <>
struct PyTypeName<int64_t> {
    static constexpr const char* value = "int";
};
template <>
struct PyTypeName<int> {
    static constexpr const char* value = "int";
};
template <>
struct PyTypeName<double> {
    static constexpr const char* value = "float";
};
template <>
struct PyTypeName<std::nullopt_t> {
    static constexpr const char* value = "NoneType";
};
template <typename T>
struct PyTypeName<std::vector<T>> {
    static constexpr const char* value = "list";
};
template <typename T>
constexpr bool kIsStr = std::is_convertible_v<const T&, std::string>;
template <typename T>
struct IsTuple : std::false_type {};
template <typename... Ts>
struct IsTuple<std::tuple<Ts...>> : std::true_type {};

template <typename T>
[[noreturn]] void RaiseArgType(const std::string& message) {
    static_assert(PyTypeName<T>::value != nullptr, "startswith/endswith take a str or a tuple of str");
    throw TypeError(message + PyTypeName<T>::value);
}

/// Whether s[start:end] starts (ends) with affix.
bool Affix(const std::string& s, const std::string& affix, const StrIndex& start, const StrIndex& end, bool starts);

/// startswith/endswith of a str, a tuple of them (any, tried in order: Python raises for a non-str element only
/// when no earlier one matched), or anything else (Python's TypeError, raised when it runs, as there).
template <typename T>
bool AnyAffix(const std::string& s, const T& affix, const StrIndex& start, const StrIndex& end, bool starts) {
    const char* method = starts ? "startswith" : "endswith";
    if constexpr (kIsStr<T>) {
        return Affix(s, affix, start, end, starts);
    } else if constexpr (IsTuple<T>::value) {
        auto one = [&](const auto& a) -> bool {
            using A = std::decay_t<decltype(a)>;
            if constexpr (kIsStr<A>) {
                return Affix(s, a, start, end, starts);
            } else {
                RaiseArgType<A>(std::string("tuple for ") + method + " must only contain str, not ");
            }
        };
        return std::apply([&](const auto&... a) { return (one(a) || ...); }, affix);
    } else {
        RaiseArgType<T>(std::string(method) + " first arg must be str or a tuple of str, not ");
    }
}

/// A tuple display of strs and other values (`s.endswith(('x', 1))`), which codegen passes as a braced list: the
/// strs up to the first other value, and that value's Python type name (a TypeError there unless a str matched).
class MixedAffixes {
public:
    template <typename... Ts>
    MixedAffixes(const Ts&... items) {  // NOLINT(runtime/explicit): converts from a braced list
        (Add(items), ...);
    }
    bool Any(const std::string& s, const StrIndex& start, const StrIndex& end, bool starts) const {
        for (const std::string& a : strs_) {
            if (Affix(s, a, start, end, starts)) return true;
        }
        if (other_ != nullptr) {
            throw TypeError(std::string("tuple for ") + (starts ? "startswith" : "endswith") +
                            " must only contain str, not " + other_);
        }
        return false;
    }

private:
    template <typename T>
    void Add(const T& item) {
        if (other_ != nullptr) return;
        if constexpr (kIsStr<T>) {
            strs_.emplace_back(item);
        } else {
            static_assert(PyTypeName<T>::value != nullptr, "startswith/endswith take a str or a tuple of str");
            other_ = PyTypeName<T>::value;
        }
    }
    std::vector<std::string> strs_;
    const char* other_ = nullptr;
};
}  // namespace str_detail

/// s.startswith(prefix[, start[, end]]) / s.endswith(suffix[, start[, end]]): prefix a str or a tuple of str.
/// Templates, so that a braced list (a tuple display codegen passes an untyped parameter) never converts to a
/// std::string (std::string{"a", "b"} is a pointer range): it takes the initializer_list overloads (all strs) or
/// the MixedAffixes ones.
template <typename T>
bool str_startswith(const std::string& s, const T& prefix, const StrIndex& start = std::nullopt,
                    const StrIndex& end = std::nullopt) {
    return str_detail::AnyAffix(s, prefix, start, end, true);
}
template <typename T>
bool str_endswith(const std::string& s, const T& suffix, const StrIndex& start = std::nullopt,
                  const StrIndex& end = std::nullopt) {
    return str_detail::AnyAffix(s, suffix, start, end, false);
}
/// s.startswith(('a', 'b')) of a tuple display.
bool str_startswith(const std::string& s, std::initializer_list<std::string> prefixes,
                    const StrIndex& start = std::nullopt, const StrIndex& end = std::nullopt);
bool str_endswith(const std::string& s, std::initializer_list<std::string> suffixes,
                  const StrIndex& start = std::nullopt, const StrIndex& end = std::nullopt);
/// s.startswith(('a', 1)): Python's TypeError unless 'a' matches.
inline bool str_startswith(const std::string& s, const str_detail::MixedAffixes& prefixes,
                           const StrIndex& start = std::nullopt, const StrIndex& end = std::nullopt) {
    return prefixes.Any(s, start, end, true);
}
inline bool str_endswith(const std::string& s, const str_detail::MixedAffixes& suffixes,
                         const StrIndex& start = std::nullopt, const StrIndex& end = std::nullopt) {
    return suffixes.Any(s, start, end, false);
}

/// s.replace(old, new, count=-1): the first count occurrences (all when negative); an empty old inserts new
/// before every code point and at the end ('ab'.replace('', '-') is '-a-b-').
std::string str_replace(const std::string& s, const std::string& old, const std::string& replacement,
                        int64_t count = -1);

/// The predicates: False for '' (isupper/islower: also when no character has case).
bool str_isdigit(const std::string& s);
bool str_isalpha(const std::string& s);
bool str_isalnum(const std::string& s);
bool str_isspace(const std::string& s);
bool str_isupper(const std::string& s);
bool str_islower(const std::string& s);

/// s.title(): each run of cased characters starts title case, the rest lower case ("they're" -> "They'Re").
std::string str_title(const std::string& s);
/// s.capitalize(): the first character title case, the rest lower case.
std::string str_capitalize(const std::string& s);
/// s.swapcase(): upper case lowered, lower case uppered ('ß' -> 'SS').
std::string str_swapcase(const std::string& s);

/// s.splitlines(keepends=False) at \n, \r, \r\n, \v, \f, \x1c, \x1d, \x1e, \x85, \u2028 and \u2029.
std::vector<std::string> str_splitlines(const std::string& s, bool keepends = false);
/// s.partition(sep) / s.rpartition(sep): (before, sep, after) at the first / last sep; ValueError for ''.
std::tuple<std::string, std::string, std::string> str_partition(const std::string& s, const std::string& sep);
std::tuple<std::string, std::string, std::string> str_rpartition(const std::string& s, const std::string& sep);
/// s.rsplit(sep=None, maxsplit=-1): split from the right (the remainder, after maxsplit splits, is the first
/// part; without sep it keeps its leading whitespace).
std::vector<std::string> str_rsplit(const std::string& s, const std::optional<std::string>& sep = std::nullopt,
                                    int64_t maxsplit = -1);

/// s.zfill(width): zeros on the left to width code points, after a leading sign.
std::string str_zfill(const std::string& s, int64_t width);
/// s.center / ljust / rjust(width, fillchar=' '): fillchar must be one character (TypeError otherwise).
std::string str_center(const std::string& s, int64_t width, const std::string& fillchar = " ");
std::string str_ljust(const std::string& s, int64_t width, const std::string& fillchar = " ");
std::string str_rjust(const std::string& s, int64_t width, const std::string& fillchar = " ");

}  // namespace py
}  // namespace cnet
