// ast_builder.h — (internal, ANTLR) parse tree -> typed AST; one Build<Rule> method per grammar rule.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "CnetParser.h"
#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/module.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/lexer/string_literal.h"

namespace cnet::compiler {

/// Walks the ANTLR parse tree through its typed context accessors (no ANTLR visitor, no std::any)
/// and builds the AST. This and the lexer/parser plumbing are the only code that sees ANTLR types.
///
/// Statements whose parse tree contains a syntax error (already reported by the parser) are
/// skipped, so the builder only ever sees complete subtrees; it reports the errors that are easier
/// to check on the tree than in the grammar: invalid assignment targets, literal values, string
/// prefixes, f-string fields, argument and parameter order.
///
/// The methods are spread over four files by grammar area: ast_builder.cc (module, simple
/// statements), ast_builder_compound.cc, ast_builder_expr.cc (operators), ast_builder_atom.cc
/// (atoms, trailers, displays, comprehensions); literals are in ast_builder_literal.cc.
class AstBuilder {
public:
    using P = grammar::CnetParser;
    /// Parses the source text of an f-string replacement field that starts at `start`; returns null
    /// after reporting if it does not parse.
    using FieldParser = std::function<ast::ExprPtr(const std::string& text, SourceLocation start)>;

    AstBuilder(DiagnosticEngine& diags, FileId file, antlr4::TokenStream& tokens, FieldParser field_parser);

    std::unique_ptr<ast::Module> BuildFileInput(P::File_inputContext* ctx, const std::string& path);
    ast::ExprPtr BuildFstringField(P::Fstring_fieldContext* ctx);

private:
    // Call arguments split into positional and keyword parts.
    struct Arguments {
        ast::ExprList positional;
        ast::KeywordList keywords;
    };
    // Contents of (...) or [...]: elements, whether a comma made it a tuple, or a comprehension.
    struct ElementList {
        ast::ExprList elements;
        bool has_comma = false;
        ast::ComprehensionList generators;
    };

    // ---- Module and simple statements (ast_builder.cc) ----
    void BuildStmt(P::StmtContext* ctx, ast::StmtList& out);
    void BuildSimpleStmts(P::Simple_stmtsContext* ctx, ast::StmtList& out);
    ast::StmtPtr BuildSimpleStmt(P::Simple_stmtContext* ctx);
    ast::StmtPtr BuildExprStmt(P::Expr_stmtContext* ctx);
    ast::StmtPtr BuildAnnassign(P::AnnassignContext* ctx, ast::ExprPtr target, SourceRange range);
    ast::BinaryOp BuildAugassign(P::AugassignContext* ctx);
    ast::StmtPtr BuildDelStmt(P::Del_stmtContext* ctx);
    ast::StmtPtr BuildReturnStmt(P::Return_stmtContext* ctx);
    ast::StmtPtr BuildRaiseStmt(P::Raise_stmtContext* ctx);
    ast::StmtPtr BuildYieldStmt(P::Yield_stmtContext* ctx);
    ast::StmtPtr BuildGlobalStmt(P::Global_stmtContext* ctx);
    ast::StmtPtr BuildNonlocalStmt(P::Nonlocal_stmtContext* ctx);
    ast::StmtPtr BuildAssertStmt(P::Assert_stmtContext* ctx);
    ast::StmtPtr BuildImportName(P::Import_nameContext* ctx);
    std::unique_ptr<ast::Alias> BuildDottedAsName(P::Dotted_as_nameContext* ctx);
    ast::StmtPtr BuildImportFrom(P::Import_fromContext* ctx);
    int BuildImportModule(P::Import_moduleContext* ctx, std::string* module);
    ast::AliasList BuildImportTargets(P::Import_targetsContext* ctx);
    ast::AliasList BuildImportAsNames(P::Import_as_namesContext* ctx);
    std::unique_ptr<ast::Alias> BuildImportAsName(P::Import_as_nameContext* ctx);
    std::string BuildDottedName(P::Dotted_nameContext* ctx);

    // ---- Compound statements and definitions (ast_builder_compound.cc) ----
    ast::StmtPtr BuildCompoundStmt(P::Compound_stmtContext* ctx);
    ast::StmtPtr BuildAsyncStmt(P::Async_stmtContext* ctx);
    ast::StmtPtr BuildIfStmt(P::If_stmtContext* ctx);
    ast::StmtPtr BuildElifClause(P::Elif_clauseContext* ctx, SourceLocation chain_end, ast::StmtList orelse);
    ast::StmtList BuildElseClause(P::Else_clauseContext* ctx);
    ast::StmtPtr BuildWhileStmt(P::While_stmtContext* ctx);
    ast::StmtPtr BuildForStmt(P::For_stmtContext* ctx, bool is_async, SourceRange range);
    ast::StmtPtr BuildTryStmt(P::Try_stmtContext* ctx);
    std::unique_ptr<ast::ExceptHandler> BuildExceptClause(P::Except_clauseContext* ctx);
    ast::StmtList BuildFinallyClause(P::Finally_clauseContext* ctx);
    ast::StmtPtr BuildWithStmt(P::With_stmtContext* ctx, bool is_async, SourceRange range);
    std::unique_ptr<ast::WithItem> BuildWithItem(P::With_itemContext* ctx);
    ast::StmtList BuildBlock(P::BlockContext* ctx);
    ast::StmtPtr BuildDecorated(P::DecoratedContext* ctx);
    ast::ExprPtr BuildDecorator(P::DecoratorContext* ctx);
    ast::StmtPtr BuildAsyncFuncdef(P::Async_funcdefContext* ctx, ast::ExprList decorators);
    ast::StmtPtr BuildFuncdef(P::FuncdefContext* ctx, ast::ExprList decorators, bool is_async, SourceRange range);
    ast::ParamList BuildParameters(P::ParametersContext* ctx);
    ast::ParamList BuildParamlist(P::ParamlistContext* ctx);
    std::unique_ptr<ast::Param> BuildParam(P::ParamContext* ctx);
    std::unique_ptr<ast::Param> BuildTfpdef(P::TfpdefContext* ctx, ast::Param::Kind kind, SourceRange range,
                                            ast::ExprPtr default_value);
    ast::StmtPtr BuildClassdef(P::ClassdefContext* ctx, ast::ExprList decorators);

    // ---- Operator expressions (ast_builder_expr.cc) ----
    ast::ExprPtr BuildNamedexprTest(P::Namedexpr_testContext* ctx);
    ast::ExprPtr BuildTest(P::TestContext* ctx);
    ast::ExprPtr BuildTestNocond(P::Test_nocondContext* ctx);
    ast::ExprPtr BuildLambdef(P::LambdefContext* ctx);
    ast::ExprPtr BuildLambdefNocond(P::Lambdef_nocondContext* ctx);
    ast::ParamList BuildLambdaParams(P::Lambda_paramsContext* ctx);
    std::unique_ptr<ast::Param> BuildLambdaParam(P::Lambda_paramContext* ctx);
    ast::ExprPtr BuildOrTest(P::Or_testContext* ctx);
    ast::ExprPtr BuildAndTest(P::And_testContext* ctx);
    ast::ExprPtr BuildNotTest(P::Not_testContext* ctx);
    ast::ExprPtr BuildComparison(P::ComparisonContext* ctx);
    ast::CompareOp BuildCompOp(P::Comp_opContext* ctx);
    ast::ExprPtr BuildStarExpr(P::Star_exprContext* ctx);
    ast::ExprPtr BuildExpr(P::ExprContext* ctx);
    ast::ExprPtr BuildXorExpr(P::Xor_exprContext* ctx);
    ast::ExprPtr BuildAndExpr(P::And_exprContext* ctx);
    ast::ExprPtr BuildShiftExpr(P::Shift_exprContext* ctx);
    ast::ExprPtr BuildArithExpr(P::Arith_exprContext* ctx);
    ast::ExprPtr BuildTerm(P::TermContext* ctx);
    ast::ExprPtr BuildFactor(P::FactorContext* ctx);
    ast::ExprPtr BuildPower(P::PowerContext* ctx);
    ast::ExprPtr BuildAtomExpr(P::Atom_exprContext* ctx);
    ast::ExprPtr BuildYieldExpr(P::Yield_exprContext* ctx);

    // ---- Atoms, trailers, displays, comprehensions (ast_builder_atom.cc) ----
    ast::ExprPtr BuildAtom(P::AtomContext* ctx);
    ElementList BuildTestlistComp(P::Testlist_compContext* ctx);
    ast::ExprPtr BuildTrailer(P::TrailerContext* ctx, ast::ExprPtr value, SourceLocation begin);
    ast::ExprPtr BuildSubscriptlist(P::SubscriptlistContext* ctx);
    ast::ExprPtr BuildSubscript(P::SubscriptContext* ctx);
    ast::ExprPtr BuildSliceop(P::SliceopContext* ctx);
    ast::ExprPtr BuildExprlist(P::ExprlistContext* ctx);
    ast::ExprPtr BuildTestlist(P::TestlistContext* ctx);
    ast::ExprPtr BuildTestlistStarExpr(P::Testlist_star_exprContext* ctx);
    ast::ExprPtr BuildDictorsetmaker(P::DictorsetmakerContext* ctx, SourceRange range);
    void BuildDictEntry(P::Dict_entryContext* ctx, ast::ExprList& keys, ast::ExprList& values);
    Arguments BuildArglist(P::ArglistContext* ctx);
    void BuildArgument(P::ArgumentContext* ctx, std::size_t argument_count, Arguments& out);
    void BuildCompFor(P::Comp_forContext* ctx, ast::ComprehensionList& out);
    void BuildCompIter(P::Comp_iterContext* ctx, ast::ExprList& conditions, ast::ComprehensionList& out,
                       SourceLocation* end);
    void BuildCompIf(P::Comp_ifContext* ctx, ast::ExprList& conditions, ast::ComprehensionList& out,
                     SourceLocation* end);

    // ---- Literals (ast_builder_literal.cc) ----
    ast::ExprPtr BuildStrings(const std::vector<antlr4::tree::TerminalNode*>& strings, SourceRange range);
    void AppendStringPieces(antlr4::Token* token, ast::ExprList& parts, bool* formatted);
    void ReportLiteralProblems(antlr4::Token* token, std::size_t base, const std::vector<EscapeProblem>& problems);
    ast::ExprPtr BuildNumber(antlr4::Token* token);

    // ---- Helpers (ast_builder.cc) ----
    SourceRange Range(antlr4::ParserRuleContext* ctx) const;
    SourceRange RangeOf(antlr4::Token* token) const;
    SourceLocation LocationInToken(antlr4::Token* token, std::size_t byte_offset) const;
    bool HasSyntaxErrors(antlr4::tree::ParseTree* tree) const;
    /// Reports targets that cannot be assigned (or deleted): `f() = 1`, `1 += x`, `a + b = c`.
    void CheckAssignTarget(const ast::Expr& target, const char* action);
    /// Builds a list of `rule (',' rule)* ','?` elements: one element alone, else a tuple.
    ast::ExprPtr BuildCommaList(antlr4::ParserRuleContext* ctx, bool parenthesized);
    /// Dispatches an expression-like subcontext (test, expr, star_expr, ...) to its Build method.
    ast::ExprPtr BuildAnyExpr(antlr4::tree::ParseTree* tree);

    DiagnosticEngine& diags_;
    FileId file_;
    antlr4::TokenStream& tokens_;
    FieldParser field_parser_;
};

}  // namespace cnet::compiler
