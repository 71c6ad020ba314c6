// config.cc — global and thread-local configuration, initialized from CHAINER_* environment variables.
#include "cnet/core/config.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace {

const char* const kFlagNames[] = {"train", "enable_backprop", "type_check", "debug", "keep_graph_on_report",
                                  "lazy_grad_sum"};

bool EnvFlag(const char* name, bool fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    return std::strcmp(v, "0") != 0;
}

std::string EnvString(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : std::string(fallback);
}

}  // namespace

std::string ConfigValueToString(const ConfigValue& v) {
    if (std::holds_alternative<bool>(v)) return std::get<bool>(v) ? "True" : "False";
    if (std::holds_alternative<int64_t>(v)) return std::to_string(std::get<int64_t>(v));
    if (std::holds_alternative<double>(v)) return std::to_string(std::get<double>(v));
    return std::get<std::string>(v);
}

Config::Config(bool is_global) : is_global_(is_global) {
    for (int8_t& f : flags_) f = -1;
    if (!is_global) return;
    flags_[kTrain] = 1;
    flags_[kEnableBackprop] = 1;
    flags_[kTypeCheck] = EnvFlag("CHAINER_TYPE_CHECK", true);
    flags_[kDebug] = EnvFlag("CHAINER_DEBUG", false);
    flags_[kKeepGraphOnReport] = EnvFlag("CHAINER_KEEP_GRAPH_ON_REPORT", false);
    flags_[kLazyGradSum] = EnvFlag("CHAINER_LAZY_GRAD_SUM", false);
    others_["use_cudnn"] = EnvString("CHAINER_USE_CUDNN", "auto");
    others_["cudnn_deterministic"] = false;
    others_["autotune"] = false;
    others_["use_cudnn_tensor_core"] = std::string("auto");
    // Chainer defaults to 'never' because iDeep is an optional extra; oneDNN is part of cnet's CPU build,
    // so 'auto' (oneDNN where it takes the arrays) is the default and 'never' selects the reference path.
    others_["use_ideep"] = EnvString("CHAINER_USE_IDEEP", "auto");
}

const Config& Config::Global() const { return global_config(); }

bool Config::Flag(int index) const {
    const int8_t v = flags_[index];
    if (v >= 0) return v != 0;
    return global_config().flags_[index] != 0;
}

bool Config::train() const { return Flag(kTrain); }
bool Config::enable_backprop() const { return Flag(kEnableBackprop); }
bool Config::type_check() const { return Flag(kTypeCheck); }
bool Config::debug() const { return Flag(kDebug); }
bool Config::keep_graph_on_report() const { return Flag(kKeepGraphOnReport); }
bool Config::lazy_grad_sum() const { return Flag(kLazyGradSum); }

int Config::FlagIndex(const std::string& name) {
    for (int i = 0; i < kNumFlags; ++i)
        if (name == kFlagNames[i]) return i;
    return -1;
}

bool Config::Has(const std::string& name) const {
    const int f = FlagIndex(name);
    if (f >= 0) return flags_[f] >= 0;
    return others_.count(name) > 0;
}

ConfigValue Config::Get(const std::string& name) const {
    const int f = FlagIndex(name);
    if (f >= 0) return ConfigValue(Flag(f));
    auto it = others_.find(name);
    if (it != others_.end()) return it->second;
    if (!is_global_) return global_config().Get(name);
    throw ValueError("chainer.config has no attribute '" + name + "'");
}

void Config::Set(const std::string& name, const ConfigValue& value) {
    const int f = FlagIndex(name);
    if (f >= 0) {
        CNET_CHECK_AS(ValueError, std::holds_alternative<bool>(value), "config '", name, "' must be a bool");
        flags_[f] = std::get<bool>(value) ? 1 : 0;
        return;
    }
    others_[name] = value;
}

void Config::Unset(const std::string& name) {
    const int f = FlagIndex(name);
    if (f >= 0) flags_[f] = is_global_ ? flags_[f] : -1;
    else if (!is_global_) others_.erase(name);
}

void Config::show(std::ostream& os) const {
    std::map<std::string, std::string> entries;
    const Config& g = global_config();
    for (int i = 0; i < kNumFlags; ++i) entries[kFlagNames[i]] = Flag(i) ? "True" : "False";
    for (const auto& kv : g.others_) entries[kv.first] = ConfigValueToString(kv.second);
    for (const auto& kv : others_) entries[kv.first] = ConfigValueToString(kv.second);
    size_t width = 0;
    for (const auto& kv : entries) width = std::max(width, kv.first.size());
    for (const auto& kv : entries) os << kv.first << ' ' << std::string(width - kv.first.size(), ' ') << kv.second << '\n';
}

void Config::show() const { show(std::cout); }

Config& global_config() {
    static Config* g = new Config(true);
    return *g;
}

Config& config() {
    thread_local Config local(false);
    return local;
}

using_config::using_config(const std::string& name, const ConfigValue& value)
    : name_(name), had_local_(config().Has(name)) {
    if (had_local_) previous_ = config().Get(name);
    config().Set(name, value);
}

using_config::~using_config() {
    if (had_local_) config().Set(name_, previous_);
    else config().Unset(name_);
}

}  // namespace cnet
