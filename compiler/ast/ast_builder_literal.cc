// ast_builder_literal.cc — AST builder: numbers, strings (escapes, prefixes, concatenation) and f-strings.
#include "compiler/ast/ast_builder.h"

#include "compiler/lexer/fstring_splitter.h"
#include "compiler/lexer/number_literal.h"

namespace cnet::compiler {

using antlr4::Token;
using antlr4::tree::TerminalNode;

/// atom : ... | INTEGER | FLOAT_NUMBER | ... ;
ast::ExprPtr AstBuilder::BuildNumber(Token* token) {
    const SourceRange range = RangeOf(token);
    if (token->getType() == P::INTEGER) {
        const IntegerValue value = DecodeInteger(token->getText());
        if (!value.error.empty()) diags_.Error(range, value.error);
        return std::make_unique<ast::IntLiteral>(range, value.value);
    }
    const FloatValue value = DecodeFloat(token->getText());
    if (!value.error.empty()) diags_.Error(range, value.error);
    return std::make_unique<ast::FloatLiteral>(range, value.value);
}

/// atom : ... | STRING+ | ... ;
/// Adjacent literals concatenate (`'a' "b"` is "ab"); if any of them is an f-string the result is an
/// FStringExpr whose parts are the literal pieces and replacement fields of all of them, in order.
ast::ExprPtr AstBuilder::BuildStrings(const std::vector<TerminalNode*>& strings, SourceRange range) {
    ast::ExprList parts;
    bool formatted = false;
    for (TerminalNode* string : strings) AppendStringPieces(string->getSymbol(), parts, &formatted);
    if (formatted) return std::make_unique<ast::FStringExpr>(range, std::move(parts));
    std::string value;
    for (const ast::ExprPtr& part : parts) value += ast::Cast<ast::StringLiteral>(*part).value();
    return std::make_unique<ast::StringLiteral>(range, std::move(value));
}

void AstBuilder::ReportLiteralProblems(Token* token, std::size_t base, const std::vector<EscapeProblem>& problems) {
    for (const EscapeProblem& problem : problems) {
        const SourceRange range(file_, LocationInToken(token, base + problem.offset),
                                LocationInToken(token, base + problem.offset + problem.length));
        diags_.Report(problem.is_error ? Severity::kError : Severity::kWarning, range, problem.message);
    }
}

void AstBuilder::AppendStringPieces(Token* token, ast::ExprList& parts, bool* formatted) {
    const std::string text = token->getText();
    const StringLiteralParts literal = SplitStringLiteral(text);
    const SourceRange prefix(file_, RangeOf(token).begin, LocationInToken(token, literal.prefix_length));
    if (literal.bytes) diags_.Error(prefix, "bytes literals are not supported in .cnet; use a str literal");
    const std::string_view body = std::string_view(text).substr(literal.body_begin, literal.body_end - literal.body_begin);
    if (!literal.terminated) {  // reported by the lexer; keep the text but do not pile on errors
        parts.push_back(std::make_unique<ast::StringLiteral>(RangeOf(token), std::string(body)));
        return;
    }
    std::vector<EscapeProblem> problems;
    if (!literal.formatted) {
        std::string value = literal.raw ? std::string(body) : DecodeEscapes(body, &problems);
        ReportLiteralProblems(token, literal.body_begin, problems);
        parts.push_back(std::make_unique<ast::StringLiteral>(RangeOf(token), std::move(value)));
        return;
    }
    *formatted = true;
    const std::vector<FStringPiece> pieces = SplitFString(body, literal.raw, &problems);
    ReportLiteralProblems(token, literal.body_begin, problems);
    for (const FStringPiece& piece : pieces) {
        const SourceRange range(file_, LocationInToken(token, literal.body_begin + piece.begin),
                                LocationInToken(token, literal.body_begin + piece.end));
        if (piece.kind == FStringPiece::Kind::kLiteral) {
            parts.push_back(std::make_unique<ast::StringLiteral>(range, piece.text));
            continue;
        }
        const std::string source(body.substr(piece.expr_begin, piece.expr_end - piece.expr_begin));
        ast::ExprPtr value = field_parser_(source, LocationInToken(token, literal.body_begin + piece.expr_begin));
        if (value == nullptr) continue;  // the field's syntax error is reported
        parts.push_back(
            std::make_unique<ast::FormattedValueExpr>(range, std::move(value), piece.conversion, piece.format_spec));
    }
}

}  // namespace cnet::compiler
