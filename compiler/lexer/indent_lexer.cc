// indent_lexer.cc — layout tokens, bracket matching and lexical diagnostics. See Note [Layout tokens].
#include "compiler/lexer/indent_lexer.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "compiler/diagnostics/utf8.h"
#include "compiler/lexer/string_literal.h"

namespace cnet::compiler {
namespace {

using antlr4::Token;
using grammar::CnetLexer;

bool IsOpener(std::size_t type) {
    return type == CnetLexer::OPEN_PAREN || type == CnetLexer::OPEN_BRACK || type == CnetLexer::OPEN_BRACE;
}

bool IsCloser(std::size_t type) {
    return type == CnetLexer::CLOSE_PAREN || type == CnetLexer::CLOSE_BRACK || type == CnetLexer::CLOSE_BRACE;
}

std::size_t CloserFor(std::size_t opener) {
    return opener == CnetLexer::OPEN_PAREN ? CnetLexer::CLOSE_PAREN
           : opener == CnetLexer::OPEN_BRACK ? CnetLexer::CLOSE_BRACK
                                             : CnetLexer::CLOSE_BRACE;
}

const char* BracketText(std::size_t type) {
    switch (type) {
        case CnetLexer::OPEN_PAREN: return "(";
        case CnetLexer::CLOSE_PAREN: return ")";
        case CnetLexer::OPEN_BRACK: return "[";
        case CnetLexer::CLOSE_BRACK: return "]";
        case CnetLexer::OPEN_BRACE: return "{";
        default: return "}";
    }
}

// Indentation width with tabs to the next multiple of 8 and form feeds resetting (as CPython).
std::size_t IndentWidth(const std::string& whitespace) {
    std::size_t width = 0;
    for (char c : whitespace) {
        if (c == '\t') {
            width = (width / 8 + 1) * 8;
        } else if (c == '\f') {
            width = 0;
        } else {
            ++width;
        }
    }
    return width;
}

}  // namespace

SourceRange TokenSourceRange(const Token& token, FileId file) {
    const SourceLocation begin{static_cast<std::uint32_t>(token.getLine()),
                               static_cast<std::uint32_t>(token.getCharPositionInLine() + 1)};
    const std::size_t type = token.getType();
    if (type == CnetLexer::NEWLINE || type == CnetLexer::DEDENT || type == Token::EOF) {
        return SourceRange::Point(file, begin);
    }
    const std::string text = token.getText();
    const std::size_t last_newline = text.rfind('\n');
    if (last_newline == std::string::npos) {
        return SourceRange(file, begin, {begin.line, begin.column + static_cast<std::uint32_t>(utf8::CodePointCount(text))});
    }
    std::uint32_t lines = 0;
    for (char c : text) lines += c == '\n' ? 1 : 0;
    const std::string_view tail = std::string_view(text).substr(last_newline + 1);
    return SourceRange(file, begin, {begin.line + lines, static_cast<std::uint32_t>(utf8::CodePointCount(tail) + 1)});
}

IndentLexer::IndentLexer(antlr4::CharStream* input, DiagnosticEngine& diags, FileId file, Mode mode)
    : CnetLexer(input), diags_(diags), file_(file), mode_(mode) {}

std::unique_ptr<Token> IndentLexer::nextToken() {
    while (pending_.empty()) Pump();
    std::unique_ptr<Token> token = std::move(pending_.front());
    pending_.pop_front();
    return token;
}

void IndentLexer::Pump() {
    if (eof_emitted_ || fatal_) {  // keep answering EOF, as ANTLR lexers do
        std::unique_ptr<Token> eof = CnetLexer::nextToken();
        while (eof->getType() != Token::EOF) eof = CnetLexer::nextToken();
        pending_.push_back(std::move(eof));
        return;
    }
    std::unique_ptr<Token> token = CnetLexer::nextToken();
    switch (token->getType()) {
        case WS: return HandleWhitespace(*token);
        case COMMENT:
        case LINE_JOIN: return;
        case ERROR_CHAR: return ReportInvalidCharacter(*token);
        case NEWLINE: return HandleNewline(std::move(token));
        case Token::EOF: return HandleEof(std::move(token));
        default: return HandleSignificant(std::move(token));
    }
}

void IndentLexer::HandleWhitespace(const Token& token) {
    if (token.getCharPositionInLine() == 0) {
        line_indent_ = token.getText();
        line_indent_start_ = token.getStartIndex();
    }
}

void IndentLexer::HandleNewline(std::unique_ptr<Token> token) {
    line_indent_.clear();
    if (mode_ == Mode::kExpression || !brackets_.empty()) return;  // implicit line joining
    if (!at_line_start_) {  // blank and comment-only lines produce nothing
        pending_.push_back(std::move(token));
        at_line_start_ = true;
    }
}

void IndentLexer::HandleSignificant(std::unique_ptr<Token> token) {
    if (!brackets_.empty() && mode_ == Mode::kFile && token->getLine() != last_line_ && StartsStatement(*token)) {
        RecoverUnclosedBrackets(*token);
    }
    if (at_line_start_) {
        if (mode_ == Mode::kFile) ApplyIndentation(*token);
        at_line_start_ = false;
        statement_tokens_ = 0;
    }
    if (++statement_tokens_ > kMaxTokensPerStatement) {
        return Fatal(*token, "statement is too long (more than " + std::to_string(kMaxTokensPerStatement) +
                                 " tokens); split it into several statements");
    }
    TrackBrackets(*token);
    if (fatal_) return;
    if (token->getType() == STRING) CheckString(*token);
    // A closer that matches nothing was reported and is dropped, so the parser sees clean input.
    if (IsCloser(token->getType()) && unmatched_closer_dropped_) {
        unmatched_closer_dropped_ = false;
        return;
    }
    last_line_ = token->getLine();
    last_stop_ = token->getStopIndex();
    last_end_ = TokenSourceRange(*token, file_).end;
    pending_.push_back(std::move(token));
}

bool IndentLexer::IsSwallowed(std::size_t index) const {
    for (const auto& [begin, end] : swallowed_) {
        if (index >= begin && index < end) return true;
    }
    return false;
}

// See Note [Unclosed brackets] for which keywords count and why.
bool IndentLexer::StartsStatement(const Token& token) {
    switch (token.getType()) {
        case DEF: case CLASS: case RETURN: case IMPORT: case WITH: case TRY: case PASS: case BREAK:
        case CONTINUE: case RAISE: case DEL: case GLOBAL: case NONLOCAL: case ASSERT: case WHILE: case ELIF:
        case EXCEPT: case FINALLY:
            return true;
        case IF: case FOR: case ELSE:
            return token.getCharPositionInLine() <= indents_.back().width && LineEndsWithColon(token);
        default:
            return false;
    }
}

bool IndentLexer::LineEndsWithColon(const Token& token) {
    const std::size_t begin = token.getStartIndex();
    const std::size_t end = std::min(_input->size(), begin + 1000);
    const std::string rest = end > begin ? _input->getText(antlr4::misc::Interval(begin, end - 1)) : "";
    char quote = 0;
    char last = 0;
    for (char c : rest) {
        if (c == '\n') break;
        if (quote != 0) {
            quote = c == quote ? 0 : quote;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            break;
        }
        if (c != ' ' && c != '\t') last = c;
    }
    return last == ':';
}

void IndentLexer::RecoverUnclosedBrackets(const Token& token) {
    ReportUnclosedBrackets(token.getStartIndex());
    brackets_.clear();
    // End the broken logical line where its last token ended, so the parser's complaint (if any)
    // lands in the swallowed text and the new statement starts a fresh logical line.
    pending_.push_back(MakeToken(NEWLINE, "<newline>", last_stop_ + 1, last_stop_, last_end_.line,
                                 last_end_.column - 1));
    at_line_start_ = true;
}

void IndentLexer::ApplyIndentation(const Token& first) {
    const std::size_t width = IndentWidth(line_indent_);
    const auto line = static_cast<std::uint32_t>(first.getLine());
    if (const std::size_t tab = line_indent_.find('\t'); tab != std::string::npos) {
        const auto column = static_cast<std::uint32_t>(tab + 1);
        Error(SourceRange(file_, {line, column}, {line, column + 1}), "tab in indentation; indent with spaces");
    }
    if (width > indents_.back().width) {
        if (indents_.size() > kMaxIndentDepth) return Fatal(first, "too many levels of indentation");
        indents_.push_back({width, false});
        pending_.push_back(MakeToken(INDENT, line_indent_, line_indent_start_, first.getStartIndex() - 1, line, 0));
        return;
    }
    while (indents_.size() > 1 && indents_.back().width > width) {
        if (!indents_.back().synthetic) {
            pending_.push_back(MakeToken(DEDENT, "<dedent>", first.getStartIndex(), first.getStartIndex() - 1, line,
                                         first.getCharPositionInLine()));
        }
        indents_.pop_back();
    }
    if (indents_.back().width != width) {
        Error(TokenSourceRange(first, file_), "unindent does not match any outer indentation level");
        indents_.push_back({width, true});
    }
}

void IndentLexer::TrackBrackets(const Token& token) {
    const std::size_t type = token.getType();
    const SourceRange range = TokenSourceRange(token, file_);
    if (IsOpener(type)) {
        if (brackets_.size() >= kMaxBracketDepth) return Fatal(token, "too many nested parentheses");
        brackets_.push_back({type, token.getStartIndex(), range.begin.line, range.begin.column});
        return;
    }
    if (!IsCloser(type)) return;
    if (brackets_.empty()) {
        Error(range, std::string("unmatched '") + BracketText(type) + "'");
        unmatched_closer_dropped_ = true;
        return;
    }
    const OpenBracket open = brackets_.back();
    brackets_.pop_back();
    if (CloserFor(open.type) != type) {
        std::string message = std::string("closing '") + BracketText(type) + "' does not match opening '" +
                              BracketText(open.type) + "'";
        if (open.line != range.begin.line) message += " on line " + std::to_string(open.line);
        Error(range, message);
    }
}

void IndentLexer::CheckString(const Token& token) {
    const StringLiteralParts parts = SplitStringLiteral(token.getText());
    if (parts.terminated) return;
    SourceRange range = TokenSourceRange(token, file_);
    if (parts.triple) {  // point at the opening quotes, not at everything up to EOF
        range.end = {range.begin.line, range.begin.column + static_cast<std::uint32_t>(parts.body_begin)};
    }
    Error(range, parts.triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
}

void IndentLexer::ReportInvalidCharacter(const Token& token) {
    const std::string text = token.getText();
    const SourceRange range = TokenSourceRange(token, file_);
    if (text == "\\") return Error(range, "unexpected character after line continuation character '\\'");
    const char32_t c = utf8::DecodeFirst(text);
    if (c >= 0x21 && c < 0x7F) return Error(range, "invalid character '" + text + "' in source");
    char code[16];
    std::snprintf(code, sizeof(code), "U+%04X", static_cast<unsigned>(c));
    // Non-ASCII characters are shown as themselves; control characters only by code point.
    Error(range, c >= 0x80 ? "invalid character '" + text + "' (" + code + ") in source"
                           : std::string("invalid character ") + code + " in source");
}

void IndentLexer::HandleEof(std::unique_ptr<Token> eof) {
    eof_emitted_ = true;
    const std::size_t line = eof->getLine();
    const std::size_t column = eof->getCharPositionInLine();
    const std::size_t at = eof->getStartIndex();
    if (mode_ == Mode::kFile) {
        if (!brackets_.empty()) ReportUnclosedBrackets(std::numeric_limits<std::size_t>::max());
        if (!at_line_start_) pending_.push_back(MakeToken(NEWLINE, "<newline>", at, at - 1, line, column));
        for (; indents_.size() > 1; indents_.pop_back()) {
            if (!indents_.back().synthetic) pending_.push_back(MakeToken(DEDENT, "<dedent>", at, at - 1, line, column));
        }
    }
    pending_.push_back(std::move(eof));
}

void IndentLexer::ReportUnclosedBrackets(std::size_t swallowed_end) {
    for (const OpenBracket& open : brackets_) {
        const SourceLocation at{open.line, open.column};
        Error(SourceRange(file_, at, {at.line, at.column + 1}), std::string("'") + BracketText(open.type) +
                                                                    "' was never closed");
    }
    swallowed_.emplace_back(brackets_.front().start, swallowed_end);
}

void IndentLexer::Fatal(const Token& at, std::string message) {
    Error(TokenSourceRange(at, file_), std::move(message));
    fatal_ = true;
    pending_.clear();
}

std::unique_ptr<Token> IndentLexer::MakeToken(std::size_t type, const std::string& text, std::size_t start,
                                              std::size_t stop, std::size_t line, std::size_t column0) {
    return getTokenFactory()->create(std::make_pair(static_cast<antlr4::TokenSource*>(this), _input), type, text, Token::DEFAULT_CHANNEL, start, stop, line,
                                     column0);
}

void IndentLexer::Error(SourceRange range, std::string message) {
    // One lexical error per line: a second one on the same line is almost always a consequence.
    if (!error_lines_.insert(range.begin.line).second) return;
    diags_.Error(range, std::move(message));
}

}  // namespace cnet::compiler
