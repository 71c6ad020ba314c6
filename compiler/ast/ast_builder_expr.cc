// ast_builder_expr.cc — AST builder: operator precedence levels, lambda, yield, await.
#include "compiler/ast/ast_builder.h"

namespace cnet::compiler {

using antlr4::ParserRuleContext;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;

namespace {

ast::BinaryOp BinaryOpFor(std::size_t token_type) {
    using P = grammar::CnetParser;
    using ast::BinaryOp;
    switch (token_type) {
        case P::ADD: return BinaryOp::kAdd;
        case P::MINUS: return BinaryOp::kSub;
        case P::STAR: return BinaryOp::kMul;
        case P::AT: return BinaryOp::kMatMul;
        case P::DIV: return BinaryOp::kDiv;
        case P::IDIV: return BinaryOp::kFloorDiv;
        case P::MOD: return BinaryOp::kMod;
        case P::LEFT_SHIFT: return BinaryOp::kLShift;
        case P::RIGHT_SHIFT: return BinaryOp::kRShift;
        case P::OR_OP: return BinaryOp::kBitOr;
        case P::XOR: return BinaryOp::kBitXor;
        default: return BinaryOp::kBitAnd;  // AND_OP
    }
}

// Folds `operand (op operand)*` left-associatively. Node ranges come from the parse contexts, so a
// parenthesized operand's parentheses are inside its parent's range.
template <typename OperandCtx, typename BuildFn, typename RangeFn>
ast::ExprPtr FoldBinary(ParserRuleContext* ctx, BuildFn build, RangeFn range_of) {
    auto* first = static_cast<OperandCtx*>(ctx->children[0]);
    const SourceLocation begin = range_of(first).begin;
    ast::ExprPtr result = build(first);
    for (std::size_t i = 1; i + 1 < ctx->children.size(); i += 2) {
        auto* op = static_cast<TerminalNode*>(ctx->children[i]);
        auto* rhs = static_cast<OperandCtx*>(ctx->children[i + 1]);
        const SourceRange rhs_range = range_of(rhs);
        result = std::make_unique<ast::BinaryExpr>(SourceRange(rhs_range.file, begin, rhs_range.end),
                                                   BinaryOpFor(op->getSymbol()->getType()), std::move(result),
                                                   build(rhs));
    }
    return result;
}

}  // namespace

/// namedexpr_test : test ( WALRUS test )? ;
ast::ExprPtr AstBuilder::BuildNamedexprTest(P::Namedexpr_testContext* ctx) {
    ast::ExprPtr value = BuildTest(ctx->test(0));
    if (ctx->WALRUS() == nullptr) return value;
    if (!ast::Isa<ast::NameExpr>(*value)) diags_.Error(value->range(), "cannot use ':=' with this expression; assign to a name");
    return std::make_unique<ast::NamedExpr>(Range(ctx), std::move(value), BuildTest(ctx->test(1)));
}

/// test : or_test ( IF or_test ELSE test )? | lambdef ;
ast::ExprPtr AstBuilder::BuildTest(P::TestContext* ctx) {
    if (ctx->lambdef() != nullptr) return BuildLambdef(ctx->lambdef());
    ast::ExprPtr body = BuildOrTest(ctx->or_test(0));
    if (ctx->IF() == nullptr) return body;
    ast::ExprPtr test = BuildOrTest(ctx->or_test(1));
    return std::make_unique<ast::ConditionalExpr>(Range(ctx), std::move(test), std::move(body), BuildTest(ctx->test()));
}

/// test_nocond : or_test | lambdef_nocond ;
ast::ExprPtr AstBuilder::BuildTestNocond(P::Test_nocondContext* ctx) {
    if (ctx->lambdef_nocond() != nullptr) return BuildLambdefNocond(ctx->lambdef_nocond());
    return BuildOrTest(ctx->or_test());
}

/// lambdef : LAMBDA lambda_params? COLON test ;
ast::ExprPtr AstBuilder::BuildLambdef(P::LambdefContext* ctx) {
    ast::ParamList params = ctx->lambda_params() != nullptr ? BuildLambdaParams(ctx->lambda_params()) : ast::ParamList{};
    return std::make_unique<ast::LambdaExpr>(Range(ctx), std::move(params), BuildTest(ctx->test()));
}

/// lambdef_nocond : LAMBDA lambda_params? COLON test_nocond ;
ast::ExprPtr AstBuilder::BuildLambdefNocond(P::Lambdef_nocondContext* ctx) {
    ast::ParamList params = ctx->lambda_params() != nullptr ? BuildLambdaParams(ctx->lambda_params()) : ast::ParamList{};
    return std::make_unique<ast::LambdaExpr>(Range(ctx), std::move(params), BuildTestNocond(ctx->test_nocond()));
}

/// lambda_params : lambda_param ( COMMA lambda_param )* COMMA? ;
ast::ParamList AstBuilder::BuildLambdaParams(P::Lambda_paramsContext* ctx) {
    ast::ParamList params;
    for (P::Lambda_paramContext* param : ctx->lambda_param()) params.push_back(BuildLambdaParam(param));
    return params;
}

/// lambda_param : STAR NAME? | POWER NAME | DIV | NAME ( ASSIGN test )? ;
std::unique_ptr<ast::Param> AstBuilder::BuildLambdaParam(P::Lambda_paramContext* ctx) {
    using Kind = ast::Param::Kind;
    const std::string name = ctx->NAME() != nullptr ? ctx->NAME()->getText() : "";
    Kind kind = Kind::kNormal;
    if (ctx->DIV() != nullptr) kind = Kind::kPositionalOnlyMarker;
    if (ctx->STAR() != nullptr) kind = name.empty() ? Kind::kKeywordOnlyMarker : Kind::kVarArgs;
    if (ctx->POWER() != nullptr) kind = Kind::kVarKeywords;
    ast::ExprPtr default_value = ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
    return std::make_unique<ast::Param>(Range(ctx), kind, name, nullptr, std::move(default_value));
}

/// or_test : and_test ( OR and_test )* ;
ast::ExprPtr AstBuilder::BuildOrTest(P::Or_testContext* ctx) {
    const auto operands = ctx->and_test();
    if (operands.size() == 1) return BuildAndTest(operands[0]);
    ast::ExprList values;
    for (P::And_testContext* operand : operands) values.push_back(BuildAndTest(operand));
    return std::make_unique<ast::BoolOpExpr>(Range(ctx), ast::BoolOp::kOr, std::move(values));
}

/// and_test : not_test ( AND not_test )* ;
ast::ExprPtr AstBuilder::BuildAndTest(P::And_testContext* ctx) {
    const auto operands = ctx->not_test();
    if (operands.size() == 1) return BuildNotTest(operands[0]);
    ast::ExprList values;
    for (P::Not_testContext* operand : operands) values.push_back(BuildNotTest(operand));
    return std::make_unique<ast::BoolOpExpr>(Range(ctx), ast::BoolOp::kAnd, std::move(values));
}

/// not_test : NOT not_test | comparison ;
ast::ExprPtr AstBuilder::BuildNotTest(P::Not_testContext* ctx) {
    if (ctx->comparison() != nullptr) return BuildComparison(ctx->comparison());
    return std::make_unique<ast::UnaryExpr>(Range(ctx), ast::UnaryOp::kNot, BuildNotTest(ctx->not_test()));
}

/// comparison : expr ( comp_op expr )* ;
ast::ExprPtr AstBuilder::BuildComparison(P::ComparisonContext* ctx) {
    const auto operands = ctx->expr();
    if (operands.size() == 1) return BuildExpr(operands[0]);
    std::vector<ast::CompareOp> ops;
    for (P::Comp_opContext* op : ctx->comp_op()) ops.push_back(BuildCompOp(op));
    ast::ExprList comparators;
    for (std::size_t i = 1; i < operands.size(); ++i) comparators.push_back(BuildExpr(operands[i]));
    return std::make_unique<ast::CompareExpr>(Range(ctx), BuildExpr(operands[0]), std::move(ops),
                                              std::move(comparators));
}

/// comp_op : LESS_THAN | GREATER_THAN | EQUALS | GT_EQ | LT_EQ | NOT_EQ | IN | NOT IN | IS | IS NOT ;
ast::CompareOp AstBuilder::BuildCompOp(P::Comp_opContext* ctx) {
    using ast::CompareOp;
    switch (ctx->getStart()->getType()) {
        case P::LESS_THAN: return CompareOp::kLt;
        case P::GREATER_THAN: return CompareOp::kGt;
        case P::EQUALS: return CompareOp::kEq;
        case P::GT_EQ: return CompareOp::kGtE;
        case P::LT_EQ: return CompareOp::kLtE;
        case P::NOT_EQ: return CompareOp::kNotEq;
        case P::IN: return CompareOp::kIn;
        case P::NOT: return CompareOp::kNotIn;
        default: return ctx->children.size() > 1 ? CompareOp::kIsNot : CompareOp::kIs;
    }
}

/// star_expr : STAR expr ;
ast::ExprPtr AstBuilder::BuildStarExpr(P::Star_exprContext* ctx) {
    return std::make_unique<ast::StarredExpr>(Range(ctx), BuildExpr(ctx->expr()));
}

/// expr : xor_expr ( OR_OP xor_expr )* ;
ast::ExprPtr AstBuilder::BuildExpr(P::ExprContext* ctx) {
    return FoldBinary<P::Xor_exprContext>(
        ctx, [this](P::Xor_exprContext* c) { return BuildXorExpr(c); },
        [this](ParserRuleContext* c) { return Range(c); });
}

/// xor_expr : and_expr ( XOR and_expr )* ;
ast::ExprPtr AstBuilder::BuildXorExpr(P::Xor_exprContext* ctx) {
    return FoldBinary<P::And_exprContext>(
        ctx, [this](P::And_exprContext* c) { return BuildAndExpr(c); },
        [this](ParserRuleContext* c) { return Range(c); });
}

/// and_expr : shift_expr ( AND_OP shift_expr )* ;
ast::ExprPtr AstBuilder::BuildAndExpr(P::And_exprContext* ctx) {
    return FoldBinary<P::Shift_exprContext>(
        ctx, [this](P::Shift_exprContext* c) { return BuildShiftExpr(c); },
        [this](ParserRuleContext* c) { return Range(c); });
}

/// shift_expr : arith_expr ( ( LEFT_SHIFT | RIGHT_SHIFT ) arith_expr )* ;
ast::ExprPtr AstBuilder::BuildShiftExpr(P::Shift_exprContext* ctx) {
    return FoldBinary<P::Arith_exprContext>(
        ctx, [this](P::Arith_exprContext* c) { return BuildArithExpr(c); },
        [this](ParserRuleContext* c) { return Range(c); });
}

/// arith_expr : term ( ( ADD | MINUS ) term )* ;
ast::ExprPtr AstBuilder::BuildArithExpr(P::Arith_exprContext* ctx) {
    return FoldBinary<P::TermContext>(
        ctx, [this](P::TermContext* c) { return BuildTerm(c); }, [this](ParserRuleContext* c) { return Range(c); });
}

/// term : factor ( ( STAR | DIV | MOD | IDIV | AT ) factor )* ;
ast::ExprPtr AstBuilder::BuildTerm(P::TermContext* ctx) {
    return FoldBinary<P::FactorContext>(
        ctx, [this](P::FactorContext* c) { return BuildFactor(c); }, [this](ParserRuleContext* c) { return Range(c); });
}

/// factor : ( ADD | MINUS | NOT_OP ) factor | power ;
ast::ExprPtr AstBuilder::BuildFactor(P::FactorContext* ctx) {
    if (ctx->power() != nullptr) return BuildPower(ctx->power());
    const std::size_t op = ctx->getStart()->getType();
    const ast::UnaryOp unary = op == P::ADD ? ast::UnaryOp::kPlus : op == P::MINUS ? ast::UnaryOp::kMinus
                                                                                    : ast::UnaryOp::kInvert;
    return std::make_unique<ast::UnaryExpr>(Range(ctx), unary, BuildFactor(ctx->factor()));
}

/// power : atom_expr ( POWER factor )? ;
ast::ExprPtr AstBuilder::BuildPower(P::PowerContext* ctx) {
    ast::ExprPtr base = BuildAtomExpr(ctx->atom_expr());
    if (ctx->factor() == nullptr) return base;
    return std::make_unique<ast::BinaryExpr>(Range(ctx), ast::BinaryOp::kPow, std::move(base),
                                             BuildFactor(ctx->factor()));
}

/// atom_expr : AWAIT? atom trailer* ;
ast::ExprPtr AstBuilder::BuildAtomExpr(P::Atom_exprContext* ctx) {
    const SourceLocation begin = Range(ctx->atom()).begin;
    ast::ExprPtr value = BuildAtom(ctx->atom());
    for (P::TrailerContext* trailer : ctx->trailer()) value = BuildTrailer(trailer, std::move(value), begin);
    if (ctx->AWAIT() == nullptr) return value;
    return std::make_unique<ast::AwaitExpr>(Range(ctx), std::move(value));
}

/// yield_expr : YIELD ( FROM test | testlist_star_expr )? ;
ast::ExprPtr AstBuilder::BuildYieldExpr(P::Yield_exprContext* ctx) {
    if (ctx->FROM() != nullptr) return std::make_unique<ast::YieldFromExpr>(Range(ctx), BuildTest(ctx->test()));
    ast::ExprPtr value;
    if (ctx->testlist_star_expr() != nullptr) value = BuildTestlistStarExpr(ctx->testlist_star_expr());
    return std::make_unique<ast::YieldExpr>(Range(ctx), std::move(value));
}

}  // namespace cnet::compiler
