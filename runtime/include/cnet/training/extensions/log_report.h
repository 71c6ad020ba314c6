// log_report.h — chainer.training.extensions.LogReport: accumulates observations and writes their means
// to `<out>/<log_name>` as JSON.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/training/extension.h"
#include "cnet/training/extensions/log_entry.h"

namespace cnet {
namespace reporter {
class DictSummary;
}  // namespace reporter

namespace training {
namespace extensions {

/// Called every iteration (Extension's default trigger), it adds the observation (all keys, or only `keys`)
/// to a DictSummary. When its own `trigger` fires it appends the means plus `epoch`, `iteration` and
/// `elapsed_time` to `log()`, passes the entry to `postprocess`, and writes the whole log to
/// `<out>/<log_name>` (a format string over the entry's keys, e.g. "log_{iteration}"; None: no file) as
/// Python's `json.dump(log, f, indent=4)` does, atomically (temporary file + rename). Serialized keys:
/// `_trigger/...`, `_summary/...`, `_log` (the log as a JSON string).
class LogReport : public Extension {
public:
    explicit LogReport(std::optional<std::vector<std::string>> keys = std::nullopt, TriggerArg trigger = {1, "epoch"},
                       std::function<void(LogEntry&)> postprocess = nullptr,
                       std::optional<std::string> log_name = std::string("log"));
    ~LogReport() override;

    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "LogReport"; }

    /// The current list of result dictionaries.
    const std::vector<LogEntry>& log() const { return log_; }

    /// json.dumps(log, indent=4) (Python's float repr; NaN and Infinity as Python writes them).
    static std::string ToJson(const std::vector<LogEntry>& log, int indent = 4);
    /// json.loads of a log written by ToJson or by Chainer.
    static std::vector<LogEntry> FromJson(const std::string& text);

private:
    void init_summary();

    std::optional<std::vector<std::string>> keys_;
    std::shared_ptr<Trigger> trigger_;
    std::function<void(LogEntry&)> postprocess_;
    std::optional<std::string> log_name_;
    std::vector<LogEntry> log_;
    std::shared_ptr<reporter::DictSummary> summary_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
