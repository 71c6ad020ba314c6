// diagnostic.h — one reported problem: severity, source range, message and attached notes.
#pragma once

#include <string>
#include <vector>

#include "compiler/diagnostics/source_location.h"

namespace cnet::compiler {

enum class Severity { kNote, kWarning, kError };

/// "note", "warning" or "error", as printed after the location.
const char* SeverityName(Severity severity);

/// A note attached to a diagnostic, e.g. `note: did you mean 'hidden'?` at the declaration.
struct DiagnosticNote {
    SourceRange range;
    std::string message;
};

/// Messages start lowercase, have no final period and quote identifiers with '...' (STYLE.md).
struct Diagnostic {
    Severity severity = Severity::kError;
    SourceRange range;
    std::string message;
    std::vector<DiagnosticNote> notes;
};

}  // namespace cnet::compiler
