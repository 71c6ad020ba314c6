// diagnostic_engine.h — the one sink for user-facing errors, warnings and notes of every stage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "compiler/diagnostics/diagnostic.h"
#include "compiler/diagnostics/source_manager.h"

namespace cnet::compiler {

class DiagnosticEngine;

/// Returned by DiagnosticEngine::Error/Warning to attach notes to the diagnostic just reported:
/// `diags.Error(use, "unknown name 'hiden'").Note(decl, "did you mean 'hidden'?");`
class DiagnosticBuilder {
public:
    DiagnosticBuilder(DiagnosticEngine* engine, std::size_t index) : engine_(engine), index_(index) {}
    DiagnosticBuilder& Note(SourceRange range, std::string message);

private:
    DiagnosticEngine* engine_;
    std::size_t index_;
};

/// Collects diagnostics from all stages (lexer, parser, AST builder, later sema and codegen), and
/// prints them in source order with the source line and a caret. Stages never throw for user errors:
/// they report here and go on, and the driver checks HasErrors() between stages.
///
/// Output is buffered so that it can be sorted: call Flush() at the end of a stage. At most
/// error_limit() errors are printed, followed by "fatal error: too many errors emitted, stopping now";
/// stages may poll LimitReached() to stop early.
class DiagnosticEngine {
public:
    static constexpr int kDefaultErrorLimit = 20;

    explicit DiagnosticEngine(SourceManager& sources, std::string tool_name = "cnetc");

    SourceManager& sources() { return sources_; }
    const SourceManager& sources() const { return sources_; }

    DiagnosticBuilder Error(SourceRange range, std::string message);
    DiagnosticBuilder Warning(SourceRange range, std::string message);
    DiagnosticBuilder Report(Severity severity, SourceRange range, std::string message);

    int error_count() const { return error_count_; }
    int warning_count() const { return warning_count_; }
    bool HasErrors() const { return error_count_ > 0; }
    /// Number of errors located in `file` (a stage can tell whether its own input was clean).
    int ErrorCountIn(FileId file) const;

    int error_limit() const { return error_limit_; }
    void set_error_limit(int limit) { error_limit_ = limit; }  // 0 means unlimited
    bool LimitReached() const { return error_limit_ > 0 && error_count_ >= error_limit_; }

    /// Every diagnostic reported so far, in the order reported.
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    /// Unflushed diagnostics in source order (file, line, column; stable for equal positions).
    std::vector<Diagnostic> SortedPending() const;

    /// Prints the unflushed diagnostics in source order and marks them flushed.
    void Flush(std::ostream& out);

private:
    friend class DiagnosticBuilder;

    SourceManager& sources_;
    std::string tool_name_;
    std::vector<Diagnostic> diagnostics_;
    // (severity, file, line, column, message) -> index in diagnostics_, to drop exact duplicates.
    std::map<std::tuple<int, FileId, std::uint32_t, std::uint32_t, std::string>, std::size_t> reported_;
    std::size_t flushed_ = 0;  // diagnostics_[0, flushed_) have been printed (or suppressed)
    int error_count_ = 0;
    int warning_count_ = 0;
    int printed_errors_ = 0;
    int error_limit_ = kDefaultErrorLimit;
    bool stopped_ = false;  // the "too many errors" line was printed; nothing more is
};

}  // namespace cnet::compiler
