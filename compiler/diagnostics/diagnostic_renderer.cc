// diagnostic_renderer.cc — formats diagnostics with their source excerpt and caret.
#include "compiler/diagnostics/diagnostic_renderer.h"

#include <algorithm>

#include "compiler/diagnostics/utf8.h"

namespace cnet::compiler {

const char* SeverityName(Severity severity) {
    switch (severity) {
        case Severity::kNote:
            return "note";
        case Severity::kWarning:
            return "warning";
        case Severity::kError:
            return "error";
    }
    return "error";
}

std::string CaretLine(std::string_view line_text, SourceLocation begin, SourceLocation end) {
    const std::size_t length = utf8::CodePointCount(line_text);
    std::string caret;
    const std::size_t begin_offset = utf8::ByteOffsetOfColumn(line_text, begin.column);
    for (std::size_t i = 0; i < begin_offset; ++i) {
        const unsigned char c = static_cast<unsigned char>(line_text[i]);
        if ((c & 0xC0) == 0x80) continue;  // one space per code point, not per byte
        caret += c == '\t' ? '\t' : ' ';
    }
    caret += '^';
    // Underline to the range end on this line, or to the end of the line if the range goes on.
    std::size_t last_column = end.line == begin.line ? end.column : length + 1;
    last_column = std::min(last_column, length + 1);
    for (std::size_t c = static_cast<std::size_t>(begin.column) + 1; c < last_column; ++c) caret += '~';
    return caret;
}

std::string DiagnosticRenderer::FormatHeader(Severity severity, const SourceRange& range,
                                             const std::string& message) const {
    std::string where;
    if (range.file == kInvalidFileId || range.file >= sources_.FileCount()) {
        where = tool_name_;
    } else if (!range.begin.IsValid()) {
        where = sources_.Path(range.file);
    } else {
        where = sources_.Path(range.file) + ":" + std::to_string(range.begin.line) + ":" +
                std::to_string(range.begin.column);
    }
    return where + ": " + SeverityName(severity) + ": " + message;
}

void DiagnosticRenderer::RenderOne(Severity severity, const SourceRange& range, const std::string& message,
                                   std::ostream& out) const {
    out << FormatHeader(severity, range, message) << '\n';
    if (!range.IsValid() || range.file >= sources_.FileCount()) return;
    const std::string_view line = sources_.LineText(range.file, range.begin.line);
    // Nothing to point at past the end of the file or on an empty line.
    if (line.find_first_not_of(" \t") == std::string_view::npos) return;
    out << line << '\n' << CaretLine(line, range.begin, range.end) << '\n';
}

void DiagnosticRenderer::Render(const Diagnostic& diagnostic, std::ostream& out) const {
    RenderOne(diagnostic.severity, diagnostic.range, diagnostic.message, out);
    for (const DiagnosticNote& note : diagnostic.notes) RenderOne(Severity::kNote, note.range, note.message, out);
}

}  // namespace cnet::compiler
