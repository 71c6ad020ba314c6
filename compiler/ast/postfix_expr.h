// postfix_expr.h — calls, keyword arguments, attribute access, subscripts and slices.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

/// `name=value` in a call, or `**value` (then name() is empty).
class KeywordArg final : public Node {
public:
    KeywordArg(SourceRange range, std::string name, ExprPtr value)
        : Node(NodeKind::kKeywordArg, range), name_(std::move(name)), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kKeywordArg; }
    const std::string& name() const { return name_; }
    bool IsDoubleStar() const { return name_.empty(); }
    const Expr& value() const { return *value_; }

private:
    std::string name_;
    ExprPtr value_;
};

using KeywordList = std::vector<std::unique_ptr<KeywordArg>>;

/// `func(args..., keywords...)`. Positional arguments include StarredExpr for `*xs`; a bare
/// generator argument `sum(x for x in xs)` is a GeneratorExpr in args().
class CallExpr final : public Expr {
public:
    CallExpr(SourceRange range, ExprPtr func, ExprList args, KeywordList keywords)
        : Expr(NodeKind::kCallExpr, range),
          func_(std::move(func)),
          args_(std::move(args)),
          keywords_(std::move(keywords)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kCallExpr; }
    const Expr& func() const { return *func_; }
    const ExprList& args() const { return args_; }
    const KeywordList& keywords() const { return keywords_; }

private:
    ExprPtr func_;
    ExprList args_;
    KeywordList keywords_;
};

/// `value.attr`; attr_range() covers just the attribute name (for carets under a misspelt member).
class AttributeExpr final : public Expr {
public:
    AttributeExpr(SourceRange range, ExprPtr value, std::string attr, SourceRange attr_range)
        : Expr(NodeKind::kAttributeExpr, range),
          value_(std::move(value)),
          attr_(std::move(attr)),
          attr_range_(attr_range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAttributeExpr; }
    const Expr& value() const { return *value_; }
    const std::string& attr() const { return attr_; }
    const SourceRange& attr_range() const { return attr_range_; }

private:
    ExprPtr value_;
    std::string attr_;
    SourceRange attr_range_;
};

/// `value[index]`. Several subscripts (`x[:, 0]`) give an unparenthesized TupleExpr index;
/// slices are SliceExpr; `x[..., None]` holds EllipsisLiteral and NoneLiteral elements.
class SubscriptExpr final : public Expr {
public:
    SubscriptExpr(SourceRange range, ExprPtr value, ExprPtr index)
        : Expr(NodeKind::kSubscriptExpr, range), value_(std::move(value)), index_(std::move(index)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kSubscriptExpr; }
    const Expr& value() const { return *value_; }
    const Expr& index() const { return *index_; }

private:
    ExprPtr value_;
    ExprPtr index_;
};

/// `lower:upper:step` inside a subscript; each part may be absent (`x[::-1]`, `x[1:]`).
class SliceExpr final : public Expr {
public:
    SliceExpr(SourceRange range, ExprPtr lower, ExprPtr upper, ExprPtr step)
        : Expr(NodeKind::kSliceExpr, range),
          lower_(std::move(lower)),
          upper_(std::move(upper)),
          step_(std::move(step)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kSliceExpr; }
    const Expr* lower() const { return lower_.get(); }
    const Expr* upper() const { return upper_.get(); }
    const Expr* step() const { return step_.get(); }

private:
    ExprPtr lower_;
    ExprPtr upper_;
    ExprPtr step_;
};

}  // namespace cnet::compiler::ast
