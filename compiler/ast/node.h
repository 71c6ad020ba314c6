// node.h — the AST's base class: node kinds, source ranges and LLVM-style Isa/DynCast/Cast.
#pragma once

#include <memory>
#include <vector>

#include "compiler/diagnostics/internal_check.h"
#include "compiler/diagnostics/source_location.h"

namespace cnet::compiler::ast {

/// Every concrete node class has one kind. Expressions and statements occupy contiguous ranges so
/// that Expr::classof and Stmt::classof are two comparisons.
enum class NodeKind {
    // Expressions.
    kNameExpr,
    kIntLiteral,
    kFloatLiteral,
    kStringLiteral,
    kBoolLiteral,
    kNoneLiteral,
    kEllipsisLiteral,
    kFStringExpr,
    kFormattedValueExpr,
    kUnaryExpr,
    kBinaryExpr,
    kBoolOpExpr,
    kCompareExpr,
    kConditionalExpr,
    kNamedExpr,
    kLambdaExpr,
    kStarredExpr,
    kAwaitExpr,
    kYieldExpr,
    kYieldFromExpr,
    kCallExpr,
    kAttributeExpr,
    kSubscriptExpr,
    kSliceExpr,
    kTupleExpr,
    kListExpr,
    kSetExpr,
    kDictExpr,
    kListCompExpr,
    kSetCompExpr,
    kDictCompExpr,
    kGeneratorExpr,
    // Statements.
    kExprStmt,
    kAssignStmt,
    kAugAssignStmt,
    kAnnAssignStmt,
    kPassStmt,
    kBreakStmt,
    kContinueStmt,
    kReturnStmt,
    kRaiseStmt,
    kGlobalStmt,
    kNonlocalStmt,
    kDelStmt,
    kAssertStmt,
    kImportStmt,
    kImportFromStmt,
    kIfStmt,
    kWhileStmt,
    kForStmt,
    kWithStmt,
    kTryStmt,
    kFunctionDef,
    kClassDef,
    // Parts of expressions and statements that are neither.
    kModule,
    kParam,
    kKeywordArg,
    kAlias,
    kWithItem,
    kExceptHandler,
    kComprehension,

    kFirstExpr = kNameExpr,
    kLastExpr = kGeneratorExpr,
    kFirstStmt = kExprStmt,
    kLastStmt = kClassDef,
};

/// The class name of a kind, e.g. "CallExpr" (used by the AST dumper and in internal errors).
const char* NodeKindName(NodeKind kind);

/// Base of all AST nodes. Nodes own their children through unique_ptr and are immutable after the
/// AST builder creates them; later stages attach information in their own tables or IR.
class Node {
public:
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;
    virtual ~Node() = default;

    NodeKind kind() const { return kind_; }
    /// Source text of the whole node, e.g. `self.l1(x)` for a call (1-based, end exclusive).
    const SourceRange& range() const { return range_; }

protected:
    Node(NodeKind kind, SourceRange range) : kind_(kind), range_(range) {}

private:
    NodeKind kind_;
    SourceRange range_;
};

/// Base of expressions.
class Expr : public Node {
public:
    static bool classof(const Node* n) { return n->kind() >= NodeKind::kFirstExpr && n->kind() <= NodeKind::kLastExpr; }

protected:
    using Node::Node;
};

/// Base of statements.
class Stmt : public Node {
public:
    static bool classof(const Node* n) { return n->kind() >= NodeKind::kFirstStmt && n->kind() <= NodeKind::kLastStmt; }

protected:
    using Node::Node;
};

using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

/// True if `node` is a T (or a subclass kind of T).
template <typename T>
bool Isa(const Node& node) {
    return T::classof(&node);
}

/// `node` as a T, or nullptr if it is not one (or is null).
template <typename T>
const T* DynCast(const Node* node) {
    return node != nullptr && T::classof(node) ? static_cast<const T*>(node) : nullptr;
}

template <typename T>
T* DynCast(Node* node) {
    return node != nullptr && T::classof(node) ? static_cast<T*>(node) : nullptr;
}

/// `node` as a T; a wrong kind is a compiler bug.
template <typename T>
const T& Cast(const Node& node) {
    CNET_INTERNAL_CHECK(T::classof(&node)) << "bad AST cast from " << NodeKindName(node.kind());
    return static_cast<const T&>(node);
}

template <typename T>
T& Cast(Node& node) {
    CNET_INTERNAL_CHECK(T::classof(&node)) << "bad AST cast from " << NodeKindName(node.kind());
    return static_cast<T&>(node);
}

}  // namespace cnet::compiler::ast
