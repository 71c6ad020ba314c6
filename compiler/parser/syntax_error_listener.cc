// syntax_error_listener.cc — filtering and reporting of ANTLR syntax errors, and the recovery strategy hooks.
#include "compiler/parser/syntax_errors.h"

#include "CnetParser.h"

namespace cnet::compiler {

using antlr4::Token;

void SyntaxErrorListener::syntaxError(antlr4::Recognizer* recognizer, Token* offending, std::size_t line,
                                      std::size_t column, const std::string& message, std::exception_ptr) {
    ++raw_error_count_;
    SourceRange range = offending != nullptr
                            ? TokenSourceRange(*offending, file_)
                            : SourceRange::Point(file_, {static_cast<std::uint32_t>(line),
                                                         static_cast<std::uint32_t>(column + 1)});
    if (next_range_) range = *next_range_;
    next_range_.reset();
    if (dynamic_cast<antlr4::Lexer*>(recognizer) != nullptr) {  // unreachable with ERROR_CHAR; kept as a net
        diags_.Error(range, message);
        return;
    }
    if (offending != nullptr && lexer_.IsSwallowed(offending->getStartIndex())) return;
    if (lexer_.error_lines().count(range.begin.line) != 0) return;
    // A DEDENT the parser did not expect closes a block whose start already failed (an unexpected
    // indent or a broken header); once something was reported it is never news.
    const bool reported_before = !reported_lines_.empty() || !lexer_.error_lines().empty();
    if (offending != nullptr && offending->getType() == IndentLexer::DEDENT && reported_before) return;
    // The body of a header that failed to parse is an "unexpected indent"; the header's error says it.
    if (offending != nullptr && offending->getType() == IndentLexer::INDENT) {
        auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
        const Token* newline = parser != nullptr ? parser->getTokenStream()->LT(-1) : nullptr;
        const auto line = static_cast<std::uint32_t>(newline != nullptr ? newline->getLine() : 0);
        if (reported_lines_.count(line) != 0 || lexer_.error_lines().count(line) != 0) return;
    }
    if (!reported_lines_.insert(range.begin.line).second) return;
    diags_.Error(range, message);
}

void SyntaxErrorStrategy::Report(antlr4::Parser* parser, Token* offending,
                                 const antlr4::misc::IntervalSet& expected) {
    bool after_previous = false;
    const std::string message = ComposeSyntaxMessage(*parser, *offending, expected, &after_previous);
    const Token* previous = parser->getTokenStream()->LT(-1);
    if (after_previous && previous != nullptr && previous->getType() != grammar::CnetLexer::NEWLINE &&
        previous->getType() != grammar::CnetLexer::INDENT && previous->getType() != grammar::CnetLexer::DEDENT) {
        listener_.SetNextRange(SourceRange::Point(file_, TokenSourceRange(*previous, file_).end));
    }
    parser->notifyErrorListeners(offending, message, nullptr);
}

// Note [Optional-block sync]
// ANTLR's sync() runs before every subrule; at an optional block `( ARROW test )?` followed by
// COLON it sees NEWLINE in `def f(x)<newline>`, cannot delete it, throws, and recovery then skips
// the whole header, so the indented body becomes "unexpected indent" and its end "unexpected
// unindent". Without the early check the parser skips the optional block, match(COLON) fails, and
// single-token insertion conjures the ':' (NEWLINE can follow it), so the body parses normally and
// the user sees one error. Loops keep the default sync, which deletes stray tokens inside lists.
//
// Note [Layout tokens in recovery]
// At a statement loop, ANTLR's sync() reports an unexpected token and then skips everything up to
// the next token that can start a statement. A stray DEDENT (closing a block whose INDENT was
// already reported) would therefore also swallow the following `elif`, `else` or `except`, and the
// rest of that line would be misread (`z:` as an annotation). A stray INDENT or DEDENT is skipped
// alone here, and the token after it is judged on its own.
void SyntaxErrorStrategy::sync(antlr4::Parser* parser) {
    using antlr4::atn::ATNState;
    const antlr4::atn::ATN& atn = parser->getInterpreter<antlr4::atn::ParserATNSimulator>()->atn;
    ATNState* state = atn.states[parser->getState()];
    const std::size_t state_type = state->getStateType();
    if (state_type == ATNState::BLOCK_START) return;
    const bool at_loop = state_type == ATNState::STAR_LOOP_ENTRY || state_type == ATNState::STAR_LOOP_BACK ||
                         state_type == ATNState::PLUS_LOOP_BACK;
    while (at_loop) {
        const std::size_t la = parser->getTokenStream()->LA(1);
        if (la != IndentLexer::INDENT && la != IndentLexer::DEDENT) break;
        const antlr4::misc::IntervalSet& next = atn.nextTokens(state);
        if (next.contains(la) || next.contains(Token::EPSILON)) break;
        const bool recovering = inErrorRecoveryMode(parser);
        if (!recovering) reportUnwantedToken(parser);
        parser->consume();
        if (!recovering) endErrorCondition(parser);
    }
    DefaultErrorStrategy::sync(parser);
}

void SyntaxErrorStrategy::reportNoViableAlternative(antlr4::Parser* parser, const antlr4::NoViableAltException& e) {
    Report(parser, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportInputMismatch(antlr4::Parser* parser, const antlr4::InputMismatchException& e) {
    Report(parser, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportFailedPredicate(antlr4::Parser* parser, const antlr4::FailedPredicateException& e) {
    Report(parser, e.getOffendingToken(), e.getExpectedTokens());  // the grammar has no predicates
}

void SyntaxErrorStrategy::reportUnwantedToken(antlr4::Parser* parser) {
    if (inErrorRecoveryMode(parser)) return;
    beginErrorCondition(parser);
    Token* offending = parser->getCurrentToken();
    // A line that ends too early reads best as "expected X"; any other extra token after something
    // complete reads best as "unexpected Y", without the long list of what could have followed.
    if (offending->getType() == IndentLexer::NEWLINE || offending->getType() == antlr4::Token::EOF) {
        Report(parser, offending, getExpectedTokens(parser));
        return;
    }
    // `@decorator` followed by anything but a definition: say what must follow.
    if (parser->getContext() != nullptr && parser->getContext()->getRuleIndex() == grammar::CnetParser::RuleDecorated) {
        Report(parser, offending, getExpectedTokens(parser));
        return;
    }
    bool unused = false;
    std::string message = ComposeSyntaxMessage(*parser, *offending, antlr4::misc::IntervalSet(), &unused);
    parser->notifyErrorListeners(offending, message, nullptr);
}

void SyntaxErrorStrategy::reportMissingToken(antlr4::Parser* parser) {
    if (inErrorRecoveryMode(parser)) return;
    beginErrorCondition(parser);
    Report(parser, parser->getCurrentToken(), getExpectedTokens(parser));
}

}  // namespace cnet::compiler
