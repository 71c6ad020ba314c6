// visitor.h — CRTP visitor over the AST with per-kind methods and family fallbacks (for sema, codegen).
#pragma once

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/module.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"

namespace cnet::compiler::ast {

/// Dispatches on NodeKind without virtual calls:
///
///     class NameResolver : public ast::Visitor<NameResolver> {
///     public:
///         void VisitNameExpr(const ast::NameExpr& e) { ... }
///         void VisitExpr(const ast::Expr& e) { ast::ForEachChild(e, ...); }  // everything else
///     };
///
/// A VisitX method that the derived class does not define falls back to VisitExpr, VisitStmt or
/// VisitNode (for the parts: Module, Param, KeywordArg, Alias, WithItem, ExceptHandler, Comprehension);
/// VisitExpr and VisitStmt fall back to VisitNode, which returns R().
template <typename Derived, typename R = void>
class Visitor {
public:
    R Visit(const Node& node) {
        switch (node.kind()) {
            case NodeKind::kNameExpr:
                return Self().VisitNameExpr(Cast<NameExpr>(node));
            case NodeKind::kIntLiteral:
                return Self().VisitIntLiteral(Cast<IntLiteral>(node));
            case NodeKind::kFloatLiteral:
                return Self().VisitFloatLiteral(Cast<FloatLiteral>(node));
            case NodeKind::kStringLiteral:
                return Self().VisitStringLiteral(Cast<StringLiteral>(node));
            case NodeKind::kBoolLiteral:
                return Self().VisitBoolLiteral(Cast<BoolLiteral>(node));
            case NodeKind::kNoneLiteral:
                return Self().VisitNoneLiteral(Cast<NoneLiteral>(node));
            case NodeKind::kEllipsisLiteral:
                return Self().VisitEllipsisLiteral(Cast<EllipsisLiteral>(node));
            case NodeKind::kFStringExpr:
                return Self().VisitFStringExpr(Cast<FStringExpr>(node));
            case NodeKind::kFormattedValueExpr:
                return Self().VisitFormattedValueExpr(Cast<FormattedValueExpr>(node));
            case NodeKind::kUnaryExpr:
                return Self().VisitUnaryExpr(Cast<UnaryExpr>(node));
            case NodeKind::kBinaryExpr:
                return Self().VisitBinaryExpr(Cast<BinaryExpr>(node));
            case NodeKind::kBoolOpExpr:
                return Self().VisitBoolOpExpr(Cast<BoolOpExpr>(node));
            case NodeKind::kCompareExpr:
                return Self().VisitCompareExpr(Cast<CompareExpr>(node));
            case NodeKind::kConditionalExpr:
                return Self().VisitConditionalExpr(Cast<ConditionalExpr>(node));
            case NodeKind::kNamedExpr:
                return Self().VisitNamedExpr(Cast<NamedExpr>(node));
            case NodeKind::kLambdaExpr:
                return Self().VisitLambdaExpr(Cast<LambdaExpr>(node));
            case NodeKind::kStarredExpr:
                return Self().VisitStarredExpr(Cast<StarredExpr>(node));
            case NodeKind::kAwaitExpr:
                return Self().VisitAwaitExpr(Cast<AwaitExpr>(node));
            case NodeKind::kYieldExpr:
                return Self().VisitYieldExpr(Cast<YieldExpr>(node));
            case NodeKind::kYieldFromExpr:
                return Self().VisitYieldFromExpr(Cast<YieldFromExpr>(node));
            case NodeKind::kCallExpr:
                return Self().VisitCallExpr(Cast<CallExpr>(node));
            case NodeKind::kAttributeExpr:
                return Self().VisitAttributeExpr(Cast<AttributeExpr>(node));
            case NodeKind::kSubscriptExpr:
                return Self().VisitSubscriptExpr(Cast<SubscriptExpr>(node));
            case NodeKind::kSliceExpr:
                return Self().VisitSliceExpr(Cast<SliceExpr>(node));
            case NodeKind::kTupleExpr:
                return Self().VisitTupleExpr(Cast<TupleExpr>(node));
            case NodeKind::kListExpr:
                return Self().VisitListExpr(Cast<ListExpr>(node));
            case NodeKind::kSetExpr:
                return Self().VisitSetExpr(Cast<SetExpr>(node));
            case NodeKind::kDictExpr:
                return Self().VisitDictExpr(Cast<DictExpr>(node));
            case NodeKind::kListCompExpr:
                return Self().VisitListCompExpr(Cast<ListCompExpr>(node));
            case NodeKind::kSetCompExpr:
                return Self().VisitSetCompExpr(Cast<SetCompExpr>(node));
            case NodeKind::kDictCompExpr:
                return Self().VisitDictCompExpr(Cast<DictCompExpr>(node));
            case NodeKind::kGeneratorExpr:
                return Self().VisitGeneratorExpr(Cast<GeneratorExpr>(node));
            case NodeKind::kExprStmt:
                return Self().VisitExprStmt(Cast<ExprStmt>(node));
            case NodeKind::kAssignStmt:
                return Self().VisitAssignStmt(Cast<AssignStmt>(node));
            case NodeKind::kAugAssignStmt:
                return Self().VisitAugAssignStmt(Cast<AugAssignStmt>(node));
            case NodeKind::kAnnAssignStmt:
                return Self().VisitAnnAssignStmt(Cast<AnnAssignStmt>(node));
            case NodeKind::kPassStmt:
                return Self().VisitPassStmt(Cast<PassStmt>(node));
            case NodeKind::kBreakStmt:
                return Self().VisitBreakStmt(Cast<BreakStmt>(node));
            case NodeKind::kContinueStmt:
                return Self().VisitContinueStmt(Cast<ContinueStmt>(node));
            case NodeKind::kReturnStmt:
                return Self().VisitReturnStmt(Cast<ReturnStmt>(node));
            case NodeKind::kRaiseStmt:
                return Self().VisitRaiseStmt(Cast<RaiseStmt>(node));
            case NodeKind::kGlobalStmt:
                return Self().VisitGlobalStmt(Cast<GlobalStmt>(node));
            case NodeKind::kNonlocalStmt:
                return Self().VisitNonlocalStmt(Cast<NonlocalStmt>(node));
            case NodeKind::kDelStmt:
                return Self().VisitDelStmt(Cast<DelStmt>(node));
            case NodeKind::kAssertStmt:
                return Self().VisitAssertStmt(Cast<AssertStmt>(node));
            case NodeKind::kImportStmt:
                return Self().VisitImportStmt(Cast<ImportStmt>(node));
            case NodeKind::kImportFromStmt:
                return Self().VisitImportFromStmt(Cast<ImportFromStmt>(node));
            case NodeKind::kIfStmt:
                return Self().VisitIfStmt(Cast<IfStmt>(node));
            case NodeKind::kWhileStmt:
                return Self().VisitWhileStmt(Cast<WhileStmt>(node));
            case NodeKind::kForStmt:
                return Self().VisitForStmt(Cast<ForStmt>(node));
            case NodeKind::kWithStmt:
                return Self().VisitWithStmt(Cast<WithStmt>(node));
            case NodeKind::kTryStmt:
                return Self().VisitTryStmt(Cast<TryStmt>(node));
            case NodeKind::kFunctionDef:
                return Self().VisitFunctionDef(Cast<FunctionDef>(node));
            case NodeKind::kClassDef:
                return Self().VisitClassDef(Cast<ClassDef>(node));
            case NodeKind::kModule:
                return Self().VisitModule(Cast<Module>(node));
            case NodeKind::kParam:
                return Self().VisitParam(Cast<Param>(node));
            case NodeKind::kKeywordArg:
                return Self().VisitKeywordArg(Cast<KeywordArg>(node));
            case NodeKind::kAlias:
                return Self().VisitAlias(Cast<Alias>(node));
            case NodeKind::kWithItem:
                return Self().VisitWithItem(Cast<WithItem>(node));
            case NodeKind::kExceptHandler:
                return Self().VisitExceptHandler(Cast<ExceptHandler>(node));
            case NodeKind::kComprehension:
                return Self().VisitComprehension(Cast<Comprehension>(node));
        }
        return Self().VisitNode(node);
    }

    R VisitNameExpr(const NameExpr& node) { return Self().VisitExpr(node); }
    R VisitIntLiteral(const IntLiteral& node) { return Self().VisitExpr(node); }
    R VisitFloatLiteral(const FloatLiteral& node) { return Self().VisitExpr(node); }
    R VisitStringLiteral(const StringLiteral& node) { return Self().VisitExpr(node); }
    R VisitBoolLiteral(const BoolLiteral& node) { return Self().VisitExpr(node); }
    R VisitNoneLiteral(const NoneLiteral& node) { return Self().VisitExpr(node); }
    R VisitEllipsisLiteral(const EllipsisLiteral& node) { return Self().VisitExpr(node); }
    R VisitFStringExpr(const FStringExpr& node) { return Self().VisitExpr(node); }
    R VisitFormattedValueExpr(const FormattedValueExpr& node) { return Self().VisitExpr(node); }
    R VisitUnaryExpr(const UnaryExpr& node) { return Self().VisitExpr(node); }
    R VisitBinaryExpr(const BinaryExpr& node) { return Self().VisitExpr(node); }
    R VisitBoolOpExpr(const BoolOpExpr& node) { return Self().VisitExpr(node); }
    R VisitCompareExpr(const CompareExpr& node) { return Self().VisitExpr(node); }
    R VisitConditionalExpr(const ConditionalExpr& node) { return Self().VisitExpr(node); }
    R VisitNamedExpr(const NamedExpr& node) { return Self().VisitExpr(node); }
    R VisitLambdaExpr(const LambdaExpr& node) { return Self().VisitExpr(node); }
    R VisitStarredExpr(const StarredExpr& node) { return Self().VisitExpr(node); }
    R VisitAwaitExpr(const AwaitExpr& node) { return Self().VisitExpr(node); }
    R VisitYieldExpr(const YieldExpr& node) { return Self().VisitExpr(node); }
    R VisitYieldFromExpr(const YieldFromExpr& node) { return Self().VisitExpr(node); }
    R VisitCallExpr(const CallExpr& node) { return Self().VisitExpr(node); }
    R VisitAttributeExpr(const AttributeExpr& node) { return Self().VisitExpr(node); }
    R VisitSubscriptExpr(const SubscriptExpr& node) { return Self().VisitExpr(node); }
    R VisitSliceExpr(const SliceExpr& node) { return Self().VisitExpr(node); }
    R VisitTupleExpr(const TupleExpr& node) { return Self().VisitExpr(node); }
    R VisitListExpr(const ListExpr& node) { return Self().VisitExpr(node); }
    R VisitSetExpr(const SetExpr& node) { return Self().VisitExpr(node); }
    R VisitDictExpr(const DictExpr& node) { return Self().VisitExpr(node); }
    R VisitListCompExpr(const ListCompExpr& node) { return Self().VisitExpr(node); }
    R VisitSetCompExpr(const SetCompExpr& node) { return Self().VisitExpr(node); }
    R VisitDictCompExpr(const DictCompExpr& node) { return Self().VisitExpr(node); }
    R VisitGeneratorExpr(const GeneratorExpr& node) { return Self().VisitExpr(node); }
    R VisitExprStmt(const ExprStmt& node) { return Self().VisitStmt(node); }
    R VisitAssignStmt(const AssignStmt& node) { return Self().VisitStmt(node); }
    R VisitAugAssignStmt(const AugAssignStmt& node) { return Self().VisitStmt(node); }
    R VisitAnnAssignStmt(const AnnAssignStmt& node) { return Self().VisitStmt(node); }
    R VisitPassStmt(const PassStmt& node) { return Self().VisitStmt(node); }
    R VisitBreakStmt(const BreakStmt& node) { return Self().VisitStmt(node); }
    R VisitContinueStmt(const ContinueStmt& node) { return Self().VisitStmt(node); }
    R VisitReturnStmt(const ReturnStmt& node) { return Self().VisitStmt(node); }
    R VisitRaiseStmt(const RaiseStmt& node) { return Self().VisitStmt(node); }
    R VisitGlobalStmt(const GlobalStmt& node) { return Self().VisitStmt(node); }
    R VisitNonlocalStmt(const NonlocalStmt& node) { return Self().VisitStmt(node); }
    R VisitDelStmt(const DelStmt& node) { return Self().VisitStmt(node); }
    R VisitAssertStmt(const AssertStmt& node) { return Self().VisitStmt(node); }
    R VisitImportStmt(const ImportStmt& node) { return Self().VisitStmt(node); }
    R VisitImportFromStmt(const ImportFromStmt& node) { return Self().VisitStmt(node); }
    R VisitIfStmt(const IfStmt& node) { return Self().VisitStmt(node); }
    R VisitWhileStmt(const WhileStmt& node) { return Self().VisitStmt(node); }
    R VisitForStmt(const ForStmt& node) { return Self().VisitStmt(node); }
    R VisitWithStmt(const WithStmt& node) { return Self().VisitStmt(node); }
    R VisitTryStmt(const TryStmt& node) { return Self().VisitStmt(node); }
    R VisitFunctionDef(const FunctionDef& node) { return Self().VisitStmt(node); }
    R VisitClassDef(const ClassDef& node) { return Self().VisitStmt(node); }
    R VisitModule(const Module& node) { return Self().VisitNode(node); }
    R VisitParam(const Param& node) { return Self().VisitNode(node); }
    R VisitKeywordArg(const KeywordArg& node) { return Self().VisitNode(node); }
    R VisitAlias(const Alias& node) { return Self().VisitNode(node); }
    R VisitWithItem(const WithItem& node) { return Self().VisitNode(node); }
    R VisitExceptHandler(const ExceptHandler& node) { return Self().VisitNode(node); }
    R VisitComprehension(const Comprehension& node) { return Self().VisitNode(node); }

    R VisitExpr(const Expr& node) { return Self().VisitNode(node); }
    R VisitStmt(const Stmt& node) { return Self().VisitNode(node); }
    R VisitNode(const Node&) { return R(); }

protected:
    Visitor() = default;

private:
    Derived& Self() { return static_cast<Derived&>(*this); }
};

}  // namespace cnet::compiler::ast
