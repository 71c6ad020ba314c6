// ast_builder.cc — AST builder: module, simple statements, imports and shared helpers.
#include "compiler/ast/ast_builder.h"

#include "compiler/diagnostics/utf8.h"
#include "compiler/lexer/indent_lexer.h"

namespace cnet::compiler {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;

AstBuilder::AstBuilder(DiagnosticEngine& diags, FileId file, antlr4::TokenStream& tokens, FieldParser field_parser)
    : diags_(diags), file_(file), tokens_(tokens), field_parser_(std::move(field_parser)) {}

// ---- Helpers ----

SourceRange AstBuilder::RangeOf(Token* token) const { return TokenSourceRange(*token, file_); }

// From the first token to the end of the last token that is real text: NEWLINE, INDENT and DEDENT
// at the end of a statement or block are layout, not part of the node.
SourceRange AstBuilder::Range(ParserRuleContext* ctx) const {
    const SourceRange first = RangeOf(ctx->getStart());
    const Token* stop = ctx->getStop();
    if (stop == nullptr || stop->getTokenIndex() < ctx->getStart()->getTokenIndex()) return first;
    for (std::size_t i = stop->getTokenIndex(); i > ctx->getStart()->getTokenIndex(); --i) {
        Token* token = tokens_.get(i);
        const std::size_t type = token->getType();
        if (type != P::NEWLINE && type != P::INDENT && type != P::DEDENT && type != Token::EOF) {
            return SourceRange(file_, first.begin, RangeOf(token).end);
        }
    }
    return first;
}

SourceLocation AstBuilder::LocationInToken(Token* token, std::size_t byte_offset) const {
    SourceLocation at = RangeOf(token).begin;
    const std::string text = token->getText();
    const std::string_view before = std::string_view(text).substr(0, std::min(byte_offset, text.size()));
    const std::size_t newline = before.rfind('\n');
    if (newline == std::string_view::npos) {
        at.column += static_cast<std::uint32_t>(utf8::CodePointCount(before));
        return at;
    }
    for (char c : before) at.line += c == '\n' ? 1 : 0;
    at.column = static_cast<std::uint32_t>(utf8::CodePointCount(before.substr(newline + 1)) + 1);
    return at;
}

bool AstBuilder::HasSyntaxErrors(ParseTree* tree) const {
    if (dynamic_cast<antlr4::tree::ErrorNode*>(tree) != nullptr) return true;
    auto* ctx = dynamic_cast<ParserRuleContext*>(tree);
    if (ctx == nullptr) return false;
    if (ctx->exception != nullptr) return true;
    // Blocks are checked statement by statement, so a bad line in a body keeps the rest.
    if (ctx->getRuleIndex() == P::RuleBlock) return false;
    for (ParseTree* child : ctx->children) {
        if (HasSyntaxErrors(child)) return true;
    }
    return false;
}

void AstBuilder::CheckAssignTarget(const ast::Expr& target, const char* action) {
    using ast::NodeKind;
    switch (target.kind()) {
        case NodeKind::kNameExpr:
        case NodeKind::kAttributeExpr:
        case NodeKind::kSubscriptExpr: return;
        case NodeKind::kStarredExpr: return CheckAssignTarget(ast::Cast<ast::StarredExpr>(target).value(), action);
        case NodeKind::kTupleExpr:
            for (const auto& e : ast::Cast<ast::TupleExpr>(target).elements()) CheckAssignTarget(*e, action);
            return;
        case NodeKind::kListExpr:
            for (const auto& e : ast::Cast<ast::ListExpr>(target).elements()) CheckAssignTarget(*e, action);
            return;
        default: break;
    }
    std::string what = "expression";
    if (ast::Isa<ast::CallExpr>(target)) what = "function call";
    if (target.kind() >= NodeKind::kIntLiteral && target.kind() <= NodeKind::kFStringExpr) what = "literal";
    if (ast::Isa<ast::CompareExpr>(target)) what = "comparison";
    if (ast::Isa<ast::ConditionalExpr>(target)) what = "conditional expression";
    if (ast::Isa<ast::LambdaExpr>(target)) what = "lambda";
    if (ast::Isa<ast::ComprehensionExpr>(target)) what = "comprehension";
    diags_.Error(target.range(), std::string("cannot ") + action + " " + what);
}

// ---- Module ----

/// file_input : ( NEWLINE | stmt )* EOF ;
std::unique_ptr<ast::Module> AstBuilder::BuildFileInput(P::File_inputContext* ctx, const std::string& path) {
    ast::StmtList body;
    for (P::StmtContext* stmt : ctx->stmt()) BuildStmt(stmt, body);
    const SourceLocation end = diags_.sources().EndLocation(file_);
    return std::make_unique<ast::Module>(SourceRange(file_, {1, 1}, end), path, std::move(body));
}

/// fstring_field : testlist EOF ;
ast::ExprPtr AstBuilder::BuildFstringField(P::Fstring_fieldContext* ctx) {
    if (HasSyntaxErrors(ctx)) return nullptr;
    return BuildTestlist(ctx->testlist());
}

/// stmt : simple_stmts | compound_stmt ;
void AstBuilder::BuildStmt(P::StmtContext* ctx, ast::StmtList& out) {
    if (HasSyntaxErrors(ctx)) return;  // reported by the parser; see the class comment
    if (ctx->simple_stmts() != nullptr) return BuildSimpleStmts(ctx->simple_stmts(), out);
    if (ast::StmtPtr stmt = BuildCompoundStmt(ctx->compound_stmt())) out.push_back(std::move(stmt));
}

/// simple_stmts : simple_stmt ( SEMI simple_stmt )* SEMI? NEWLINE ;
void AstBuilder::BuildSimpleStmts(P::Simple_stmtsContext* ctx, ast::StmtList& out) {
    for (P::Simple_stmtContext* stmt : ctx->simple_stmt()) {
        if (ast::StmtPtr built = BuildSimpleStmt(stmt)) out.push_back(std::move(built));
    }
}

/// simple_stmt : expr_stmt | del_stmt | pass_stmt | break_stmt | continue_stmt | return_stmt
///             | raise_stmt | yield_stmt | global_stmt | nonlocal_stmt | assert_stmt | import_name
///             | import_from ;
ast::StmtPtr AstBuilder::BuildSimpleStmt(P::Simple_stmtContext* ctx) {
    if (ctx->expr_stmt() != nullptr) return BuildExprStmt(ctx->expr_stmt());
    if (ctx->del_stmt() != nullptr) return BuildDelStmt(ctx->del_stmt());
    if (ctx->pass_stmt() != nullptr) return std::make_unique<ast::PassStmt>(Range(ctx));
    if (ctx->break_stmt() != nullptr) return std::make_unique<ast::BreakStmt>(Range(ctx));
    if (ctx->continue_stmt() != nullptr) return std::make_unique<ast::ContinueStmt>(Range(ctx));
    if (ctx->return_stmt() != nullptr) return BuildReturnStmt(ctx->return_stmt());
    if (ctx->raise_stmt() != nullptr) return BuildRaiseStmt(ctx->raise_stmt());
    if (ctx->yield_stmt() != nullptr) return BuildYieldStmt(ctx->yield_stmt());
    if (ctx->global_stmt() != nullptr) return BuildGlobalStmt(ctx->global_stmt());
    if (ctx->nonlocal_stmt() != nullptr) return BuildNonlocalStmt(ctx->nonlocal_stmt());
    if (ctx->assert_stmt() != nullptr) return BuildAssertStmt(ctx->assert_stmt());
    if (ctx->import_name() != nullptr) return BuildImportName(ctx->import_name());
    return BuildImportFrom(ctx->import_from());
}

// ---- Expression statements and assignments ----

/// expr_stmt : testlist_star_expr ( annassign | augassign ( yield_expr | testlist )
///                                 | ( ASSIGN ( yield_expr | testlist_star_expr ) )* ) ;
ast::StmtPtr AstBuilder::BuildExprStmt(P::Expr_stmtContext* ctx) {
    const SourceRange range = Range(ctx);
    ast::ExprPtr first = BuildTestlistStarExpr(ctx->testlist_star_expr(0));
    if (ctx->annassign() != nullptr) return BuildAnnassign(ctx->annassign(), std::move(first), range);
    if (ctx->augassign() != nullptr) {
        const ast::BinaryOp op = BuildAugassign(ctx->augassign());
        ast::ExprPtr value = ctx->testlist() != nullptr ? BuildTestlist(ctx->testlist())
                                                        : BuildYieldExpr(ctx->yield_expr(0));
        if (!ast::Isa<ast::NameExpr>(*first) && !ast::Isa<ast::AttributeExpr>(*first) &&
            !ast::Isa<ast::SubscriptExpr>(*first)) {
            diags_.Error(first->range(), "augmented assignment needs a single name, attribute or subscript target");
        }
        return std::make_unique<ast::AugAssignStmt>(range, std::move(first), op, std::move(value));
    }
    if (ctx->ASSIGN().empty()) return std::make_unique<ast::ExprStmt>(range, std::move(first));
    // `a = b = value`: every expression but the last is a target.
    ast::ExprList parts;
    parts.push_back(std::move(first));
    for (std::size_t i = 1; i < ctx->children.size(); ++i) {
        if (auto* rhs = dynamic_cast<P::Testlist_star_exprContext*>(ctx->children[i])) {
            parts.push_back(BuildTestlistStarExpr(rhs));
        } else if (auto* yield = dynamic_cast<P::Yield_exprContext*>(ctx->children[i])) {
            parts.push_back(BuildYieldExpr(yield));
        }
    }
    ast::ExprPtr value = std::move(parts.back());
    parts.pop_back();
    for (const ast::ExprPtr& target : parts) CheckAssignTarget(*target, "assign to");
    return std::make_unique<ast::AssignStmt>(range, std::move(parts), std::move(value));
}

/// annassign : COLON test ( ASSIGN ( yield_expr | testlist_star_expr ) )? ;
ast::StmtPtr AstBuilder::BuildAnnassign(P::AnnassignContext* ctx, ast::ExprPtr target, SourceRange range) {
    if (!ast::Isa<ast::NameExpr>(*target) && !ast::Isa<ast::AttributeExpr>(*target) &&
        !ast::Isa<ast::SubscriptExpr>(*target)) {
        diags_.Error(target->range(), "only a single name, attribute or subscript can be annotated");
    }
    ast::ExprPtr annotation = BuildTest(ctx->test());
    ast::ExprPtr value;
    if (ctx->testlist_star_expr() != nullptr) value = BuildTestlistStarExpr(ctx->testlist_star_expr());
    if (ctx->yield_expr() != nullptr) value = BuildYieldExpr(ctx->yield_expr());
    return std::make_unique<ast::AnnAssignStmt>(range, std::move(target), std::move(annotation), std::move(value));
}

/// augassign : ADD_ASSIGN | SUB_ASSIGN | MULT_ASSIGN | AT_ASSIGN | DIV_ASSIGN | MOD_ASSIGN | AND_ASSIGN
///           | OR_ASSIGN | XOR_ASSIGN | LEFT_SHIFT_ASSIGN | RIGHT_SHIFT_ASSIGN | POWER_ASSIGN | IDIV_ASSIGN ;
ast::BinaryOp AstBuilder::BuildAugassign(P::AugassignContext* ctx) {
    using ast::BinaryOp;
    switch (ctx->getStart()->getType()) {
        case P::ADD_ASSIGN: return BinaryOp::kAdd;
        case P::SUB_ASSIGN: return BinaryOp::kSub;
        case P::MULT_ASSIGN: return BinaryOp::kMul;
        case P::AT_ASSIGN: return BinaryOp::kMatMul;
        case P::DIV_ASSIGN: return BinaryOp::kDiv;
        case P::MOD_ASSIGN: return BinaryOp::kMod;
        case P::AND_ASSIGN: return BinaryOp::kBitAnd;
        case P::OR_ASSIGN: return BinaryOp::kBitOr;
        case P::XOR_ASSIGN: return BinaryOp::kBitXor;
        case P::LEFT_SHIFT_ASSIGN: return BinaryOp::kLShift;
        case P::RIGHT_SHIFT_ASSIGN: return BinaryOp::kRShift;
        case P::POWER_ASSIGN: return BinaryOp::kPow;
        default: return BinaryOp::kFloorDiv;  // IDIV_ASSIGN, the only one left
    }
}

// ---- Other simple statements ----

/// del_stmt : DEL exprlist ;
ast::StmtPtr AstBuilder::BuildDelStmt(P::Del_stmtContext* ctx) {
    ast::ExprList targets;
    for (ParseTree* child : ctx->exprlist()->children) {
        if (dynamic_cast<TerminalNode*>(child) == nullptr) targets.push_back(BuildAnyExpr(child));
    }
    for (const ast::ExprPtr& target : targets) CheckAssignTarget(*target, "delete");
    return std::make_unique<ast::DelStmt>(Range(ctx), std::move(targets));
}

/// return_stmt : RETURN testlist_star_expr? ;
ast::StmtPtr AstBuilder::BuildReturnStmt(P::Return_stmtContext* ctx) {
    ast::ExprPtr value;
    if (ctx->testlist_star_expr() != nullptr) value = BuildTestlistStarExpr(ctx->testlist_star_expr());
    return std::make_unique<ast::ReturnStmt>(Range(ctx), std::move(value));
}

/// raise_stmt : RAISE ( test ( FROM test )? )? ;
ast::StmtPtr AstBuilder::BuildRaiseStmt(P::Raise_stmtContext* ctx) {
    const auto tests = ctx->test();
    ast::ExprPtr exception = tests.empty() ? nullptr : BuildTest(tests[0]);
    ast::ExprPtr cause = tests.size() > 1 ? BuildTest(tests[1]) : nullptr;
    return std::make_unique<ast::RaiseStmt>(Range(ctx), std::move(exception), std::move(cause));
}

/// yield_stmt : yield_expr ;
ast::StmtPtr AstBuilder::BuildYieldStmt(P::Yield_stmtContext* ctx) {
    return std::make_unique<ast::ExprStmt>(Range(ctx), BuildYieldExpr(ctx->yield_expr()));
}

/// global_stmt : GLOBAL NAME ( COMMA NAME )* ;
ast::StmtPtr AstBuilder::BuildGlobalStmt(P::Global_stmtContext* ctx) {
    std::vector<std::string> names;
    for (TerminalNode* name : ctx->NAME()) names.push_back(name->getText());
    return std::make_unique<ast::GlobalStmt>(Range(ctx), std::move(names));
}

/// nonlocal_stmt : NONLOCAL NAME ( COMMA NAME )* ;
ast::StmtPtr AstBuilder::BuildNonlocalStmt(P::Nonlocal_stmtContext* ctx) {
    std::vector<std::string> names;
    for (TerminalNode* name : ctx->NAME()) names.push_back(name->getText());
    return std::make_unique<ast::NonlocalStmt>(Range(ctx), std::move(names));
}

/// assert_stmt : ASSERT test ( COMMA test )? ;
ast::StmtPtr AstBuilder::BuildAssertStmt(P::Assert_stmtContext* ctx) {
    const auto tests = ctx->test();
    ast::ExprPtr message = tests.size() > 1 ? BuildTest(tests[1]) : nullptr;
    return std::make_unique<ast::AssertStmt>(Range(ctx), BuildTest(tests[0]), std::move(message));
}

// ---- Imports ----

/// import_name : IMPORT dotted_as_name ( COMMA dotted_as_name )* ;
ast::StmtPtr AstBuilder::BuildImportName(P::Import_nameContext* ctx) {
    ast::AliasList names;
    for (P::Dotted_as_nameContext* name : ctx->dotted_as_name()) names.push_back(BuildDottedAsName(name));
    return std::make_unique<ast::ImportStmt>(Range(ctx), std::move(names));
}

/// dotted_as_name : dotted_name ( AS NAME )? ;
std::unique_ptr<ast::Alias> AstBuilder::BuildDottedAsName(P::Dotted_as_nameContext* ctx) {
    const std::string as_name = ctx->NAME() != nullptr ? ctx->NAME()->getText() : "";
    return std::make_unique<ast::Alias>(Range(ctx), BuildDottedName(ctx->dotted_name()), as_name);
}

/// import_from : FROM import_module IMPORT import_targets ;
ast::StmtPtr AstBuilder::BuildImportFrom(P::Import_fromContext* ctx) {
    std::string module;
    const int level = BuildImportModule(ctx->import_module(), &module);
    ast::AliasList names = BuildImportTargets(ctx->import_targets());
    const bool is_star = ctx->import_targets()->STAR() != nullptr;
    return std::make_unique<ast::ImportFromStmt>(Range(ctx), module, level, std::move(names), is_star);
}

/// import_module : ( DOT | ELLIPSIS )* dotted_name | ( DOT | ELLIPSIS )+ ;
int AstBuilder::BuildImportModule(P::Import_moduleContext* ctx, std::string* module) {
    if (ctx->dotted_name() != nullptr) *module = BuildDottedName(ctx->dotted_name());
    return static_cast<int>(ctx->DOT().size() + 3 * ctx->ELLIPSIS().size());
}

/// import_targets : STAR | OPEN_PAREN import_as_names COMMA? CLOSE_PAREN | import_as_names ;
ast::AliasList AstBuilder::BuildImportTargets(P::Import_targetsContext* ctx) {
    if (ctx->import_as_names() == nullptr) return {};
    return BuildImportAsNames(ctx->import_as_names());
}

/// import_as_names : import_as_name ( COMMA import_as_name )* ;
ast::AliasList AstBuilder::BuildImportAsNames(P::Import_as_namesContext* ctx) {
    ast::AliasList names;
    for (P::Import_as_nameContext* name : ctx->import_as_name()) names.push_back(BuildImportAsName(name));
    return names;
}

/// import_as_name : NAME ( AS NAME )? ;
std::unique_ptr<ast::Alias> AstBuilder::BuildImportAsName(P::Import_as_nameContext* ctx) {
    const auto names = ctx->NAME();
    return std::make_unique<ast::Alias>(Range(ctx), names[0]->getText(), names.size() > 1 ? names[1]->getText() : "");
}

/// dotted_name : NAME ( DOT NAME )* ;
std::string AstBuilder::BuildDottedName(P::Dotted_nameContext* ctx) {
    std::string name;
    for (TerminalNode* part : ctx->NAME()) name += (name.empty() ? "" : ".") + part->getText();
    return name;
}

}  // namespace cnet::compiler
