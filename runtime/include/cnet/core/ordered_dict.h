// ordered_dict.h — a small insertion-ordered dictionary (Python's dict order) for the reporter's observations
// and summaries: Chainer's log and report files list keys in the order they were first reported.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <vector>

namespace cnet {

/// A std::map-like dictionary that iterates in insertion order. Lookups are linear: it holds the few keys of
/// one observation (tens at most), where a scan beats hashing.
template <typename K, typename V>
class OrderedDict {
public:
    using value_type = std::pair<K, V>;
    using iterator = typename std::vector<value_type>::iterator;
    using const_iterator = typename std::vector<value_type>::const_iterator;

    OrderedDict() = default;
    OrderedDict(std::initializer_list<value_type> items) {
        for (const value_type& item : items) (*this)[item.first] = item.second;
    }

    iterator begin() { return items_.begin(); }
    iterator end() { return items_.end(); }
    const_iterator begin() const { return items_.begin(); }
    const_iterator end() const { return items_.end(); }
    size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    void clear() { items_.clear(); }

    iterator find(const K& key) {
        return std::find_if(items_.begin(), items_.end(), [&](const value_type& i) { return i.first == key; });
    }
    const_iterator find(const K& key) const {
        return std::find_if(items_.begin(), items_.end(), [&](const value_type& i) { return i.first == key; });
    }
    size_t count(const K& key) const { return find(key) != end() ? 1 : 0; }
    bool contains(const K& key) const { return count(key) != 0; }

    /// Existing keys keep their position when assigned again, as in a Python dict.
    V& operator[](const K& key) {
        auto it = find(key);
        if (it != end()) return it->second;
        items_.emplace_back(key, V());
        return items_.back().second;
    }
    V& at(const K& key) {
        auto it = find(key);
        if (it == end()) throw std::out_of_range("OrderedDict::at: no such key");
        return it->second;
    }
    const V& at(const K& key) const {
        auto it = find(key);
        if (it == end()) throw std::out_of_range("OrderedDict::at: no such key");
        return it->second;
    }
    std::pair<iterator, bool> emplace(const K& key, V value) {
        auto it = find(key);
        if (it != end()) return {it, false};
        items_.emplace_back(key, std::move(value));
        return {items_.end() - 1, true};
    }
    std::pair<iterator, bool> insert(const value_type& item) { return emplace(item.first, item.second); }
    void insert_or_assign(const K& key, V value) { (*this)[key] = std::move(value); }
    size_t erase(const K& key) {
        auto it = find(key);
        if (it == end()) return 0;
        items_.erase(it);
        return 1;
    }

    bool operator==(const OrderedDict& other) const { return items_ == other.items_; }

private:
    std::vector<value_type> items_;
};

}  // namespace cnet
