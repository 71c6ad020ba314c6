// collections.h — Python's collections.defaultdict and collections.Counter for generated code: dicts (Dict, so
// they keep insertion order and print, iterate and compare as dicts do) whose missing keys read as a default.
// defaultdict(int)[k] inserts int() (0) and returns it; Counter()[k] returns 0 without inserting, as in Python.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/error.h"
#include "cnet/py/dict.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

/// collections.defaultdict(factory): `factory_name` is what Python prints for the factory ("<class 'int'>").
template <typename K, typename V>
class DefaultDict : public Dict<K, V> {
 public:
    /// A variable declared before its first assignment (a module variable): a plain dict until assigned.
    DefaultDict() = default;
    DefaultDict(std::function<V()> factory, std::string factory_name)
        : factory_(std::move(factory)), factory_name_(std::move(factory_name)) {}

    /// `d = defaultdict(lambda: len(d))`: a missing key gets the number of keys before it, so keys are numbered
    /// in order of first use (the vocabulary idiom of Chainer's examples).
    static DefaultDict NumberingKeys() {
        DefaultDict d(nullptr, "<function <lambda>>");
        d.numbering_ = true;
        return d;
    }

    /// d[k] read: a missing key is inserted with factory() (Python's __missing__). Generated code holds a
    /// defaultdict in a non-const object even where it passes it by const reference, so inserting is defined.
    V& at(const K& key) const {
        auto* self = const_cast<DefaultDict*>(this);
        if (self->count(key) == 0) {
            if (numbering_) {
                const V id = static_cast<V>(self->size());  // (before operator[] inserts the key)
                (*self)[key] = id;
            } else if (factory_) {
                (*self)[key] = factory_();
            }
        }
        return self->Dict<K, V>::at(key);
    }
    const std::string& factory_name() const { return factory_name_; }

 private:
    std::function<V()> factory_;
    std::string factory_name_;
    bool numbering_ = false;
};

/// collections.Counter: counts of hashable values; a missing key counts 0.
template <typename K>
class Counter : public Dict<K, int64_t> {
 public:
    Counter() = default;
    template <typename Iterable>
    explicit Counter(const Iterable& items) {
        update(items);
    }

    /// c[k] read: 0 for a missing key, which stays missing (Python's Counter.__missing__).
    int64_t at(const K& key) const { return this->count(key) != 0 ? Dict<K, int64_t>::at(key) : 0; }

    /// update(iterable) counts each element; update(counter or dict) adds the counts.
    template <typename Iterable>
    void update(const Iterable& items) {
        if constexpr (std::is_convertible_v<const Iterable&, const Dict<K, int64_t>&>) {
            for (const auto& kv : items) (*this)[kv.first] += kv.second;
        } else {
            for (const auto& item : items) ++(*this)[static_cast<K>(item)];
        }
    }

    /// most_common(n): the n most common (all when n is None), by count, ties in insertion order (stable).
    std::vector<std::tuple<K, int64_t>> most_common(std::optional<int64_t> n = std::nullopt) const {
        std::vector<std::tuple<K, int64_t>> out;
        for (const auto& kv : *this) out.emplace_back(kv.first, kv.second);
        std::stable_sort(out.begin(), out.end(),
                         [](const auto& a, const auto& b) { return std::get<1>(a) > std::get<1>(b); });
        if (n.has_value()) out.resize(std::min(out.size(), static_cast<std::size_t>(std::max<int64_t>(*n, 0))));
        return out;
    }
    /// total() (Python 3.10): the sum of the counts.
    int64_t total() const {
        int64_t sum = 0;
        for (const auto& kv : *this) sum += kv.second;
        return sum;
    }
};

/// Counter(a) of a 1-d integer ndarray (Chainer's datasets of word ids): its elements, as Python's ints.
Counter<int64_t> CounterOfArray(const Array& a);
void CounterUpdateArray(Counter<int64_t>& counter, const Array& a);

/// repr(defaultdict): "defaultdict(<class 'int'>, {'a': 1})".
template <typename K, typename V>
std::string str(const DefaultDict<K, V>& d) {
    return "defaultdict(" + d.factory_name() + ", " + str(static_cast<const Dict<K, V>&>(d)) + ")";
}

/// repr(Counter): "Counter({'a': 2, 'b': 1})", most common first; "Counter()" when empty.
template <typename K>
std::string str(const Counter<K>& c) {
    if (c.size() == 0) return "Counter()";
    std::string out = "Counter({";
    std::size_t i = 0;
    for (const auto& [k, n] : c.most_common()) out += (i++ ? ", " : "") + repr_item(k) + ": " + str(n);
    return out + "})";
}

}  // namespace py
}  // namespace cnet
