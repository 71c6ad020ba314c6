// kernel_source.cc — decoding a kernel string literal with the .cnet position of every character
// (Note [Kernel strings] in kernel_source.h).
#include "compiler/kernel/kernel_source.h"

#include <cctype>

namespace cnet::compiler::kernel {
namespace {

/// A cursor over the source text of a range, counting lines and code-point columns.
struct Cursor {
    const SourceManager& sources;
    FileId file;
    SourceLocation at;
    SourceLocation end;
    std::string_view line;

    bool Done() const { return !(at < end); }
    /// Byte offset of `at` in its line (columns count code points).
    std::size_t Offset() const {
        std::size_t off = 0;
        for (std::uint32_t col = 1; col < at.column && off < line.size();) {
            ++off;
            while (off < line.size() && (static_cast<unsigned char>(line[off]) & 0xC0) == 0x80) ++off;
            ++col;
        }
        return off;
    }
    char Peek(std::size_t ahead = 0) const {
        const std::size_t off = Offset() + ahead;
        return off < line.size() ? line[off] : '\n';
    }
    void Advance() {
        const std::size_t off = Offset();
        if (off >= line.size()) {
            ++at.line;
            at.column = 1;
            line = sources.LineText(file, at.line);
        } else {
            ++at.column;
        }
    }
};

}  // namespace

KernelSource::KernelSource(std::string text, SourceRange range) : text_(std::move(text)), whole_(range) {
    at_.assign(text_.size() + 1, range.begin);
}

KernelSource::KernelSource(const SourceManager& sources, SourceRange range) : whole_(range) {
    Cursor c{sources, range.file, range.begin, range.end, sources.LineText(range.file, range.begin.line)};
    auto emit = [&](char ch, SourceLocation where) {
        text_.push_back(ch);
        at_.push_back(where);
    };
    SourceLocation close = range.end;
    while (!c.Done()) {
        const char ch = c.Peek();
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == '\\') {  // between adjacent literals
            c.Advance();
            continue;
        }
        if (ch == '#') {  // a comment between adjacent literals: skip to the line's end
            while (!c.Done() && c.Peek() != '\n') c.Advance();
            continue;
        }
        bool raw = false;
        while (ch != '\'' && ch != '"' && std::isalpha(static_cast<unsigned char>(c.Peek()))) {
            raw = raw || c.Peek() == 'r' || c.Peek() == 'R';
            c.Advance();
        }
        const char quote = c.Peek();
        if (quote != '\'' && quote != '"') break;  // not a literal (cannot happen for a StringLiteral node)
        const bool triple = c.Peek(1) == quote && c.Peek(2) == quote;
        for (int k = 0; k < (triple ? 3 : 1); ++k) c.Advance();
        while (!c.Done()) {
            const char d = c.Peek();
            if (d == quote && (!triple || (c.Peek(1) == quote && c.Peek(2) == quote))) {
                close = c.at;  // "the string ends here" points at its closing quote
                for (int k = 0; k < (triple ? 3 : 1); ++k) c.Advance();
                break;
            }
            const SourceLocation where = c.at;
            if (d == '\\' && !raw) {
                const char e = c.Peek(1);
                c.Advance();
                if (e == '\n') {  // backslash-newline: nothing
                    c.Advance();
                    continue;
                }
                char out = 0;
                bool known = true;
                switch (e) {
                    case 'n': out = '\n'; break;
                    case 't': out = '\t'; break;
                    case 'r': out = '\r'; break;
                    case 'v': out = '\v'; break;
                    case 'f': out = '\f'; break;
                    case 'a': out = '\a'; break;
                    case 'b': out = '\b'; break;
                    case '\\': out = '\\'; break;
                    case '\'': out = '\''; break;
                    case '"': out = '"'; break;
                    default: known = false;
                }
                if (known) {
                    c.Advance();
                    emit(out, where);
                } else {
                    emit('\\', where);  // an unknown escape stays as written (Python's rule)
                }
                continue;
            }
            // A UTF-8 character: every byte at its code point's position.
            const std::size_t off = c.Offset();
            std::size_t len = 1;
            while (off + len < c.line.size() && (static_cast<unsigned char>(c.line[off + len]) & 0xC0) == 0x80) ++len;
            for (std::size_t k = 0; k < len; ++k) emit(off + k < c.line.size() ? c.line[off + k] : '\n', where);
            c.Advance();
        }
    }
    at_.push_back(close);
}

SourceRange KernelSource::Range(std::size_t begin, std::size_t end) const {
    if (begin >= at_.size()) begin = at_.size() - 1;
    if (end >= at_.size()) end = at_.size() - 1;
    if (end < begin) end = begin;
    SourceLocation b = at_[begin];
    // The end of the last character: one column past its start (never spanning into a later line).
    SourceLocation e = end > begin ? at_[end - 1] : b;
    if (end > begin) ++e.column;
    return SourceRange(whole_.file, b, e);
}

}  // namespace cnet::compiler::kernel
