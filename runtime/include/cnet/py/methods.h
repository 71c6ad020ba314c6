// methods.h — methods of Python's str, list and dict values for generated code (builtins.def names them):
// str.join/split/strip/lstrip/rstrip/lower/upper, list.pop/index/insert/remove/count/reverse/sort and
// dict.pop/setdefault/update (the other str methods: str_methods.h).
// Case mapping is ASCII only; an empty `sep`/`chars` stands for None (whitespace).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/dict.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace py {

inline std::string join(const std::string& sep, const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? sep : std::string()) + parts[i];
    return out;
}

/// s.split(sep=None, maxsplit=-1): with no sep, runs of whitespace, no empty parts (after maxsplit splits the rest
/// is one part, its trailing whitespace kept, as in Python); with sep, every occurrence, empty parts kept.
/// ValueError("empty separator") for sep == "", as Python.
inline std::vector<std::string> split(const std::string& s, const std::optional<std::string>& sep = std::nullopt,
                                      int64_t maxsplit = -1) {
    std::vector<std::string> out;
    if (!sep) {
        std::size_t i = 0;
        while (true) {
            while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
            if (i >= s.size()) break;
            if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
                out.push_back(s.substr(i));
                break;
            }
            std::size_t j = i;
            while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
            out.push_back(s.substr(i, j - i));
            i = j;
        }
        return out;
    }
    if (sep->empty()) throw ValueError("empty separator");
    std::size_t start = 0;
    while (true) {
        const std::size_t at = s.find(*sep, start);
        if (at == std::string::npos || (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit)) break;
        out.push_back(s.substr(start, at - start));
        start = at + sep->size();
    }
    out.push_back(s.substr(start));
    return out;
}

inline std::string strip_chars(const std::string& s, const std::string& chars, bool left, bool right) {
    auto drop = [&](char c) {
        return chars.empty() ? std::isspace(static_cast<unsigned char>(c)) != 0 : chars.find(c) != std::string::npos;
    };
    std::size_t b = 0, e = s.size();
    if (left) {
        while (b < e && drop(s[b])) ++b;
    }
    if (right) {
        while (e > b && drop(s[e - 1])) --e;
    }
    return s.substr(b, e - b);
}

inline std::string strip(const std::string& s, const std::string& chars = std::string()) {
    return strip_chars(s, chars, true, true);
}
inline std::string lstrip(const std::string& s, const std::string& chars = std::string()) {
    return strip_chars(s, chars, true, false);
}
inline std::string rstrip(const std::string& s, const std::string& chars = std::string()) {
    return strip_chars(s, chars, false, true);
}

inline std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}
inline std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

/// sorted(iterable, key=None, reverse=False): a new list, stable (also with reverse, as Python's).
struct Identity {
    template <typename T>
    const T& operator()(const T& v) const {
        return v;
    }
};
/// list.sort(key=None, reverse=False), in place: stable (also with reverse), the key called once per element in
/// order, as Python's.
template <typename T, typename Key = Identity>
void sort(std::vector<T>& v, Key key = Key(), bool reverse = false) {
    if constexpr (std::is_same_v<Key, Identity>) {
        std::stable_sort(v.begin(), v.end(), [&](const T& a, const T& b) { return reverse ? b < a : a < b; });
    } else {
        using K = std::decay_t<decltype(key(v[0]))>;
        std::vector<std::pair<K, std::size_t>> keyed;
        keyed.reserve(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) keyed.emplace_back(key(v[i]), i);
        std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
            return reverse ? b.first < a.first : a.first < b.first;
        });
        std::vector<T> out;
        out.reserve(v.size());
        for (const auto& k : keyed) out.push_back(std::move(v[k.second]));
        v = std::move(out);
    }
}
/// T is the list's element type (a dict's items, pairs, become tuples).
template <typename T, typename C, typename Key = Identity>
std::vector<T> sorted(const C& iterable, Key key = Key(), bool reverse = false) {
    std::vector<T> v;
    for (const auto& x : iterable) v.push_back(T(x));
    sort(v, key, reverse);
    return v;
}

/// list.pop(index=-1).
template <typename T>
T pop(std::vector<T>& v, int64_t index = -1) {
    if (v.empty()) throw IndexError("pop from empty list");
    const int64_t n = static_cast<int64_t>(v.size());
    const int64_t i = index < 0 ? index + n : index;
    if (i < 0 || i >= n) throw IndexError("pop index out of range");
    T out = std::move(v[static_cast<std::size_t>(i)]);
    v.erase(v.begin() + i);
    return out;
}

/// list.index(x): the first position of x (ValueError when absent).
template <typename T, typename U>
int64_t index_of(const std::vector<T>& v, const U& x) {
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == x) return static_cast<int64_t>(i);
    }
    throw ValueError("list.index(x): x not in list");
}

/// list.insert(index, x): before position index; an index past either end is that end (Python's clamping).
template <typename T, typename U>
void insert(std::vector<T>& v, int64_t index, const U& x) {
    const int64_t n = static_cast<int64_t>(v.size());
    const int64_t i = index < 0 ? std::max<int64_t>(index + n, 0) : std::min(index, n);
    v.insert(v.begin() + i, T(x));
}

/// list.remove(x): the first x (ValueError when absent).
template <typename T, typename U>
void remove(std::vector<T>& v, const U& x) {
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (*it == x) {
            v.erase(it);
            return;
        }
    }
    throw ValueError("list.remove(x): x not in list");
}

/// list.count(x).
template <typename T, typename U>
int64_t count(const std::vector<T>& v, const U& x) {
    int64_t n = 0;
    for (const T& item : v) n += item == x ? 1 : 0;
    return n;
}

/// list.reverse(), in place.
template <typename T>
void reverse(std::vector<T>& v) {
    std::reverse(v.begin(), v.end());
}

/// list.extend(iterable): `items` is evaluated once (a call's result) and may be the list itself.
template <typename T, typename R>
void extend(std::vector<T>& v, const R& items) {
    std::vector<T> copy;
    for (const auto& item : items) copy.push_back(item);
    v.insert(v.end(), copy.begin(), copy.end());
}

}  // namespace py
}  // namespace cnet
