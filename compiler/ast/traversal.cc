// traversal.cc — ForEachChild for every node kind (the AST's structure in one switch per family).
#include "compiler/ast/traversal.h"

#include <vector>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/module.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"

namespace cnet::compiler::ast {
namespace {

// Small adapters so each case below is one line per field.
struct Children {
    const ChildCallback& fn;
    void One(const char* role, const Node* child) const {
        if (child != nullptr) fn(role, *child);
    }
    template <typename T>
    void All(const char* role, const std::vector<std::unique_ptr<T>>& children) const {
        for (const auto& child : children) One(role, child.get());
    }
};

void AtomAndOperatorChildren(const Node& node, const Children& c) {
    switch (node.kind()) {
        case NodeKind::kFStringExpr: return c.All("part", Cast<FStringExpr>(node).parts());
        case NodeKind::kFormattedValueExpr: return c.One("value", &Cast<FormattedValueExpr>(node).value());
        case NodeKind::kUnaryExpr: return c.One("operand", &Cast<UnaryExpr>(node).operand());
        case NodeKind::kBinaryExpr:
            c.One("lhs", &Cast<BinaryExpr>(node).lhs());
            return c.One("rhs", &Cast<BinaryExpr>(node).rhs());
        case NodeKind::kBoolOpExpr: return c.All("value", Cast<BoolOpExpr>(node).values());
        case NodeKind::kCompareExpr:
            c.One("left", &Cast<CompareExpr>(node).left());
            return c.All("comparator", Cast<CompareExpr>(node).comparators());
        case NodeKind::kConditionalExpr: {
            const auto& e = Cast<ConditionalExpr>(node);
            c.One("test", &e.test());
            c.One("body", &e.body());
            return c.One("orelse", &e.orelse());
        }
        case NodeKind::kNamedExpr:
            c.One("target", &Cast<NamedExpr>(node).target());
            return c.One("value", &Cast<NamedExpr>(node).value());
        case NodeKind::kLambdaExpr:
            c.All("param", Cast<LambdaExpr>(node).params());
            return c.One("body", &Cast<LambdaExpr>(node).body());
        case NodeKind::kStarredExpr: return c.One("value", &Cast<StarredExpr>(node).value());
        case NodeKind::kAwaitExpr: return c.One("value", &Cast<AwaitExpr>(node).value());
        case NodeKind::kYieldExpr: return c.One("value", Cast<YieldExpr>(node).value());
        case NodeKind::kYieldFromExpr: return c.One("value", &Cast<YieldFromExpr>(node).value());
        default: return;  // names and literals are leaves
    }
}

void PostfixAndCollectionChildren(const Node& node, const Children& c) {
    switch (node.kind()) {
        case NodeKind::kCallExpr: {
            const auto& e = Cast<CallExpr>(node);
            c.One("func", &e.func());
            c.All("arg", e.args());
            return c.All("keyword", e.keywords());
        }
        case NodeKind::kAttributeExpr: return c.One("value", &Cast<AttributeExpr>(node).value());
        case NodeKind::kSubscriptExpr:
            c.One("value", &Cast<SubscriptExpr>(node).value());
            return c.One("index", &Cast<SubscriptExpr>(node).index());
        case NodeKind::kSliceExpr: {
            const auto& e = Cast<SliceExpr>(node);
            c.One("lower", e.lower());
            c.One("upper", e.upper());
            return c.One("step", e.step());
        }
        case NodeKind::kTupleExpr: return c.All("element", Cast<TupleExpr>(node).elements());
        case NodeKind::kListExpr: return c.All("element", Cast<ListExpr>(node).elements());
        case NodeKind::kSetExpr: return c.All("element", Cast<SetExpr>(node).elements());
        case NodeKind::kDictExpr: {
            const auto& e = Cast<DictExpr>(node);
            for (std::size_t i = 0; i < e.values().size(); ++i) {
                c.One("key", e.keys()[i].get());
                c.One(e.keys()[i] ? "value" : "unpack", e.values()[i].get());
            }
            return;
        }
        case NodeKind::kDictCompExpr:
            c.One("key", &Cast<DictCompExpr>(node).key());
            c.One("value", &Cast<DictCompExpr>(node).value());
            return c.All("generator", Cast<DictCompExpr>(node).generators());
        case NodeKind::kListCompExpr:
        case NodeKind::kSetCompExpr:
        case NodeKind::kGeneratorExpr:
            c.One("element", &Cast<ComprehensionExpr>(node).element());
            return c.All("generator", Cast<ComprehensionExpr>(node).generators());
        default: return AtomAndOperatorChildren(node, c);
    }
}

void SimpleStmtChildren(const Node& node, const Children& c) {
    switch (node.kind()) {
        case NodeKind::kExprStmt: return c.One("value", &Cast<ExprStmt>(node).value());
        case NodeKind::kAssignStmt:
            c.All("target", Cast<AssignStmt>(node).targets());
            return c.One("value", &Cast<AssignStmt>(node).value());
        case NodeKind::kAugAssignStmt:
            c.One("target", &Cast<AugAssignStmt>(node).target());
            return c.One("value", &Cast<AugAssignStmt>(node).value());
        case NodeKind::kAnnAssignStmt: {
            const auto& s = Cast<AnnAssignStmt>(node);
            c.One("target", &s.target());
            c.One("annotation", &s.annotation());
            return c.One("value", s.value());
        }
        case NodeKind::kReturnStmt: return c.One("value", Cast<ReturnStmt>(node).value());
        case NodeKind::kRaiseStmt:
            c.One("exception", Cast<RaiseStmt>(node).exception());
            return c.One("cause", Cast<RaiseStmt>(node).cause());
        case NodeKind::kDelStmt: return c.All("target", Cast<DelStmt>(node).targets());
        case NodeKind::kAssertStmt:
            c.One("test", &Cast<AssertStmt>(node).test());
            return c.One("message", Cast<AssertStmt>(node).message());
        case NodeKind::kImportStmt: return c.All("alias", Cast<ImportStmt>(node).names());
        case NodeKind::kImportFromStmt: return c.All("alias", Cast<ImportFromStmt>(node).names());
        default: return;  // pass, break, continue, global, nonlocal have no child nodes
    }
}

void CompoundStmtChildren(const Node& node, const Children& c) {
    switch (node.kind()) {
        case NodeKind::kIfStmt:
            c.One("test", &Cast<IfStmt>(node).test());
            c.All("body", Cast<IfStmt>(node).body());
            return c.All("orelse", Cast<IfStmt>(node).orelse());
        case NodeKind::kWhileStmt:
            c.One("test", &Cast<WhileStmt>(node).test());
            c.All("body", Cast<WhileStmt>(node).body());
            return c.All("orelse", Cast<WhileStmt>(node).orelse());
        case NodeKind::kForStmt: {
            const auto& s = Cast<ForStmt>(node);
            c.One("target", &s.target());
            c.One("iter", &s.iter());
            c.All("body", s.body());
            return c.All("orelse", s.orelse());
        }
        case NodeKind::kWithStmt:
            c.All("item", Cast<WithStmt>(node).items());
            return c.All("body", Cast<WithStmt>(node).body());
        case NodeKind::kTryStmt: {
            const auto& s = Cast<TryStmt>(node);
            c.All("body", s.body());
            c.All("handler", s.handlers());
            c.All("orelse", s.orelse());
            return c.All("finally", s.finalbody());
        }
        default: return SimpleStmtChildren(node, c);
    }
}

void DefinitionAndPartChildren(const Node& node, const Children& c) {
    switch (node.kind()) {
        case NodeKind::kFunctionDef: {
            const auto& s = Cast<FunctionDef>(node);
            c.All("decorator", s.decorators());
            c.All("param", s.params());
            c.One("returns", s.returns());
            return c.All("body", s.body());
        }
        case NodeKind::kClassDef: {
            const auto& s = Cast<ClassDef>(node);
            c.All("decorator", s.decorators());
            c.All("base", s.bases());
            c.All("keyword", s.keywords());
            return c.All("body", s.body());
        }
        case NodeKind::kModule: return c.All("body", Cast<Module>(node).body());
        case NodeKind::kParam:
            c.One("annotation", Cast<Param>(node).annotation());
            return c.One("default", Cast<Param>(node).default_value());
        case NodeKind::kKeywordArg: return c.One("value", &Cast<KeywordArg>(node).value());
        case NodeKind::kWithItem:
            c.One("context", &Cast<WithItem>(node).context());
            return c.One("target", Cast<WithItem>(node).target());
        case NodeKind::kExceptHandler:
            c.One("type", Cast<ExceptHandler>(node).type());
            return c.All("body", Cast<ExceptHandler>(node).body());
        case NodeKind::kComprehension: {
            const auto& g = Cast<Comprehension>(node);
            c.One("target", &g.target());
            c.One("iter", &g.iter());
            return c.All("if", g.conditions());
        }
        default: return CompoundStmtChildren(node, c);
    }
}

}  // namespace

void ForEachChild(const Node& node, const ChildCallback& callback) {
    const Children children{callback};
    if (Isa<Expr>(node)) return PostfixAndCollectionChildren(node, children);
    DefinitionAndPartChildren(node, children);
}

// An explicit work list, not recursion: a deeply nested input (`1 + 1 + ...` 12,000 times) would otherwise take
// a stack frame per level, more than the stack holds under AddressSanitizer.
void WalkPreorder(const Node& root, const std::function<void(const Node&)>& callback) {
    WalkPreorderWhile(root, [&](const Node& node) {
        callback(node);
        return true;
    });
}

void WalkPreorderWhile(const Node& root, const std::function<bool(const Node&)>& callback) {
    std::vector<const Node*> pending{&root};
    std::vector<const Node*> children;
    while (!pending.empty()) {
        const Node* node = pending.back();
        pending.pop_back();
        if (!callback(*node)) continue;
        children.clear();
        ForEachChild(*node, [&](const char*, const Node& child) { children.push_back(&child); });
        pending.insert(pending.end(), children.rbegin(), children.rend());  // first child on top: source order
    }
}

std::vector<StmtList*> MutableBlocks(Stmt& s) {
    switch (s.kind()) {
        case NodeKind::kIfStmt: return {&Cast<IfStmt>(s).mutable_body(), &Cast<IfStmt>(s).mutable_orelse()};
        case NodeKind::kWhileStmt: return {&Cast<WhileStmt>(s).mutable_body(), &Cast<WhileStmt>(s).mutable_orelse()};
        case NodeKind::kForStmt: return {&Cast<ForStmt>(s).mutable_body(), &Cast<ForStmt>(s).mutable_orelse()};
        case NodeKind::kWithStmt: return {&Cast<WithStmt>(s).mutable_body()};
        case NodeKind::kTryStmt: {
            auto& t = Cast<TryStmt>(s);
            std::vector<StmtList*> blocks{&t.mutable_body()};
            for (const auto& h : t.handlers()) blocks.push_back(&h->mutable_body());
            blocks.push_back(&t.mutable_orelse());
            blocks.push_back(&t.mutable_finalbody());
            return blocks;
        }
        case NodeKind::kFunctionDef: return {&Cast<FunctionDef>(s).mutable_body()};
        default: return {};
    }
}

bool IsNestedScope(const Node& n) {
    return n.kind() == NodeKind::kFunctionDef || n.kind() == NodeKind::kClassDef || n.kind() == NodeKind::kLambdaExpr;
}

}  // namespace cnet::compiler::ast
