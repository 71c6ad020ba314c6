// dict.h — cnet::py::Dict, the C++ type of a .cnet `dict`: Python's insertion order for iteration, printing,
// keys()/values()/items(); assigning to an existing key keeps its place, `del` removes it.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/ordered_dict.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace py {

/// Entries in insertion order plus a key -> position index, so lookups stay logarithmic for large dicts
/// (a vocabulary). Erasing shifts the later positions: O(n), as rare as `del d[k]` is.
namespace dict_keys {
/// repr() of a dict key for KeyError's message: a str quoted as Python quotes it, a number as printed.
inline std::string KeyRepr(const std::string& key) {
    const char quote = key.find('\'') != std::string::npos && key.find('"') == std::string::npos ? '"' : '\'';
    std::string out(1, quote);
    for (char c : key) {
        if (c == quote || c == '\\') out += '\\';
        out += c;
    }
    return out + quote;
}
template <typename K>
std::string KeyRepr(const K& key) {
    if constexpr (std::is_same_v<K, bool>) {
        return key ? "True" : "False";
    } else if constexpr (std::is_arithmetic_v<K>) {
        std::ostringstream out;
        out << key;
        return out.str();
    } else {
        return "(a key of the dict)";
    }
}
}  // namespace dict_keys

template <typename K, typename V>
class Dict {
public:
    using value_type = std::pair<K, V>;
    using const_iterator = typename std::vector<value_type>::const_iterator;
    using iterator = typename std::vector<value_type>::iterator;

    Dict() = default;
    Dict(std::initializer_list<value_type> items) {
        for (const value_type& item : items) (*this)[item.first] = item.second;  // a repeated key: the last wins
    }
    /// From a library function's std::map (its key order is the insertion order).
    Dict(const std::map<K, V>& m) {  // NOLINT(runtime/explicit)
        for (const auto& kv : m) (*this)[kv.first] = kv.second;
    }
    /// From a library result in insertion order (an Evaluator's means).
    explicit Dict(const OrderedDict<K, V>& d) {
        for (const auto& kv : d) (*this)[kv.first] = kv.second;
    }
    /// To a library function that takes a std::map.
    operator std::map<K, V>() const { return std::map<K, V>(items_.begin(), items_.end()); }  // NOLINT

    iterator begin() { return items_.begin(); }
    iterator end() { return items_.end(); }
    const_iterator begin() const { return items_.begin(); }
    const_iterator end() const { return items_.end(); }
    std::size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    std::size_t count(const K& key) const { return index_.count(key); }

    V& operator[](const K& key) {
        auto it = index_.find(key);
        if (it != index_.end()) return items_[it->second].second;
        index_.emplace(key, items_.size());
        items_.emplace_back(key, V());
        return items_.back().second;
    }
    V& at(const K& key) { return items_[position(key)].second; }
    const V& at(const K& key) const { return items_[position(key)].second; }

    void clear() {
        items_.clear();
        index_.clear();
    }

    std::size_t erase(const K& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return 0;
        const std::size_t pos = it->second;
        index_.erase(it);
        items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(pos));
        for (std::size_t i = pos; i < items_.size(); ++i) index_[items_[i].first] = i;
        return 1;
    }

    /// Python's dict equality ignores order.
    bool operator==(const Dict& other) const {
        if (size() != other.size()) return false;
        for (const value_type& kv : items_) {
            if (other.count(kv.first) == 0 || !(other.at(kv.first) == kv.second)) return false;
        }
        return true;
    }
    bool operator!=(const Dict& other) const { return !(*this == other); }

private:
    std::size_t position(const K& key) const {
        auto it = index_.find(key);
        if (it == index_.end()) throw KeyError(dict_keys::KeyRepr(key));  // Python's message: the key's repr
        return it->second;
    }

    std::vector<value_type> items_;
    std::map<K, std::size_t> index_;
};

/// d.keys() and d.values(), as lists in the dict's order.
template <typename K, typename V>
std::vector<K> keys(const Dict<K, V>& d) {
    std::vector<K> out;
    for (const auto& kv : d) out.push_back(kv.first);
    return out;
}
template <typename K, typename V>
std::vector<V> values(const Dict<K, V>& d) {
    std::vector<V> out;
    for (const auto& kv : d) out.push_back(kv.second);
    return out;
}

/// d.get(key, default): the value, or `fallback` when the key is missing (nothing is inserted).
template <typename K, typename V, typename Key, typename D>
V get(const Dict<K, V>& d, const Key& key, const D& fallback) {
    const K k(key);  // a literal key arrives as a C++ literal
    return d.count(k) != 0 ? d.at(k) : static_cast<V>(fallback);
}

/// d.pop(key): the value, removed; KeyError (the key's repr) when missing. A defaultdict's factory is not called,
/// as in Python (Dict::at, not DefaultDict::at).
template <typename K, typename V, typename Key>
V dict_pop(Dict<K, V>& d, const Key& key) {
    const K k(key);
    V out = d.at(k);
    d.erase(k);
    return out;
}
/// d.pop(key, default): the default when the key is missing.
template <typename K, typename V, typename Key, typename D>
V dict_pop(Dict<K, V>& d, const Key& key, const D& fallback) {
    const K k(key);
    if (d.count(k) == 0) return static_cast<V>(fallback);
    return dict_pop(d, k);
}

/// d.setdefault(key, default): the stored value, `fallback` inserted first when the key is missing. A reference,
/// so `d.setdefault(k, []).append(x)` appends to the dict's list.
template <typename K, typename V, typename Key, typename D>
V& setdefault(Dict<K, V>& d, const Key& key, const D& fallback) {
    const K k(key);
    if (d.count(k) == 0) d[k] = static_cast<V>(fallback);
    return d.Dict<K, V>::at(k);
}

/// d.update(other): each (key, value) of a dict, or of a list of pairs, stored in turn.
template <typename K, typename V, typename Pairs>
void dict_update(Dict<K, V>& d, const Pairs& pairs) {
    std::vector<std::pair<K, V>> items;  // first: `pairs` may be d itself
    for (const auto& kv : pairs) items.emplace_back(K(std::get<0>(kv)), V(std::get<1>(kv)));
    for (auto& kv : items) d[kv.first] = std::move(kv.second);
}

/// d.copy() (list.copy() too): a new container of the same elements; sema admits it where the C++ copy is Python's
/// shallow copy (no inner lists or dicts).
template <typename C>
C shallow_copy(const C& c) {
    return c;
}

}  // namespace py
}  // namespace cnet
