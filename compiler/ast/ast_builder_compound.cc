// ast_builder_compound.cc — AST builder: compound statements, blocks, functions, classes, parameters.
#include "compiler/ast/ast_builder.h"

namespace cnet::compiler {

using antlr4::tree::ParseTree;

/// compound_stmt : if_stmt | while_stmt | for_stmt | try_stmt | with_stmt | funcdef | classdef
///               | decorated | async_stmt ;
ast::StmtPtr AstBuilder::BuildCompoundStmt(P::Compound_stmtContext* ctx) {
    if (ctx->if_stmt() != nullptr) return BuildIfStmt(ctx->if_stmt());
    if (ctx->while_stmt() != nullptr) return BuildWhileStmt(ctx->while_stmt());
    if (ctx->for_stmt() != nullptr) return BuildForStmt(ctx->for_stmt(), false, Range(ctx->for_stmt()));
    if (ctx->try_stmt() != nullptr) return BuildTryStmt(ctx->try_stmt());
    if (ctx->with_stmt() != nullptr) return BuildWithStmt(ctx->with_stmt(), false, Range(ctx->with_stmt()));
    if (ctx->funcdef() != nullptr) return BuildFuncdef(ctx->funcdef(), {}, false, Range(ctx->funcdef()));
    if (ctx->classdef() != nullptr) return BuildClassdef(ctx->classdef(), {});
    if (ctx->decorated() != nullptr) return BuildDecorated(ctx->decorated());
    return BuildAsyncStmt(ctx->async_stmt());
}

/// async_stmt : ASYNC ( funcdef | with_stmt | for_stmt ) ;
ast::StmtPtr AstBuilder::BuildAsyncStmt(P::Async_stmtContext* ctx) {
    const SourceRange range = Range(ctx);  // includes 'async'
    if (ctx->funcdef() != nullptr) return BuildFuncdef(ctx->funcdef(), {}, true, range);
    if (ctx->with_stmt() != nullptr) return BuildWithStmt(ctx->with_stmt(), true, range);
    return BuildForStmt(ctx->for_stmt(), true, range);
}

/// if_stmt : IF namedexpr_test COLON block elif_clause* else_clause? ;
ast::StmtPtr AstBuilder::BuildIfStmt(P::If_stmtContext* ctx) {
    const SourceRange range = Range(ctx);
    ast::StmtList orelse;
    if (ctx->else_clause() != nullptr) orelse = BuildElseClause(ctx->else_clause());
    // `elif` chains nest from the last one outwards; each runs to the end of the whole statement.
    const auto elifs = ctx->elif_clause();
    for (auto it = elifs.rbegin(); it != elifs.rend(); ++it) {
        ast::StmtPtr nested = BuildElifClause(*it, range.end, std::move(orelse));
        orelse.clear();
        orelse.push_back(std::move(nested));
    }
    return std::make_unique<ast::IfStmt>(range, BuildNamedexprTest(ctx->namedexpr_test()), BuildBlock(ctx->block()),
                                         std::move(orelse), false);
}

/// elif_clause : ELIF namedexpr_test COLON block ;
ast::StmtPtr AstBuilder::BuildElifClause(P::Elif_clauseContext* ctx, SourceLocation chain_end, ast::StmtList orelse) {
    const SourceRange range(file_, Range(ctx).begin, chain_end);
    return std::make_unique<ast::IfStmt>(range, BuildNamedexprTest(ctx->namedexpr_test()), BuildBlock(ctx->block()),
                                         std::move(orelse), true);
}

/// else_clause : ELSE COLON block ;
ast::StmtList AstBuilder::BuildElseClause(P::Else_clauseContext* ctx) { return BuildBlock(ctx->block()); }

/// while_stmt : WHILE namedexpr_test COLON block else_clause? ;
ast::StmtPtr AstBuilder::BuildWhileStmt(P::While_stmtContext* ctx) {
    ast::StmtList orelse = ctx->else_clause() != nullptr ? BuildElseClause(ctx->else_clause()) : ast::StmtList{};
    return std::make_unique<ast::WhileStmt>(Range(ctx), BuildNamedexprTest(ctx->namedexpr_test()),
                                            BuildBlock(ctx->block()), std::move(orelse));
}

/// for_stmt : FOR exprlist IN testlist COLON block else_clause? ;
ast::StmtPtr AstBuilder::BuildForStmt(P::For_stmtContext* ctx, bool is_async, SourceRange range) {
    ast::ExprPtr target = BuildExprlist(ctx->exprlist());
    CheckAssignTarget(*target, "assign to");
    ast::ExprPtr iter = BuildTestlist(ctx->testlist());
    ast::StmtList body = BuildBlock(ctx->block());
    ast::StmtList orelse = ctx->else_clause() != nullptr ? BuildElseClause(ctx->else_clause()) : ast::StmtList{};
    return std::make_unique<ast::ForStmt>(range, std::move(target), std::move(iter), std::move(body),
                                          std::move(orelse), is_async);
}

/// try_stmt : TRY COLON block ( except_clause+ else_clause? finally_clause? | finally_clause ) ;
ast::StmtPtr AstBuilder::BuildTryStmt(P::Try_stmtContext* ctx) {
    std::vector<std::unique_ptr<ast::ExceptHandler>> handlers;
    for (P::Except_clauseContext* clause : ctx->except_clause()) handlers.push_back(BuildExceptClause(clause));
    ast::StmtList orelse = ctx->else_clause() != nullptr ? BuildElseClause(ctx->else_clause()) : ast::StmtList{};
    ast::StmtList finalbody =
        ctx->finally_clause() != nullptr ? BuildFinallyClause(ctx->finally_clause()) : ast::StmtList{};
    return std::make_unique<ast::TryStmt>(Range(ctx), BuildBlock(ctx->block()), std::move(handlers),
                                          std::move(orelse), std::move(finalbody));
}

/// except_clause : EXCEPT ( test ( AS NAME )? )? COLON block ;
std::unique_ptr<ast::ExceptHandler> AstBuilder::BuildExceptClause(P::Except_clauseContext* ctx) {
    ast::ExprPtr type = ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
    const std::string name = ctx->NAME() != nullptr ? ctx->NAME()->getText() : "";
    return std::make_unique<ast::ExceptHandler>(Range(ctx), std::move(type), name, BuildBlock(ctx->block()));
}

/// finally_clause : FINALLY COLON block ;
ast::StmtList AstBuilder::BuildFinallyClause(P::Finally_clauseContext* ctx) { return BuildBlock(ctx->block()); }

/// with_stmt : WITH with_item ( COMMA with_item )* COLON block ;
ast::StmtPtr AstBuilder::BuildWithStmt(P::With_stmtContext* ctx, bool is_async, SourceRange range) {
    std::vector<std::unique_ptr<ast::WithItem>> items;
    for (P::With_itemContext* item : ctx->with_item()) items.push_back(BuildWithItem(item));
    return std::make_unique<ast::WithStmt>(range, std::move(items), BuildBlock(ctx->block()), is_async);
}

/// with_item : test ( AS expr )? ;
std::unique_ptr<ast::WithItem> AstBuilder::BuildWithItem(P::With_itemContext* ctx) {
    ast::ExprPtr target;
    if (ctx->expr() != nullptr) {
        target = BuildExpr(ctx->expr());
        CheckAssignTarget(*target, "assign to");
    }
    return std::make_unique<ast::WithItem>(Range(ctx), BuildTest(ctx->test()), std::move(target));
}

/// block : simple_stmts | NEWLINE INDENT stmt+ DEDENT ;
ast::StmtList AstBuilder::BuildBlock(P::BlockContext* ctx) {
    ast::StmtList body;
    if (ctx->simple_stmts() != nullptr) {
        if (!HasSyntaxErrors(ctx->simple_stmts())) BuildSimpleStmts(ctx->simple_stmts(), body);
        return body;
    }
    for (P::StmtContext* stmt : ctx->stmt()) BuildStmt(stmt, body);
    return body;
}

/// decorated : decorator+ ( classdef | funcdef | async_funcdef ) ;
ast::StmtPtr AstBuilder::BuildDecorated(P::DecoratedContext* ctx) {
    ast::ExprList decorators;
    for (P::DecoratorContext* decorator : ctx->decorator()) decorators.push_back(BuildDecorator(decorator));
    if (ctx->classdef() != nullptr) return BuildClassdef(ctx->classdef(), std::move(decorators));
    if (ctx->funcdef() != nullptr) {
        return BuildFuncdef(ctx->funcdef(), std::move(decorators), false, Range(ctx->funcdef()));
    }
    return BuildAsyncFuncdef(ctx->async_funcdef(), std::move(decorators));
}

/// decorator : AT namedexpr_test NEWLINE ;
ast::ExprPtr AstBuilder::BuildDecorator(P::DecoratorContext* ctx) { return BuildNamedexprTest(ctx->namedexpr_test()); }

/// async_funcdef : ASYNC funcdef ;
ast::StmtPtr AstBuilder::BuildAsyncFuncdef(P::Async_funcdefContext* ctx, ast::ExprList decorators) {
    return BuildFuncdef(ctx->funcdef(), std::move(decorators), true, Range(ctx));
}

/// funcdef : DEF NAME parameters ( ARROW test )? COLON block ;
ast::StmtPtr AstBuilder::BuildFuncdef(P::FuncdefContext* ctx, ast::ExprList decorators, bool is_async,
                                      SourceRange range) {
    ast::ParamList params = BuildParameters(ctx->parameters());
    ast::ExprPtr returns = ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
    return std::make_unique<ast::FunctionDef>(range, ctx->NAME()->getText(), RangeOf(ctx->NAME()->getSymbol()),
                                              std::move(params), std::move(returns), BuildBlock(ctx->block()),
                                              std::move(decorators), is_async);
}

/// parameters : OPEN_PAREN paramlist? CLOSE_PAREN ;
ast::ParamList AstBuilder::BuildParameters(P::ParametersContext* ctx) {
    return ctx->paramlist() != nullptr ? BuildParamlist(ctx->paramlist()) : ast::ParamList{};
}

/// paramlist : param ( COMMA param )* COMMA? ;
ast::ParamList AstBuilder::BuildParamlist(P::ParamlistContext* ctx) {
    ast::ParamList params;
    bool seen_default = false;
    bool keyword_only = false;  // after `*` or `*args`, defaults may be omitted again
    for (P::ParamContext* param_ctx : ctx->param()) {
        std::unique_ptr<ast::Param> param = BuildParam(param_ctx);
        const ast::Param::Kind kind = param->param_kind();
        keyword_only |= kind == ast::Param::Kind::kVarArgs || kind == ast::Param::Kind::kKeywordOnlyMarker;
        if (kind == ast::Param::Kind::kNormal && !keyword_only) {
            if (param->default_value() != nullptr) {
                seen_default = true;
            } else if (seen_default) {
                diags_.Error(param->range(), "parameter without a default follows a parameter with a default");
            }
        }
        params.push_back(std::move(param));
    }
    return params;
}

/// param : STAR tfpdef? | POWER tfpdef | DIV | tfpdef ( ASSIGN test )? ;
std::unique_ptr<ast::Param> AstBuilder::BuildParam(P::ParamContext* ctx) {
    using Kind = ast::Param::Kind;
    const SourceRange range = Range(ctx);
    if (ctx->DIV() != nullptr) return std::make_unique<ast::Param>(range, Kind::kPositionalOnlyMarker, "", nullptr, nullptr);
    if (ctx->STAR() != nullptr && ctx->tfpdef() == nullptr) {
        return std::make_unique<ast::Param>(range, Kind::kKeywordOnlyMarker, "", nullptr, nullptr);
    }
    const Kind kind = ctx->STAR() != nullptr ? Kind::kVarArgs : ctx->POWER() != nullptr ? Kind::kVarKeywords : Kind::kNormal;
    ast::ExprPtr default_value = ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
    return BuildTfpdef(ctx->tfpdef(), kind, range, std::move(default_value));
}

/// tfpdef : NAME ( COLON test )? ;
std::unique_ptr<ast::Param> AstBuilder::BuildTfpdef(P::TfpdefContext* ctx, ast::Param::Kind kind, SourceRange range,
                                                    ast::ExprPtr default_value) {
    ast::ExprPtr annotation = ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
    return std::make_unique<ast::Param>(range, kind, ctx->NAME()->getText(), std::move(annotation),
                                        std::move(default_value));
}

/// classdef : CLASS NAME ( OPEN_PAREN arglist? CLOSE_PAREN )? COLON block ;
ast::StmtPtr AstBuilder::BuildClassdef(P::ClassdefContext* ctx, ast::ExprList decorators) {
    Arguments bases;
    if (ctx->arglist() != nullptr) bases = BuildArglist(ctx->arglist());
    return std::make_unique<ast::ClassDef>(Range(ctx), ctx->NAME()->getText(), RangeOf(ctx->NAME()->getSymbol()),
                                           std::move(bases.positional), std::move(bases.keywords),
                                           BuildBlock(ctx->block()), std::move(decorators));
}

}  // namespace cnet::compiler
