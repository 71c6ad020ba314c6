// indent_lexer.h — the generated CnetLexer plus Python layout: NEWLINE, INDENT and DEDENT tokens.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "CnetLexer.h"
#include "compiler/diagnostics/diagnostic_engine.h"

namespace cnet::compiler {

// Note [Layout tokens]
// The generated lexer returns every physical NEWLINE and the whitespace and comments as hidden
// tokens. IndentLexer::nextToken() turns that into Python's logical lines:
//  * a NEWLINE is emitted only at the end of a non-blank logical line outside brackets, so blank
//    lines, comment-only lines, `\` continuations and newlines inside ()[]{} produce nothing;
//  * at the first token of a logical line the indentation width is compared with a stack:
//    deeper -> one INDENT; shallower -> one DEDENT per level popped; a width between two levels
//    is reported ("unindent does not match any outer indentation level") and kept as a silent
//    level so the following lines do not cascade into more errors;
//  * at EOF: a NEWLINE if the last line had no newline, then DEDENTs down to column 0.
// Synthetic tokens come from the token factory with real positions (line and column of the next
// token; INDENT covers the indentation), never from a bare CommonToken: ANTLR's error recovery
// reads their source, and a sourceless token crashes it (toolchain-notes.md, section 2.3).
// Tabs in indentation are an error (counted to the next multiple of 8 for recovery).
// Hidden tokens (spaces, comments, `\` joins) are dropped here, so the parser's stream holds only
// significant tokens.
//
// Note [Unclosed brackets]
// Inside brackets newlines are ignored, so a missing ')' swallows every following line into one
// expression and a naive parser reports nonsense far away. When a physical line inside brackets
// starts with a keyword that cannot occur inside an expression (`def`, `return`, `import`, ...;
// `if`/`for`/`else` only when the line also ends with ':' and is not indented deeper than the
// statement), the lexer reports "'(' was never closed" at the opener, closes the brackets, ends the
// broken line with a NEWLINE and carries on, so later statements are checked normally. The text in
// between is marked as swallowed; at EOF the rest of the file is.

/// The source range of a token: zero-width for NEWLINE, DEDENT and EOF (they mark a position),
/// otherwise the token's text (multi-line for triple-quoted strings). Columns are 1-based.
SourceRange TokenSourceRange(const antlr4::Token& token, FileId file);

/// Lexer for one .cnet source (or, in kExpression mode, one f-string field: no layout at all).
/// Lexical errors go straight to the DiagnosticEngine; lines that had one are remembered so that
/// the parser's error listener does not pile further errors onto them.
class IndentLexer : public grammar::CnetLexer {
public:
    enum class Mode { kFile, kExpression };

    static constexpr std::size_t kMaxBracketDepth = 200;
    static constexpr std::size_t kMaxIndentDepth = 100;
    static constexpr std::size_t kMaxTokensPerStatement = 10000;

    IndentLexer(antlr4::CharStream* input, DiagnosticEngine& diags, FileId file, Mode mode);

    std::unique_ptr<antlr4::Token> nextToken() override;

    /// True if the character at `index` lies between a bracket that was never closed and the point
    /// where the lexer gave up on it (a new statement or EOF): the parser saw that text as one broken
    /// expression, so its errors there are noise. See Note [Unclosed brackets].
    bool IsSwallowed(std::size_t index) const;
    /// A nesting or size limit was exceeded; the token stream ends early and must not be parsed.
    bool fatal() const { return fatal_; }
    /// Lines on which a lexical error was reported.
    const std::set<std::uint32_t>& error_lines() const { return error_lines_; }

private:
    struct IndentLevel {
        std::size_t width;
        bool synthetic;  // recovery level after a bad unindent: no INDENT/DEDENT for it
    };
    struct OpenBracket {
        std::size_t type;
        std::size_t start;
        std::uint32_t line;
        std::uint32_t column;  // 1-based
    };

    void Pump();
    void HandleWhitespace(const antlr4::Token& token);
    void HandleNewline(std::unique_ptr<antlr4::Token> token);
    void HandleSignificant(std::unique_ptr<antlr4::Token> token);
    void HandleEof(std::unique_ptr<antlr4::Token> token);
    void ApplyIndentation(const antlr4::Token& first);
    void TrackBrackets(const antlr4::Token& token);
    void CheckString(const antlr4::Token& token);
    void ReportInvalidCharacter(const antlr4::Token& token);
    void ReportUnclosedBrackets(std::size_t swallowed_end);
    bool StartsStatement(const antlr4::Token& token);
    bool LineEndsWithColon(const antlr4::Token& token);
    void RecoverUnclosedBrackets(const antlr4::Token& token);
    void Fatal(const antlr4::Token& at, std::string message);

    std::unique_ptr<antlr4::Token> MakeToken(std::size_t type, const std::string& text, std::size_t start,
                                             std::size_t stop, std::size_t line, std::size_t column0);
    void Error(SourceRange range, std::string message);

    DiagnosticEngine& diags_;
    FileId file_;
    Mode mode_;
    std::deque<std::unique_ptr<antlr4::Token>> pending_;
    std::vector<IndentLevel> indents_{{0, false}};
    std::vector<OpenBracket> brackets_;
    bool at_line_start_ = true;
    bool unmatched_closer_dropped_ = false;
    std::string line_indent_;  // whitespace at column 0 of the current physical line
    std::size_t line_indent_start_ = 0;
    std::size_t last_line_ = 0;          // line of the last significant token
    std::size_t last_stop_ = 0;          // its last character index
    SourceLocation last_end_;            // just past it
    std::size_t statement_tokens_ = 0;
    bool eof_emitted_ = false;
    bool fatal_ = false;
    std::vector<std::pair<std::size_t, std::size_t>> swallowed_;  // [begin, end) character indices
    std::set<std::uint32_t> error_lines_;
};

}  // namespace cnet::compiler
