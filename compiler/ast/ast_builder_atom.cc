// ast_builder_atom.cc — AST builder: atoms, trailers, subscripts, displays, arguments, comprehensions.
#include "compiler/ast/ast_builder.h"

namespace cnet::compiler {

using antlr4::ParserRuleContext;
using antlr4::tree::ParseTree;
using antlr4::tree::TerminalNode;

ast::ExprPtr AstBuilder::BuildAnyExpr(ParseTree* tree) {
    auto* ctx = static_cast<ParserRuleContext*>(tree);
    switch (ctx->getRuleIndex()) {
        case P::RuleTest: return BuildTest(static_cast<P::TestContext*>(ctx));
        case P::RuleNamedexpr_test: return BuildNamedexprTest(static_cast<P::Namedexpr_testContext*>(ctx));
        case P::RuleExpr: return BuildExpr(static_cast<P::ExprContext*>(ctx));
        case P::RuleStar_expr: return BuildStarExpr(static_cast<P::Star_exprContext*>(ctx));
        case P::RuleOr_test: return BuildOrTest(static_cast<P::Or_testContext*>(ctx));
        default: break;
    }
    CNET_INTERNAL_CHECK(false) << "BuildAnyExpr: unexpected rule " << ctx->getRuleIndex();
    return nullptr;
}

ast::ExprPtr AstBuilder::BuildCommaList(ParserRuleContext* ctx, bool parenthesized) {
    ast::ExprList elements;
    bool has_comma = false;
    for (ParseTree* child : ctx->children) {
        if (auto* terminal = dynamic_cast<TerminalNode*>(child)) {
            has_comma |= terminal->getSymbol()->getType() == P::COMMA;
        } else {
            elements.push_back(BuildAnyExpr(child));
        }
    }
    if (elements.size() == 1 && !has_comma) return std::move(elements[0]);
    return std::make_unique<ast::TupleExpr>(Range(ctx), std::move(elements), parenthesized);
}

/// atom : OPEN_PAREN ( yield_expr | testlist_comp )? CLOSE_PAREN | OPEN_BRACK testlist_comp? CLOSE_BRACK
///      | OPEN_BRACE dictorsetmaker? CLOSE_BRACE | NAME | INTEGER | FLOAT_NUMBER | STRING+ | ELLIPSIS
///      | NONE | TRUE | FALSE ;
ast::ExprPtr AstBuilder::BuildAtom(P::AtomContext* ctx) {
    const SourceRange range = Range(ctx);
    switch (ctx->getStart()->getType()) {
        case P::OPEN_PAREN: {
            if (ctx->yield_expr() != nullptr) return BuildYieldExpr(ctx->yield_expr());
            if (ctx->testlist_comp() == nullptr) return std::make_unique<ast::TupleExpr>(range, ast::ExprList{}, true);
            ElementList list = BuildTestlistComp(ctx->testlist_comp());
            if (!list.generators.empty()) {
                return std::make_unique<ast::GeneratorExpr>(range, std::move(list.elements[0]),
                                                            std::move(list.generators));
            }
            if (list.elements.size() == 1 && !list.has_comma) return std::move(list.elements[0]);
            return std::make_unique<ast::TupleExpr>(range, std::move(list.elements), true);
        }
        case P::OPEN_BRACK: {
            if (ctx->testlist_comp() == nullptr) return std::make_unique<ast::ListExpr>(range, ast::ExprList{});
            ElementList list = BuildTestlistComp(ctx->testlist_comp());
            if (!list.generators.empty()) {
                return std::make_unique<ast::ListCompExpr>(range, std::move(list.elements[0]),
                                                           std::move(list.generators));
            }
            return std::make_unique<ast::ListExpr>(range, std::move(list.elements));
        }
        case P::OPEN_BRACE:
            if (ctx->dictorsetmaker() == nullptr) return std::make_unique<ast::DictExpr>(range, ast::ExprList{}, ast::ExprList{});
            return BuildDictorsetmaker(ctx->dictorsetmaker(), range);
        case P::NAME: return std::make_unique<ast::NameExpr>(range, ctx->getStart()->getText());
        case P::INTEGER:
        case P::FLOAT_NUMBER: return BuildNumber(ctx->getStart());
        case P::STRING: return BuildStrings(ctx->STRING(), range);
        case P::ELLIPSIS: return std::make_unique<ast::EllipsisLiteral>(range);
        case P::NONE: return std::make_unique<ast::NoneLiteral>(range);
        default: return std::make_unique<ast::BoolLiteral>(range, ctx->getStart()->getType() == P::TRUE);
    }
}

/// testlist_comp : ( namedexpr_test | star_expr ) ( comp_for | ( COMMA ( namedexpr_test | star_expr ) )* COMMA? ) ;
AstBuilder::ElementList AstBuilder::BuildTestlistComp(P::Testlist_compContext* ctx) {
    ElementList list;
    for (ParseTree* child : ctx->children) {
        if (dynamic_cast<TerminalNode*>(child) != nullptr) {
            list.has_comma = true;  // the only terminal here is ','
        } else if (auto* comp = dynamic_cast<P::Comp_forContext*>(child)) {
            BuildCompFor(comp, list.generators);
        } else {
            list.elements.push_back(BuildAnyExpr(child));
        }
    }
    return list;
}

/// trailer : OPEN_PAREN arglist? CLOSE_PAREN | OPEN_BRACK subscriptlist CLOSE_BRACK | DOT NAME ;
ast::ExprPtr AstBuilder::BuildTrailer(P::TrailerContext* ctx, ast::ExprPtr value, SourceLocation begin) {
    const SourceRange range(file_, begin, Range(ctx).end);
    if (ctx->DOT() != nullptr) {
        return std::make_unique<ast::AttributeExpr>(range, std::move(value), ctx->NAME()->getText(),
                                                    RangeOf(ctx->NAME()->getSymbol()));
    }
    if (ctx->OPEN_BRACK() != nullptr) {
        return std::make_unique<ast::SubscriptExpr>(range, std::move(value), BuildSubscriptlist(ctx->subscriptlist()));
    }
    Arguments args;
    if (ctx->arglist() != nullptr) args = BuildArglist(ctx->arglist());
    return std::make_unique<ast::CallExpr>(range, std::move(value), std::move(args.positional),
                                           std::move(args.keywords));
}

/// subscriptlist : subscript ( COMMA subscript )* COMMA? ;
ast::ExprPtr AstBuilder::BuildSubscriptlist(P::SubscriptlistContext* ctx) {
    const auto subscripts = ctx->subscript();
    if (subscripts.size() == 1 && ctx->COMMA().empty()) return BuildSubscript(subscripts[0]);
    ast::ExprList elements;
    for (P::SubscriptContext* subscript : subscripts) elements.push_back(BuildSubscript(subscript));
    return std::make_unique<ast::TupleExpr>(Range(ctx), std::move(elements), false);
}

/// subscript : test | test? COLON test? sliceop? ;
ast::ExprPtr AstBuilder::BuildSubscript(P::SubscriptContext* ctx) {
    if (ctx->COLON() == nullptr) return BuildTest(ctx->test(0));
    const std::size_t colon = ctx->COLON()->getSymbol()->getTokenIndex();
    ast::ExprPtr lower;
    ast::ExprPtr upper;
    for (P::TestContext* test : ctx->test()) {
        (test->getStart()->getTokenIndex() < colon ? lower : upper) = BuildTest(test);
    }
    ast::ExprPtr step = ctx->sliceop() != nullptr ? BuildSliceop(ctx->sliceop()) : nullptr;
    return std::make_unique<ast::SliceExpr>(Range(ctx), std::move(lower), std::move(upper), std::move(step));
}

/// sliceop : COLON test? ;
ast::ExprPtr AstBuilder::BuildSliceop(P::SliceopContext* ctx) {
    return ctx->test() != nullptr ? BuildTest(ctx->test()) : nullptr;
}

/// exprlist : ( expr | star_expr ) ( COMMA ( expr | star_expr ) )* COMMA? ;
ast::ExprPtr AstBuilder::BuildExprlist(P::ExprlistContext* ctx) { return BuildCommaList(ctx, false); }

/// testlist : test ( COMMA test )* COMMA? ;
ast::ExprPtr AstBuilder::BuildTestlist(P::TestlistContext* ctx) { return BuildCommaList(ctx, false); }

/// testlist_star_expr : ( test | star_expr ) ( COMMA ( test | star_expr ) )* COMMA? ;
ast::ExprPtr AstBuilder::BuildTestlistStarExpr(P::Testlist_star_exprContext* ctx) {
    return BuildCommaList(ctx, false);
}

/// dictorsetmaker : dict_entry ( comp_for | ( COMMA dict_entry )* COMMA? )
///                | ( test | star_expr ) ( comp_for | ( COMMA ( test | star_expr ) )* COMMA? ) ;
ast::ExprPtr AstBuilder::BuildDictorsetmaker(P::DictorsetmakerContext* ctx, SourceRange range) {
    ast::ExprList keys;
    ast::ExprList values;
    ast::ComprehensionList generators;
    if (ctx->comp_for() != nullptr) BuildCompFor(ctx->comp_for(), generators);
    if (!ctx->dict_entry().empty()) {
        for (P::Dict_entryContext* entry : ctx->dict_entry()) BuildDictEntry(entry, keys, values);
        if (generators.empty()) return std::make_unique<ast::DictExpr>(range, std::move(keys), std::move(values));
        if (keys[0] == nullptr) {
            diags_.Error(values[0]->range(), "dict unpacking '**' cannot be used in a dict comprehension");
            return std::make_unique<ast::DictExpr>(range, ast::ExprList{}, ast::ExprList{});
        }
        return std::make_unique<ast::DictCompExpr>(range, std::move(keys[0]), std::move(values[0]),
                                                   std::move(generators));
    }
    ast::ExprList elements;
    for (ParseTree* child : ctx->children) {
        auto* rule = dynamic_cast<ParserRuleContext*>(child);
        if (rule != nullptr && rule->getRuleIndex() != P::RuleComp_for) elements.push_back(BuildAnyExpr(child));
    }
    if (generators.empty()) return std::make_unique<ast::SetExpr>(range, std::move(elements));
    return std::make_unique<ast::SetCompExpr>(range, std::move(elements[0]), std::move(generators));
}

/// dict_entry : test COLON test | POWER expr ;
void AstBuilder::BuildDictEntry(P::Dict_entryContext* ctx, ast::ExprList& keys, ast::ExprList& values) {
    if (ctx->POWER() != nullptr) {
        keys.push_back(nullptr);
        values.push_back(BuildExpr(ctx->expr()));
        return;
    }
    keys.push_back(BuildTest(ctx->test(0)));
    values.push_back(BuildTest(ctx->test(1)));
}

/// arglist : argument ( COMMA argument )* COMMA? ;
AstBuilder::Arguments AstBuilder::BuildArglist(P::ArglistContext* ctx) {
    Arguments out;
    const auto arguments = ctx->argument();
    for (P::ArgumentContext* argument : arguments) BuildArgument(argument, arguments.size(), out);
    return out;
}

/// argument : NAME ASSIGN test | test comp_for? | POWER test | STAR test ;
void AstBuilder::BuildArgument(P::ArgumentContext* ctx, std::size_t argument_count, Arguments& out) {
    const SourceRange range = Range(ctx);
    if (ctx->ASSIGN() != nullptr || ctx->POWER() != nullptr) {
        const std::string name = ctx->NAME() != nullptr ? ctx->NAME()->getText() : "";
        out.keywords.push_back(std::make_unique<ast::KeywordArg>(range, name, BuildTest(ctx->test())));
        return;
    }
    if (ctx->STAR() != nullptr) {
        out.positional.push_back(std::make_unique<ast::StarredExpr>(range, BuildTest(ctx->test())));
        return;
    }
    if (!out.keywords.empty()) diags_.Error(range, "positional argument follows keyword argument");
    if (ctx->comp_for() == nullptr) {
        out.positional.push_back(BuildTest(ctx->test()));
        return;
    }
    if (argument_count > 1) {
        diags_.Error(range, "generator expression must be parenthesized when it is not the only argument");
    }
    ast::ComprehensionList generators;
    BuildCompFor(ctx->comp_for(), generators);
    out.positional.push_back(std::make_unique<ast::GeneratorExpr>(range, BuildTest(ctx->test()), std::move(generators)));
}

/// comp_for : ASYNC? FOR exprlist IN or_test comp_iter? ;
void AstBuilder::BuildCompFor(P::Comp_forContext* ctx, ast::ComprehensionList& out) {
    ast::ExprPtr target = BuildExprlist(ctx->exprlist());
    CheckAssignTarget(*target, "assign to");
    ast::ExprPtr iter = BuildOrTest(ctx->or_test());
    SourceLocation end = Range(ctx->or_test()).end;
    // Later `for` clauses are appended by the recursion; reserve this clause's slot first.
    const std::size_t slot = out.size();
    out.push_back(nullptr);
    ast::ExprList conditions;
    if (ctx->comp_iter() != nullptr) BuildCompIter(ctx->comp_iter(), conditions, out, &end);
    out[slot] = std::make_unique<ast::Comprehension>(SourceRange(file_, Range(ctx).begin, end), std::move(target),
                                                     std::move(iter), std::move(conditions), ctx->ASYNC() != nullptr);
}

/// comp_iter : comp_for | comp_if ;
void AstBuilder::BuildCompIter(P::Comp_iterContext* ctx, ast::ExprList& conditions, ast::ComprehensionList& out,
                               SourceLocation* end) {
    if (ctx->comp_for() != nullptr) return BuildCompFor(ctx->comp_for(), out);
    BuildCompIf(ctx->comp_if(), conditions, out, end);
}

/// comp_if : IF test_nocond comp_iter? ;
void AstBuilder::BuildCompIf(P::Comp_ifContext* ctx, ast::ExprList& conditions, ast::ComprehensionList& out,
                             SourceLocation* end) {
    conditions.push_back(BuildTestNocond(ctx->test_nocond()));
    *end = Range(ctx->test_nocond()).end;
    if (ctx->comp_iter() != nullptr) BuildCompIter(ctx->comp_iter(), conditions, out, end);
}

}  // namespace cnet::compiler
