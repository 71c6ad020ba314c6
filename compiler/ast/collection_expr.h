// collection_expr.h — tuple/list/set/dict displays and comprehensions.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

/// `a, b` or `(a, b)` or `()`; also assignment targets `h, c = ...` and multi-subscripts `x[:, 0]`.
class TupleExpr final : public Expr {
public:
    TupleExpr(SourceRange range, ExprList elements, bool parenthesized)
        : Expr(NodeKind::kTupleExpr, range), elements_(std::move(elements)), parenthesized_(parenthesized) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kTupleExpr; }
    const ExprList& elements() const { return elements_; }
    bool parenthesized() const { return parenthesized_; }

private:
    ExprList elements_;
    bool parenthesized_;
};

/// `[a, b, *rest]`.
class ListExpr final : public Expr {
public:
    ListExpr(SourceRange range, ExprList elements) : Expr(NodeKind::kListExpr, range), elements_(std::move(elements)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kListExpr; }
    const ExprList& elements() const { return elements_; }

private:
    ExprList elements_;
};

/// `{a, b}`.
class SetExpr final : public Expr {
public:
    SetExpr(SourceRange range, ExprList elements) : Expr(NodeKind::kSetExpr, range), elements_(std::move(elements)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kSetExpr; }
    const ExprList& elements() const { return elements_; }

private:
    ExprList elements_;
};

/// `{k: v, **other}`. keys()[i] is null for a `**other` entry, whose mapping is values()[i].
class DictExpr final : public Expr {
public:
    DictExpr(SourceRange range, ExprList keys, ExprList values)
        : Expr(NodeKind::kDictExpr, range), keys_(std::move(keys)), values_(std::move(values)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kDictExpr; }
    const ExprList& keys() const { return keys_; }
    const ExprList& values() const { return values_; }

private:
    ExprList keys_;
    ExprList values_;
};

/// One `for target in iter if cond ...` clause of a comprehension.
class Comprehension final : public Node {
public:
    Comprehension(SourceRange range, ExprPtr target, ExprPtr iter, ExprList conditions, bool is_async)
        : Node(NodeKind::kComprehension, range),
          target_(std::move(target)),
          iter_(std::move(iter)),
          conditions_(std::move(conditions)),
          is_async_(is_async) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kComprehension; }
    const Expr& target() const { return *target_; }
    const Expr& iter() const { return *iter_; }
    const ExprList& conditions() const { return conditions_; }
    bool is_async() const { return is_async_; }

private:
    ExprPtr target_;
    ExprPtr iter_;
    ExprList conditions_;
    bool is_async_;
};

using ComprehensionList = std::vector<std::unique_ptr<Comprehension>>;

/// Shared shape of the comprehension kinds: an element and one or more `for` clauses.
class ComprehensionExpr : public Expr {
public:
    static bool classof(const Node* n) {
        return n->kind() >= NodeKind::kListCompExpr && n->kind() <= NodeKind::kGeneratorExpr;
    }
    const Expr& element() const { return *element_; }
    const ComprehensionList& generators() const { return generators_; }

protected:
    ComprehensionExpr(NodeKind kind, SourceRange range, ExprPtr element, ComprehensionList generators)
        : Expr(kind, range), element_(std::move(element)), generators_(std::move(generators)) {}

private:
    ExprPtr element_;
    ComprehensionList generators_;
};

/// `[f(x) for x in xs if x > 0]`.
class ListCompExpr final : public ComprehensionExpr {
public:
    ListCompExpr(SourceRange range, ExprPtr element, ComprehensionList generators)
        : ComprehensionExpr(NodeKind::kListCompExpr, range, std::move(element), std::move(generators)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kListCompExpr; }
};

/// `{f(x) for x in xs}`.
class SetCompExpr final : public ComprehensionExpr {
public:
    SetCompExpr(SourceRange range, ExprPtr element, ComprehensionList generators)
        : ComprehensionExpr(NodeKind::kSetCompExpr, range, std::move(element), std::move(generators)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kSetCompExpr; }
};

/// `{k: v for k, v in items}`; element() is the key.
class DictCompExpr final : public ComprehensionExpr {
public:
    DictCompExpr(SourceRange range, ExprPtr key, ExprPtr value, ComprehensionList generators)
        : ComprehensionExpr(NodeKind::kDictCompExpr, range, std::move(key), std::move(generators)),
          value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kDictCompExpr; }
    const Expr& key() const { return element(); }
    const Expr& value() const { return *value_; }

private:
    ExprPtr value_;
};

/// `(f(x) for x in xs)`, also a bare generator argument `sum(x * x for x in xs)`.
class GeneratorExpr final : public ComprehensionExpr {
public:
    GeneratorExpr(SourceRange range, ExprPtr element, ComprehensionList generators)
        : ComprehensionExpr(NodeKind::kGeneratorExpr, range, std::move(element), std::move(generators)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kGeneratorExpr; }
};

}  // namespace cnet::compiler::ast
