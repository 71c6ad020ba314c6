// config.h — chainer.config / chainer.global_config: process-wide defaults with thread-local overrides,
// using_config scopes, no_backprop_mode and force_backprop_mode.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <variant>

namespace cnet {

/// A configuration value: Chainer stores bools, strings ('auto', 'never') and user numbers.
using ConfigValue = std::variant<bool, int64_t, double, std::string>;
std::string ConfigValueToString(const ConfigValue& v);

/// The set of entries. In the global config every built-in entry is set; a thread's local config sets only
/// the entries assigned on that thread, and reads fall back to the global ones (Chainer's LocalConfig).
class Config {
public:
    /// Built-in entries (fast accessors used on every operation).
    bool train() const;
    bool enable_backprop() const;
    bool type_check() const;
    bool debug() const;
    bool keep_graph_on_report() const;
    bool lazy_grad_sum() const;
    void set_train(bool v) { Set("train", v); }
    void set_enable_backprop(bool v) { Set("enable_backprop", v); }
    void set_type_check(bool v) { Set("type_check", v); }
    void set_debug(bool v) { Set("debug", v); }

    /// Generic access by name (user keys must start with 'user_'). Throws ValueError for an unknown key.
    ConfigValue Get(const std::string& name) const;
    void Set(const std::string& name, const ConfigValue& value);
    /// Removes a thread-local override (the global value shows through again).
    void Unset(const std::string& name);
    bool Has(const std::string& name) const;
    /// Prints "key value" lines sorted by key, aligned as Chainer's config.show().
    void show(std::ostream& os) const;
    void show() const;

    explicit Config(bool is_global);

private:
    enum Flag { kTrain, kEnableBackprop, kTypeCheck, kDebug, kKeepGraphOnReport, kLazyGradSum, kNumFlags };
    const Config& Global() const;
    bool Flag(int index) const;
    static int FlagIndex(const std::string& name);

    bool is_global_;
    int8_t flags_[kNumFlags];  // -1: unset (thread-local only)
    std::map<std::string, ConfigValue> others_;
};

/// chainer.global_config
Config& global_config();
/// chainer.config (this thread's view)
Config& config();

/// `with chainer.using_config(name, value):` — restores the previous thread-local value on scope exit.
class using_config {
public:
    using_config(const std::string& name, const ConfigValue& value);
    using_config(const std::string& name, bool value) : using_config(name, ConfigValue(value)) {}
    using_config(const std::string& name, const char* value) : using_config(name, ConfigValue(std::string(value))) {}
    ~using_config();
    using_config(const using_config&) = delete;
    using_config& operator=(const using_config&) = delete;

private:
    std::string name_;
    bool had_local_;
    ConfigValue previous_;
};

/// `with chainer.no_backprop_mode():`
class no_backprop_mode : public using_config {
public:
    no_backprop_mode() : using_config("enable_backprop", false) {}
};

/// `with chainer.force_backprop_mode():`
class force_backprop_mode : public using_config {
public:
    force_backprop_mode() : using_config("enable_backprop", true) {}
};

}  // namespace cnet
