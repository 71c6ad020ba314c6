// syntax_error_messages.cc — wording of syntax errors from the parser state (rule, expected tokens).
#include <string>
#include <vector>

#include "CnetParser.h"
#include "compiler/parser/syntax_errors.h"

namespace cnet::compiler {
namespace {

using antlr4::Token;
using antlr4::misc::IntervalSet;
using P = grammar::CnetParser;

// IntervalSet::contains is overloaded for size_t and ssize_t; token enums match neither exactly.
bool Has(const IntervalSet& set, std::size_t type) { return set.contains(type); }

bool IsKeyword(std::size_t type) { return type >= P::FALSE && type <= P::YIELD; }

// Keywords that may start an expression; other keywords where a name is expected are misuse.
bool StartsExpression(std::size_t type) {
    return type == P::NOT || type == P::LAMBDA || type == P::AWAIT || type == P::YIELD || type == P::NONE ||
           type == P::TRUE || type == P::FALSE;
}

std::string Describe(const Token& token) {
    switch (token.getType()) {
        case Token::EOF: return "end of file";
        case P::NEWLINE: return "end of line";
        case P::INDENT: return "indent";
        case P::DEDENT: return "unindent";
        case P::NAME: return "name '" + token.getText() + "'";
        case P::INTEGER:
        case P::FLOAT_NUMBER: return "number '" + token.getText() + "'";
        case P::STRING: return "string literal";
        default: break;
    }
    return (IsKeyword(token.getType()) ? "keyword '" : "'") + token.getText() + "'";
}

std::string DescribeExpected(std::size_t type, const antlr4::dfa::Vocabulary& vocabulary) {
    switch (type) {
        case Token::EOF: return "end of file";
        case P::NEWLINE: return "end of line";
        case P::INDENT: return "an indented block";
        case P::NAME: return "a name";
        case P::STRING: return "a string";
        case P::INTEGER: return "a number";
        default: return vocabulary.getLiteralName(type);  // already quoted, e.g. "':'"
    }
}

// "X", "X or Y", "X, Y or Z"; empty when there are too many choices to be helpful.
std::string ExpectedList(const IntervalSet& expected, const antlr4::dfa::Vocabulary& vocabulary) {
    const std::vector<ssize_t> types = expected.toList();
    if (types.empty() || types.size() > 3) return "";
    std::string list;
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (i > 0) list += i + 1 == types.size() ? " or " : ", ";
        list += DescribeExpected(static_cast<std::size_t>(types[i]), vocabulary);
    }
    return list;
}

// What a block belongs to, in Python's words: "'if' statement on line 3", "function definition ...".
std::string BlockOwner(antlr4::ParserRuleContext* block) {
    auto* owner = dynamic_cast<antlr4::ParserRuleContext*>(block->parent);
    if (owner == nullptr) return "statement";
    const std::string line = " on line " + std::to_string(owner->getStart()->getLine());
    switch (owner->getRuleIndex()) {
        case P::RuleFuncdef: return "function definition" + line;
        case P::RuleClassdef: return "class definition" + line;
        default: return "'" + owner->getStart()->getText() + "' statement" + line;
    }
}

// "expected ':' after ..." for the compound statement headers.
std::string ColonMessage(std::size_t rule) {
    switch (rule) {
        case P::RuleIf_stmt: return "expected ':' after 'if' condition";
        case P::RuleElif_clause: return "expected ':' after 'elif' condition";
        case P::RuleWhile_stmt: return "expected ':' after 'while' condition";
        case P::RuleElse_clause: return "expected ':' after 'else'";
        case P::RuleFor_stmt: return "expected ':' after 'for' clause";
        case P::RuleTry_stmt: return "expected ':' after 'try'";
        case P::RuleExcept_clause: return "expected ':' after 'except' clause";
        case P::RuleFinally_clause: return "expected ':' after 'finally'";
        case P::RuleWith_stmt: return "expected ':' after 'with' items";
        case P::RuleFuncdef: return "expected ':' after function signature";
        case P::RuleClassdef: return "expected ':' after class header";
        case P::RuleLambdef:
        case P::RuleLambdef_nocond: return "expected ':' after lambda parameters";
        default: return "";
    }
}

// Specific "expected" messages for one missing token in one rule.
std::string RuleTokenMessage(std::size_t rule, const IntervalSet& expected) {
    if ((rule == P::RuleFor_stmt || rule == P::RuleComp_for) && Has(expected, P::IN)) {
        return "expected 'in' after 'for' target";
    }
    if (rule == P::RuleImport_from && Has(expected, P::IMPORT)) return "expected 'import' after module name";
    if (rule == P::RuleFuncdef && Has(expected, P::NAME)) return "expected function name after 'def'";
    if (rule == P::RuleFuncdef && Has(expected, P::OPEN_PAREN)) return "expected '(' after function name";
    if (rule == P::RuleClassdef && Has(expected, P::NAME)) return "expected class name after 'class'";
    if (rule == P::RuleTest && Has(expected, P::ELSE)) return "expected 'else' in conditional expression";
    if (rule == P::RuleTrailer && Has(expected, P::NAME)) return "expected attribute name after '.'";
    if (rule == P::RuleDotted_name && Has(expected, P::NAME)) return "expected a name after '.'";
    if (rule == P::RuleImport_targets && Has(expected, P::NAME)) return "expected a name to import after 'import'";
    return "";
}

bool EndsOperand(std::size_t type) {
    return type == P::NAME || type == P::INTEGER || type == P::FLOAT_NUMBER || type == P::STRING ||
           type == P::CLOSE_PAREN || type == P::CLOSE_BRACK || type == P::CLOSE_BRACE || type == P::NONE ||
           type == P::TRUE || type == P::FALSE;
}

bool StartsOperand(std::size_t type) {
    return type == P::NAME || type == P::INTEGER || type == P::FLOAT_NUMBER || type == P::STRING ||
           type == P::OPEN_PAREN || type == P::OPEN_BRACK || type == P::OPEN_BRACE || type == P::NONE ||
           type == P::TRUE || type == P::FALSE;
}

// True if the token before the current one is inside ()[]{} opened on the same logical line.
bool InsideBrackets(antlr4::TokenStream& tokens) {
    int depth = 0;
    for (ssize_t k = 1;; ++k) {
        const Token* token = tokens.LT(-k);
        if (token == nullptr) return false;
        const std::size_t type = token->getType();
        if (type == P::NEWLINE || type == P::INDENT || type == P::DEDENT) return false;
        if (type == P::CLOSE_PAREN || type == P::CLOSE_BRACK || type == P::CLOSE_BRACE) --depth;
        if (type == P::OPEN_PAREN || type == P::OPEN_BRACK || type == P::OPEN_BRACE) {
            if (++depth > 0) return true;
        }
    }
}

bool AtLineStart(const Token* previous) {
    return previous == nullptr || previous->getType() == P::NEWLINE || previous->getType() == P::INDENT ||
           previous->getType() == P::DEDENT;
}

// A clause keyword that appears without its statement: `else:` after a dedent mistake.
std::string DanglingClauseMessage(std::size_t type) {
    switch (type) {
        case P::ELIF: return "'elif' without a matching 'if'";
        case P::ELSE: return "'else' without a matching 'if', 'for', 'while' or 'try'";
        case P::EXCEPT: return "'except' without a matching 'try'";
        case P::FINALLY: return "'finally' without a matching 'try'";
        default: return "";
    }
}

}  // namespace

std::string ComposeSyntaxMessage(antlr4::Parser& parser, const Token& offending, const IntervalSet& expected,
                                 bool* points_after_previous) {
    *points_after_previous = false;
    const std::size_t type = offending.getType();
    antlr4::ParserRuleContext* context = parser.getContext();
    const std::size_t rule = context != nullptr ? context->getRuleIndex() : std::size_t{P::RuleFile_input};
    antlr4::TokenStream* tokens = parser.getTokenStream();
    const Token* previous = tokens->LT(-1);

    if (type == P::INDENT) return "unexpected indent";
    if (rule == P::RuleDecorated && Has(expected, P::DEF)) return "expected a function or class definition after decorator";
    if (Has(expected, P::INDENT) && context != nullptr) {
        return "expected an indented block after " + BlockOwner(context);
    }
    if (AtLineStart(previous) && !Has(expected, type)) {
        if (std::string dangling = DanglingClauseMessage(type); !dangling.empty()) return dangling;
    }
    if (previous != nullptr && previous->getType() == P::NAME && AtLineStart(tokens->LT(-2)) &&
        (previous->getText() == "print" || previous->getText() == "exec") &&
        (type == P::NAME || type == P::STRING || type == P::INTEGER || type == P::FLOAT_NUMBER)) {
        return "missing parentheses in call to '" + previous->getText() + "'; write " + previous->getText() + "(...)";
    }
    *points_after_previous = true;
    if (Has(expected, P::COLON)) {
        if (type == P::ASSIGN && (rule == P::RuleIf_stmt || rule == P::RuleElif_clause || rule == P::RuleWhile_stmt)) {
            *points_after_previous = false;
            return "invalid '=' in a condition; use '==' to compare";
        }
        if (std::string colon = ColonMessage(rule); !colon.empty()) return colon;
    }
    if (IsKeyword(type) && !StartsExpression(type) && Has(expected, P::NAME)) {
        *points_after_previous = false;
        return "'" + offending.getText() + "' is a keyword and cannot be used as a name";
    }
    if (std::string specific = RuleTokenMessage(rule, expected); !specific.empty()) return specific;
    if (Has(expected, P::NAME) && Has(expected, P::INTEGER) && !AtLineStart(previous)) {
        return "expected expression after '" + previous->getText() + "'";
    }
    if (!Has(expected, P::NEWLINE)) {
        if (std::string list = ExpectedList(expected, parser.getVocabulary()); !list.empty()) {
            return "expected " + list + (type == Token::EOF ? " before end of file" : "");
        }
    }
    *points_after_previous = false;
    if (previous != nullptr && EndsOperand(previous->getType()) && StartsOperand(type) && InsideBrackets(*tokens)) {
        return "unexpected " + Describe(offending) + "; did you forget a comma?";
    }
    return "unexpected " + Describe(offending);
}

}  // namespace cnet::compiler
