// print_report.h — chainer.training.extensions.PrintReport: prints selected entries of the LogReport log as
// a table.
#pragma once

#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "cnet/training/extension.h"
#include "cnet/training/extensions/log_entry.h"

namespace cnet {
namespace training {
namespace extensions {

class LogReport;

/// Chainer's layout: each column is `max(10, len(entry))` wide; the header joins the left-justified entry
/// names with two spaces (printed once, at the first call); each row prints every entry as
/// `'{:<%dg}  ' % width` (a blank column when the entry is missing) and ends with a newline; `\033[J`
/// precedes each row.
///
///   epoch       main/loss   validation/main/loss  elapsed_time
///   \033[J1           0.550724    0.502818              0.215426      \n
///
/// `log_report` names the trainer's LogReport extension, or is a LogReport instance that this extension
/// calls itself (and serializes under `_log_report`).
class PrintReport : public Extension {
public:
    using LogReportArg = std::variant<std::string, std::shared_ptr<LogReport>>;

    explicit PrintReport(std::vector<std::string> entries, LogReportArg log_report = std::string("LogReport"),
                         std::ostream& out = std::cout);

    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "PrintReport"; }

    /// The header line (with its newline).
    static std::string FormatHeader(const std::vector<std::string>& entries);
    /// One row (with its newline, without the leading `\033[J`).
    static std::string FormatRow(const std::vector<std::string>& entries, const LogEntry& observation);

private:
    std::vector<std::string> entries_;
    LogReportArg log_report_;
    std::ostream* out_;
    size_t log_len_ = 0;  // number of log entries already printed
    bool header_printed_ = false;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
