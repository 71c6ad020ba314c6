// ext_log_report.cc — LogReport and its JSON (Python's json.dump(log, f, indent=4), byte for byte).
#include "cnet/training/extensions/log_report.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/reporter/reporter.h"
#include "cnet/serializers/file_util.h"
#include "cnet/serializers/missing_key_error.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/trainer.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

// json.dumps of a str with ensure_ascii=True.
std::string JsonString(const std::string& s) {
    std::string out = "\"";
    char buf[16];
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '"') out += "\\\"";
        else if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c == '\b') out += "\\b";
        else if (c == '\f') out += "\\f";
        else if (c < 0x20) {
            std::snprintf(buf, sizeof(buf), "\\u%04x", c);
            out += buf;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
        } else {
            // decode one UTF-8 sequence and escape it as UTF-16 code units
            int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
            uint32_t cp = c & (0x3F >> extra);
            for (int k = 0; k < extra && i + 1 < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[++i]) & 0x3F);
            if (cp >= 0x10000) {
                cp -= 0x10000;
                std::snprintf(buf, sizeof(buf), "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
            } else {
                std::snprintf(buf, sizeof(buf), "\\u%04x", cp);
            }
            out += buf;
        }
    }
    return out + "\"";
}

// json's float repr: repr(float) except NaN / Infinity / -Infinity.
std::string JsonNumber(const LogValue& v) {
    if (std::holds_alternative<int64_t>(v)) return std::to_string(std::get<int64_t>(v));
    double d = std::get<double>(v);
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    return py::repr(d);
}

// nlohmann cannot read NaN / Infinity: quote them outside strings so they come back as strings.
std::string QuoteNonFinite(const std::string& text) {
    std::string out;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) out += text[++i];
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        bool matched = false;
        for (const char* token : {"-Infinity", "Infinity", "NaN"}) {
            size_t n = std::char_traits<char>::length(token);
            if (text.compare(i, n, token) == 0) {
                out += std::string("\"") + token + "\"";
                i += n - 1;
                matched = true;
                break;
            }
        }
        if (!matched) out += c;
    }
    return out;
}

}  // namespace

const LogValue* LogEntry::find(const std::string& key) const {
    for (const auto& item : items_) {
        if (item.first == key) return &item.second;
    }
    return nullptr;
}

const LogValue& LogEntry::at(const std::string& key) const {
    const LogValue* v = find(key);
    CNET_CHECK_AS(ValueError, v != nullptr, "KeyError: '", key, "'");
    return *v;
}

void LogEntry::set(const std::string& key, LogValue value) {
    for (auto& item : items_) {
        if (item.first == key) {
            item.second = value;
            return;
        }
    }
    items_.emplace_back(key, value);
}

void LogEntry::erase(const std::string& key) {
    for (auto it = items_.begin(); it != items_.end(); ++it) {
        if (it->first == key) {
            items_.erase(it);
            return;
        }
    }
}

LogReport::LogReport(std::optional<std::vector<std::string>> keys, TriggerArg trigger,
                     std::function<void(LogEntry&)> postprocess, std::optional<std::string> log_name)
    : keys_(std::move(keys)),
      trigger_(get_trigger(trigger)),
      postprocess_(std::move(postprocess)),
      log_name_(std::move(log_name)) {
    init_summary();
}

LogReport::~LogReport() = default;

void LogReport::init_summary() { summary_ = std::make_shared<reporter::DictSummary>(); }

void LogReport::operator()(Trainer& trainer) {
    const reporter::Observation& observation = trainer.observation;
    if (!keys_) {
        summary_->add(observation);
    } else {
        reporter::Observation selected;
        for (const auto& k : *keys_) {
            auto it = observation.find(k);
            if (it != observation.end()) selected.emplace(k, it->second);
        }
        summary_->add(selected);
    }
    if (!(*trigger_)(trainer)) return;

    LogEntry stats;
    for (const auto& [name, value] : summary_->compute_mean()) stats.set(name, value);
    stats.set("epoch", trainer.updater->epoch());
    stats.set("iteration", trainer.updater->iteration);
    stats.set("elapsed_time", trainer.elapsed_time());
    if (postprocess_) postprocess_(stats);
    log_.push_back(stats);

    if (log_name_) {
        std::string log_name = internal::FormatFields(*log_name_, [&](const std::string& field, const std::string& spec) {
            const LogValue& v = stats.at(field);
            if (std::holds_alternative<int64_t>(v)) return py::format_value(std::get<int64_t>(v), spec);
            return spec.empty() ? py::str(std::get<double>(v)) : py::format_value(std::get<double>(v), spec);
        });
        internal::MakeDirs(trainer.out);
        serializers::WriteFileAtomically(internal::JoinPath(trainer.out, log_name), ToJson(log_));
    }
    init_summary();
}

void LogReport::serialize(Serializer& serializer) {
    trigger_->serialize(*serializer["_trigger"]);
    try {
        summary_->serialize(*serializer["_summary"]);
    } catch (const serializers::MissingKeyError&) {
        std::cerr << "UserWarning: The statistics are not saved.\n";
    }
    // Note that this serialization may lose some information of small numerical differences (Chainer).
    if (serializer.is_loading()) {
        std::string text;
        serializer.serialize("_log", text);
        log_ = FromJson(text);
    } else {
        std::string text = ToJson(log_, -1);
        serializer.serialize("_log", text);
    }
}

std::string LogReport::ToJson(const std::vector<LogEntry>& log, int indent) {
    // json.dumps(log) when indent < 0 (separators ', ' and ': '), json.dumps(log, indent=indent) otherwise
    if (log.empty()) return "[]";
    bool pretty = indent >= 0;
    std::string nl1 = pretty ? "\n" + std::string(indent, ' ') : "";
    std::string nl2 = pretty ? "\n" + std::string(2 * indent, ' ') : "";
    std::string item_sep = pretty ? "," : ", ";
    std::string out = "[";
    for (size_t i = 0; i < log.size(); ++i) {
        if (i) out += item_sep;
        out += nl1;
        if (log[i].empty()) {
            out += "{}";
            continue;
        }
        out += "{";
        size_t j = 0;
        for (const auto& [key, value] : log[i]) {
            if (j++) out += item_sep;
            out += nl2 + JsonString(key) + ": " + JsonNumber(value);
        }
        out += nl1 + "}";
    }
    out += (pretty ? "\n" : "") + std::string("]");
    return out;
}

std::vector<LogEntry> LogReport::FromJson(const std::string& text) {
    std::vector<LogEntry> log;
    if (text.empty()) return log;
    nlohmann::ordered_json json = nlohmann::ordered_json::parse(QuoteNonFinite(text));
    CNET_CHECK_AS(SerializationError, json.is_array(), "LogReport: the log is not a JSON list");
    for (const auto& item : json) {
        CNET_CHECK_AS(SerializationError, item.is_object(), "LogReport: a log entry is not a JSON object");
        LogEntry entry;
        for (auto it = item.begin(); it != item.end(); ++it) {
            const auto& v = it.value();
            if (v.is_number_integer()) {
                entry.set(it.key(), v.get<int64_t>());
            } else if (v.is_number()) {
                entry.set(it.key(), v.get<double>());
            } else if (v.is_string()) {
                std::string s = v.get<std::string>();
                entry.set(it.key(), s == "NaN" ? NAN : s == "Infinity" ? HUGE_VAL : -HUGE_VAL);
            } else {
                throw SerializationError("LogReport: unsupported value for '" + it.key() + "' in the log");
            }
        }
        log.push_back(std::move(entry));
    }
    return log;
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
