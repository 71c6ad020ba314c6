// copy.h — copy.copy and copy.deepcopy for the values sema admits (compiler/sema/py_copy.cc): a copy of the
// C++ value, with the data of ndarrays copied (NumPy's copy) and, for a plain object, a new object with the same
// fields (Python's shallow copy of its __dict__).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/np/str_array.h"
#include "cnet/py/dict.h"

namespace cnet {
namespace py {

template <typename T>
T copy(const T& x) {
    if constexpr (std::is_same_v<T, Array> || std::is_same_v<T, np::StrArray>) {
        return x.copy();
    } else {
        return x;
    }
}

/// copy.copy('text'): a string literal arrives as a C++ literal.
inline std::string copy(const char* s) { return s; }
inline std::string deepcopy(const char* s) { return s; }

template <typename T>
std::shared_ptr<T> copy(const std::shared_ptr<T>& x) {
    return x ? std::make_shared<T>(*x) : x;
}

template <typename T>
T deepcopy(const T& x);

template <typename T>
std::vector<T> deepcopy(const std::vector<T>& xs) {
    std::vector<T> out;
    out.reserve(xs.size());
    for (const T& x : xs) out.push_back(deepcopy(x));
    return out;
}

template <typename T>
std::optional<T> deepcopy(const std::optional<T>& x) {
    return x ? std::optional<T>(deepcopy(*x)) : std::nullopt;
}

template <typename... Ts>
std::tuple<Ts...> deepcopy(const std::tuple<Ts...>& t) {
    return std::apply([](const auto&... items) { return std::tuple<Ts...>(deepcopy(items)...); }, t);
}

template <typename K, typename V>
Dict<K, V> deepcopy(const Dict<K, V>& d) {
    Dict<K, V> out = d;  // same keys in the same order; values replaced by their deep copies
    for (auto& kv : out) kv.second = deepcopy(kv.second);
    return out;
}

template <typename T>
T deepcopy(const T& x) {
    if constexpr (std::is_same_v<T, Array> || std::is_same_v<T, np::StrArray>) {
        return x.copy();
    } else {
        return x;
    }
}

}  // namespace py
}  // namespace cnet
