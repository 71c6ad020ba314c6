// diagnostic_renderer.h — clang-style text for one diagnostic: header, source line, caret line.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "compiler/diagnostics/diagnostic.h"
#include "compiler/diagnostics/source_manager.h"

namespace cnet::compiler {

/// Renders
///
///     models/mlp.cnet:12:22: error: unknown name 'hiden'
///             h = F.relu(self.hiden(x))
///                             ^~~~~
///     models/mlp.cnet:6:18: note: did you mean 'hidden'?
///             self.hidden = L.Linear(None, n_units)
///                  ^~~~~~
///
/// A diagnostic without a line prints "path: error: ..." (or "cnetc: error: ..." without a file).
class DiagnosticRenderer {
public:
    DiagnosticRenderer(const SourceManager& sources, std::string tool_name)
        : sources_(sources), tool_name_(std::move(tool_name)) {}

    void Render(const Diagnostic& diagnostic, std::ostream& out) const;

    /// "path:line:col: severity: message" (without the excerpt).
    std::string FormatHeader(Severity severity, const SourceRange& range, const std::string& message) const;

private:
    void RenderOne(Severity severity, const SourceRange& range, const std::string& message,
                   std::ostream& out) const;

    const SourceManager& sources_;
    std::string tool_name_;
};

/// The caret line under `line_text` for a range starting at `begin` and ending at `end` (exclusive;
/// a range that continues on later lines is underlined to the end of this line). Tabs before the
/// caret are copied so the caret lines up in any tab width; no trailing whitespace.
std::string CaretLine(std::string_view line_text, SourceLocation begin, SourceLocation end);

}  // namespace cnet::compiler
