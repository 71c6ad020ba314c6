// syntax_errors.h — (internal, ANTLR) turns parser errors into friendly diagnostics, once per line.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "antlr4-runtime.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/lexer/indent_lexer.h"

namespace cnet::compiler {

/// Receives every syntax error ANTLR raises and reports the ones worth showing:
///  * at most one error per source line (the first is the cause, the rest are recovery noise),
///    counting lines where the lexer already reported something;
///  * none after a bracket that the lexer found never closed (the rest of the file is inside it).
/// raw_error_count() counts all errors, shown or not, so callers can tell the parse failed.
class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
    SyntaxErrorListener(DiagnosticEngine& diags, FileId file, const IndentLexer& lexer)
        : diags_(diags), file_(file), lexer_(lexer) {}

    void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, std::size_t line,
                     std::size_t column, const std::string& message, std::exception_ptr error) override;

    /// The range to use for the next syntaxError() instead of the offending token's (set by
    /// SyntaxErrorStrategy for "expected X" messages, which point just after the previous token).
    void SetNextRange(SourceRange range) { next_range_ = range; }

    int raw_error_count() const { return raw_error_count_; }

private:
    DiagnosticEngine& diags_;
    FileId file_;
    const IndentLexer& lexer_;
    std::optional<SourceRange> next_range_;
    std::set<std::uint32_t> reported_lines_;
    int raw_error_count_ = 0;
};

/// ANTLR's default recovery (single-token insertion/deletion, resync on follow sets) with messages
/// rewritten for people: "expected ':' after 'if' condition", "unexpected indent",
/// "expected an indented block after 'for' statement on line 3", "expected expression after '='".
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
    SyntaxErrorStrategy(SyntaxErrorListener& listener, FileId file) : listener_(listener), file_(file) {}

    /// Skips ANTLR's early check before an optional block so that the following match() can repair
    /// a single missing token (see Note [Optional-block sync] in syntax_error_listener.cc).
    void sync(antlr4::Parser* parser) override;

protected:
    void reportNoViableAlternative(antlr4::Parser* parser, const antlr4::NoViableAltException& e) override;
    void reportInputMismatch(antlr4::Parser* parser, const antlr4::InputMismatchException& e) override;
    void reportFailedPredicate(antlr4::Parser* parser, const antlr4::FailedPredicateException& e) override;
    void reportUnwantedToken(antlr4::Parser* parser) override;
    void reportMissingToken(antlr4::Parser* parser) override;

private:
    void Report(antlr4::Parser* parser, antlr4::Token* offending, const antlr4::misc::IntervalSet& expected);

    SyntaxErrorListener& listener_;
    FileId file_;
};

/// The user-facing message for a syntax error at `offending` when `expected` tokens were possible,
/// in the parser's current rule context. `points_after_previous` is set when the message is of the
/// "expected X" kind and should point just after the previous token.
std::string ComposeSyntaxMessage(antlr4::Parser& parser, const antlr4::Token& offending,
                                 const antlr4::misc::IntervalSet& expected, bool* points_after_previous);

}  // namespace cnet::compiler
