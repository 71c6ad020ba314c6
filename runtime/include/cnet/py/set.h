// set.h — cnet::py::Set, the C++ type of a .cnet `set`: Python's set operations, printing and errors. Its items
// iterate in sorted order. CPython's order is its hash table's, which Python leaves unspecified: often the same for
// a few small ints ({1, 2, 3}), not always ({0, 1, 4, 9} prints as {0, 9, 4, 1}), and different from run to run for
// strs (the hash seed).
#pragma once

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <set>
#include <string>
#include <utility>

#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/py/sum.h"

namespace cnet {
namespace py {

template <typename T>
class Set {
public:
    using value_type = T;
    using const_iterator = typename std::set<T>::const_iterator;

    Set() = default;
    Set(std::initializer_list<T> items) : items_(items) {}
    /// set(iterable): a list's, a str's characters, a dict's keys, another set's items.
    template <typename Items>
    static Set Of(const Items& items) {
        Set s;
        s.update(items);
        return s;
    }

    const_iterator begin() const { return items_.begin(); }
    const_iterator end() const { return items_.end(); }
    std::size_t size() const { return items_.size(); }
    bool contains(const T& item) const { return items_.count(item) != 0; }

    void add(const T& item) { items_.insert(item); }
    void discard(const T& item) { items_.erase(item); }
    void remove(const T& item) {  // a missing item is Python's KeyError, its repr the message
        if (items_.erase(item) == 0) throw KeyError(repr_item(item));
    }
    void clear() { items_.clear(); }
    template <typename Items>
    void update(const Items& items) {
        for (const auto& item : items) items_.insert(T(item));
    }

    friend Set operator|(const Set& a, const Set& b) { return Combine(a, b, [](auto... p) { std::set_union(p...); }); }
    friend Set operator&(const Set& a, const Set& b) {
        return Combine(a, b, [](auto... p) { std::set_intersection(p...); });
    }
    friend Set operator-(const Set& a, const Set& b) {
        return Combine(a, b, [](auto... p) { std::set_difference(p...); });
    }
    friend Set operator^(const Set& a, const Set& b) {
        return Combine(a, b, [](auto... p) { std::set_symmetric_difference(p...); });
    }
    friend bool operator==(const Set& a, const Set& b) { return a.items_ == b.items_; }
    friend bool operator!=(const Set& a, const Set& b) { return a.items_ != b.items_; }
    /// a <= b: a is a subset of b (Python's set order).
    friend bool operator<=(const Set& a, const Set& b) {
        return std::includes(b.items_.begin(), b.items_.end(), a.items_.begin(), a.items_.end());
    }
    friend bool operator>=(const Set& a, const Set& b) { return b <= a; }
    friend bool operator<(const Set& a, const Set& b) { return a.size() < b.size() && a <= b; }
    friend bool operator>(const Set& a, const Set& b) { return b < a; }

private:
    template <typename Algorithm>
    static Set Combine(const Set& a, const Set& b, Algorithm algorithm) {
        Set out;
        algorithm(a.items_.begin(), a.items_.end(), b.items_.begin(), b.items_.end(),
                  std::inserter(out.items_, out.items_.end()));
        return out;
    }

    std::set<T> items_;
};

template <typename T>
std::string str(const Set<T>& s) {
    if (s.size() == 0) return "set()";
    std::string out = "{";
    for (auto it = s.begin(); it != s.end(); ++it) out += (it == s.begin() ? "" : ", ") + repr_item(*it);
    return out + "}";
}
template <typename T>
bool to_bool(const Set<T>& s) {
    return s.size() != 0;
}
template <typename T, typename V>
bool contains(const Set<T>& s, const V& item) {
    return s.contains(T(item));
}
/// min / max / sum of a set's items (sorted: its first and last).
template <typename T>
T min(const Set<T>& s) {
    if (s.size() == 0) throw ValueError("min() arg is an empty sequence");
    return *s.begin();
}
template <typename T>
T max(const Set<T>& s) {
    if (s.size() == 0) throw ValueError("max() arg is an empty sequence");
    return *std::prev(s.end());
}
template <typename T>
auto sum(const Set<T>& s) {
    return sum_range(s.begin(), s.end());
}
template <typename T>
T sum(const Set<T>& s, T start) {
    for (const T& x : s) start = start + x;
    return start;
}

}  // namespace py
}  // namespace cnet
