// json.h — Python's json.dumps / json.dump for generated code: the text CPython writes for ints, floats (repr;
// NaN, Infinity), strings (ensure_ascii: \uXXXX escapes), bools, None, lists, tuples and dicts (keys written as
// strings), with `indent` (None: one line with ', ' and ': '; n: n spaces a level, ',' at line ends) and
// `sort_keys`, and values typed at run time holding them. Sema admits only these types (Python raises TypeError
// for others).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/py/dict.h"
#include "cnet/py/file.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {
namespace json {

struct Style {
    std::optional<int64_t> indent;
    bool sort_keys = false;
};

/// A JSON string literal of UTF-8 text with Python's ensure_ascii escapes.
std::string Quote(const std::string& text);
std::string Number(double v);
/// The line break and indentation before an item at `depth` (indent given), or "".
std::string Newline(const Style& style, int depth);
/// A value typed at run time (cnet/py/object.h), written as the kind it holds; as a key, as Python writes a key
/// of that kind (a TypeError for a tuple).
std::string Key(const Object& key);
void WriteContainer(std::string& out, const Object& v, const Style& style, int depth);

template <typename T>
void Write(std::string& out, const T& v, const Style& style, int depth);
template <typename T>
void WriteContainer(std::string& out, const std::optional<T>& v, const Style& style, int depth);
template <typename T>
void WriteContainer(std::string& out, const std::vector<T>& v, const Style& style, int depth);
template <typename... Ts>
void WriteContainer(std::string& out, const std::tuple<Ts...>& t, const Style& style, int depth);
template <typename K, typename V>
void WriteContainer(std::string& out, const Dict<K, V>& d, const Style& style, int depth);

template <typename Items, typename WriteItem>
void WriteSequence(std::string& out, const Items& items, char open, char close, const Style& style, int depth,
                   WriteItem write_item) {
    if (items.empty()) {
        out += open;
        out += close;
        return;
    }
    out += open;
    bool first = true;
    for (const auto& item : items) {
        if (!first) out += style.indent ? "," : ", ";
        first = false;
        out += Newline(style, depth + 1);
        write_item(item);
    }
    out += Newline(style, depth);
    out += close;
}

template <typename K>
std::string Key(const K& key) {
    if constexpr (std::is_same_v<K, std::string>)
        return Quote(key);
    else if constexpr (std::is_same_v<K, bool>)
        return key ? "\"true\"" : "\"false\"";
    else if constexpr (std::is_floating_point_v<K>)
        return "\"" + Number(key) + "\"";
    else
        return "\"" + std::to_string(key) + "\"";
}

template <typename T>
void Write(std::string& out, const T& v, const Style& style, int depth) {
    if constexpr (std::is_same_v<T, std::string>) {
        out += Quote(v);
    } else if constexpr (std::is_same_v<T, bool>) {
        out += v ? "true" : "false";
    } else if constexpr (std::is_integral_v<T>) {
        out += std::to_string(v);
    } else if constexpr (std::is_floating_point_v<T>) {
        out += Number(static_cast<double>(v));
    } else if constexpr (std::is_same_v<T, NoneType>) {
        out += "null";
    } else if constexpr (std::is_convertible_v<const T&, const std::string&>) {
        out += Quote(std::string(v));
    } else {
        WriteContainer(out, v, style, depth);
    }
}

template <typename T>
void WriteContainer(std::string& out, const std::optional<T>& v, const Style& style, int depth) {
    if (v.has_value()) {
        Write(out, *v, style, depth);
    } else {
        out += "null";
    }
}

template <typename T>
void WriteContainer(std::string& out, const std::vector<T>& v, const Style& style, int depth) {
    WriteSequence(out, v, '[', ']', style, depth, [&](const T& item) { Write(out, item, style, depth + 1); });
}

template <typename... Ts>
void WriteContainer(std::string& out, const std::tuple<Ts...>& t, const Style& style, int depth) {
    if constexpr (sizeof...(Ts) == 0) {
        out += "[]";
    } else {
        out += '[';
        std::size_t i = 0;
        std::apply(
            [&](const auto&... items) {
                ((out += (i++ ? (style.indent ? "," : ", ") : ""), out += Newline(style, depth + 1),
                  Write(out, items, style, depth + 1)),
                 ...);
            },
            t);
        out += Newline(style, depth);
        out += ']';
    }
}

template <typename K, typename V>
void WriteContainer(std::string& out, const Dict<K, V>& d, const Style& style, int depth) {
    std::vector<const std::pair<K, V>*> items;
    for (const auto& kv : d) items.push_back(&kv);
    if (style.sort_keys) {
        std::stable_sort(items.begin(), items.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    }
    WriteSequence(out, items, '{', '}', style, depth, [&](const std::pair<K, V>* kv) {
        out += Key(kv->first);
        out += ": ";
        Write(out, kv->second, style, depth + 1);
    });
}

template <typename T>
std::string dumps(const T& obj, std::optional<int64_t> indent = std::nullopt, bool sort_keys = false) {
    std::string out;
    Write(out, obj, Style{indent, sort_keys}, 0);
    return out;
}

template <typename T>
void dump(const T& obj, const std::shared_ptr<File>& fp, std::optional<int64_t> indent = std::nullopt,
          bool sort_keys = false) {
    fp->write(dumps(obj, indent, sort_keys));
}

}  // namespace json
}  // namespace py
}  // namespace cnet
