// ext_print_report.cc — PrintReport: Chainer's table layout.
#include "cnet/training/extensions/print_report.h"

#include <algorithm>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/extensions/log_report.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

size_t Width(const std::string& entry) { return std::max<size_t>(10, entry.size()); }

}  // namespace

PrintReport::PrintReport(std::vector<std::string> entries, LogReportArg log_report, std::ostream& out)
    : entries_(std::move(entries)), log_report_(std::move(log_report)), out_(&out) {
    if (auto* p = std::get_if<std::shared_ptr<LogReport>>(&log_report_)) {
        CNET_CHECK_AS(ValueError, *p != nullptr, "log report has a wrong type NoneType");
    }
}

std::string PrintReport::FormatHeader(const std::vector<std::string>& entries) {
    // '  '.join('{:%d}' % w for w in widths).format(*entries) + '\n'
    std::string header;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (i) header += "  ";
        header += entries[i] + std::string(Width(entries[i]) - entries[i].size(), ' ');
    }
    return header + "\n";
}

std::string PrintReport::FormatRow(const std::vector<std::string>& entries, const LogEntry& observation) {
    // per entry: ('{:<%dg}  ' % w).format(value), or ' ' * (w + 2) when missing
    std::string row;
    for (const auto& entry : entries) {
        size_t w = Width(entry);
        if (const LogValue* v = observation.find(entry)) {
            row += py::format_value(AsDouble(*v), "<" + std::to_string(w) + "g") + "  ";
        } else {
            row += std::string(w + 2, ' ');
        }
    }
    return row + "\n";
}

void PrintReport::operator()(Trainer& trainer) {
    std::ostream& out = *out_;
    if (!header_printed_) {
        out << FormatHeader(entries_);
        header_printed_ = true;
    }
    std::shared_ptr<LogReport> log_report;
    if (auto* name = std::get_if<std::string>(&log_report_)) {
        log_report = trainer.get_extension<LogReport>(*name);
        CNET_CHECK_AS(ValueError, log_report != nullptr, "log report has a wrong type (extension '", *name,
                      "' is not a LogReport)");
    } else {
        log_report = std::get<std::shared_ptr<LogReport>>(log_report_);
        (*log_report)(trainer);  // update the log report
    }
    const auto& log = log_report->log();
    while (log.size() > log_len_) {
        // delete the printed contents from the current cursor
        out << "\033[J" << FormatRow(entries_, log[log_len_]);
        out.flush();
        ++log_len_;
    }
}

void PrintReport::serialize(Serializer& serializer) {
    if (auto* p = std::get_if<std::shared_ptr<LogReport>>(&log_report_)) (*p)->serialize(*serializer["_log_report"]);
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
