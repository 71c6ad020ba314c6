// log_entry.h — one result dictionary of LogReport (a Python dict of str -> int | float, insertion ordered).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cnet {
namespace training {
namespace extensions {

/// A value of a log entry: an int (`epoch`, `iteration`) or a float (means, `elapsed_time`).
using LogValue = std::variant<int64_t, double>;

/// float(value).
inline double AsDouble(const LogValue& v) {
    return std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v)) : std::get<double>(v);
}

/// An insertion-ordered dict, so the JSON log lists keys in Chainer's order (reported keys, then `epoch`,
/// `iteration`, `elapsed_time`).
class LogEntry {
public:
    using Item = std::pair<std::string, LogValue>;

    bool contains(const std::string& key) const { return find(key) != nullptr; }
    /// d[key] (ValueError naming the key when absent).
    const LogValue& at(const std::string& key) const;
    /// float(d[key]).
    double get(const std::string& key) const { return AsDouble(at(key)); }
    /// d[key] = value (keeps the key's position when it exists).
    void set(const std::string& key, LogValue value);
    void erase(const std::string& key);
    const LogValue* find(const std::string& key) const;

    size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    std::vector<Item>::const_iterator begin() const { return items_.begin(); }
    std::vector<Item>::const_iterator end() const { return items_.end(); }
    bool operator==(const LogEntry& other) const { return items_ == other.items_; }

private:
    std::vector<Item> items_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
