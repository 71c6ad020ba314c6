// diagnostic_engine.cc — collecting, counting, sorting and printing diagnostics.
#include "compiler/diagnostics/diagnostic_engine.h"

#include <algorithm>
#include <tuple>

#include "compiler/diagnostics/diagnostic_renderer.h"
#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler {

DiagnosticBuilder& DiagnosticBuilder::Note(SourceRange range, std::string message) {
    engine_->diagnostics_[index_].notes.push_back(DiagnosticNote{range, std::move(message)});
    return *this;
}

DiagnosticEngine::DiagnosticEngine(SourceManager& sources, std::string tool_name)
    : sources_(sources), tool_name_(std::move(tool_name)) {}

DiagnosticBuilder DiagnosticEngine::Error(SourceRange range, std::string message) {
    return Report(Severity::kError, range, std::move(message));
}

DiagnosticBuilder DiagnosticEngine::Warning(SourceRange range, std::string message) {
    return Report(Severity::kWarning, range, std::move(message));
}

DiagnosticBuilder DiagnosticEngine::Report(Severity severity, SourceRange range, std::string message) {
    CNET_INTERNAL_CHECK(severity != Severity::kNote) << "notes are attached with DiagnosticBuilder::Note";
    // Recovery can reach the same problem twice (e.g. a nested re-parse); report it once.
    auto key = std::make_tuple(static_cast<int>(severity), range.file, range.begin.line, range.begin.column, message);
    const auto [it, inserted] = reported_.emplace(std::move(key), diagnostics_.size());
    if (!inserted) return DiagnosticBuilder(this, it->second);
    (severity == Severity::kError ? error_count_ : warning_count_) += 1;
    diagnostics_.push_back(Diagnostic{severity, range, std::move(message), {}});
    return DiagnosticBuilder(this, diagnostics_.size() - 1);
}

int DiagnosticEngine::ErrorCountIn(FileId file) const {
    return static_cast<int>(std::count_if(diagnostics_.begin(), diagnostics_.end(), [file](const Diagnostic& d) {
        return d.severity == Severity::kError && d.range.file == file;
    }));
}

std::vector<Diagnostic> DiagnosticEngine::SortedPending() const {
    std::vector<Diagnostic> pending(diagnostics_.begin() + static_cast<std::ptrdiff_t>(flushed_), diagnostics_.end());
    // Diagnostics without a file (driver errors) come first; then by file, line, column.
    std::stable_sort(pending.begin(), pending.end(), [](const Diagnostic& a, const Diagnostic& b) {
        const auto key = [](const Diagnostic& d) {
            return std::make_tuple(d.range.file == kInvalidFileId ? -1LL : static_cast<long long>(d.range.file),
                                   d.range.begin.line, d.range.begin.column);
        };
        return key(a) < key(b);
    });
    return pending;
}

void DiagnosticEngine::Flush(std::ostream& out) {
    const DiagnosticRenderer renderer(sources_, tool_name_);
    for (const Diagnostic& d : SortedPending()) {
        if (stopped_) break;
        if (d.severity == Severity::kError && error_limit_ > 0 && printed_errors_ >= error_limit_) {
            out << "fatal error: too many errors emitted, stopping now\n";
            stopped_ = true;
            break;
        }
        renderer.Render(d, out);
        if (d.severity == Severity::kError) ++printed_errors_;
    }
    flushed_ = diagnostics_.size();
    out.flush();
}

}  // namespace cnet::compiler
