// expr.h — expression nodes: names, literals, f-strings, operators, lambda, yield/await.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compiler/ast/node.h"
#include "compiler/ast/operators.h"

namespace cnet::compiler::ast {

/// A use of a name: `x`, `F`, `self`.
class NameExpr final : public Expr {
public:
    NameExpr(SourceRange range, std::string id) : Expr(NodeKind::kNameExpr, range), id_(std::move(id)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kNameExpr; }
    const std::string& id() const { return id_; }

private:
    std::string id_;
};

/// `42`, `0x1F`, `1_000` (value fits in int64; the builder rejects larger literals).
class IntLiteral final : public Expr {
public:
    IntLiteral(SourceRange range, std::int64_t value) : Expr(NodeKind::kIntLiteral, range), value_(value) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kIntLiteral; }
    std::int64_t value() const { return value_; }

private:
    std::int64_t value_;
};

/// `1.0`, `1e-3`, `.5`.
class FloatLiteral final : public Expr {
public:
    FloatLiteral(SourceRange range, double value) : Expr(NodeKind::kFloatLiteral, range), value_(value) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kFloatLiteral; }
    double value() const { return value_; }

private:
    double value_;
};

/// A string literal with escapes decoded (UTF-8); adjacent literals are already concatenated.
/// Also the literal text between the replacement fields of an f-string.
class StringLiteral final : public Expr {
public:
    StringLiteral(SourceRange range, std::string value)
        : Expr(NodeKind::kStringLiteral, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kStringLiteral; }
    const std::string& value() const { return value_; }

private:
    std::string value_;
};

/// `True` / `False`.
class BoolLiteral final : public Expr {
public:
    BoolLiteral(SourceRange range, bool value) : Expr(NodeKind::kBoolLiteral, range), value_(value) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kBoolLiteral; }
    bool value() const { return value_; }

private:
    bool value_;
};

/// `None`.
class NoneLiteral final : public Expr {
public:
    explicit NoneLiteral(SourceRange range) : Expr(NodeKind::kNoneLiteral, range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kNoneLiteral; }
};

/// `...` (e.g. in `x[..., None]`).
class EllipsisLiteral final : public Expr {
public:
    explicit EllipsisLiteral(SourceRange range) : Expr(NodeKind::kEllipsisLiteral, range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kEllipsisLiteral; }
};

/// `f'epoch {epoch}: loss={loss:.4f}'`. Parts are StringLiteral (literal text) and
/// FormattedValueExpr (replacement fields), in source order; adjacent strings are merged into one.
class FStringExpr final : public Expr {
public:
    FStringExpr(SourceRange range, ExprList parts) : Expr(NodeKind::kFStringExpr, range), parts_(std::move(parts)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kFStringExpr; }
    const ExprList& parts() const { return parts_; }

private:
    ExprList parts_;
};

/// One replacement field `{value!conversion:format_spec}` of an f-string. `conversion` is 0, 'r',
/// 's' or 'a'; `format_spec` is the raw spec text (e.g. ".4f"), empty if none.
class FormattedValueExpr final : public Expr {
public:
    FormattedValueExpr(SourceRange range, ExprPtr value, char conversion, std::string format_spec)
        : Expr(NodeKind::kFormattedValueExpr, range),
          value_(std::move(value)),
          conversion_(conversion),
          format_spec_(std::move(format_spec)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kFormattedValueExpr; }
    const Expr& value() const { return *value_; }
    char conversion() const { return conversion_; }
    const std::string& format_spec() const { return format_spec_; }

private:
    ExprPtr value_;
    char conversion_;
    std::string format_spec_;
};

/// `-x`, `+x`, `~x`, `not x`.
class UnaryExpr final : public Expr {
public:
    UnaryExpr(SourceRange range, UnaryOp op, ExprPtr operand)
        : Expr(NodeKind::kUnaryExpr, range), op_(op), operand_(std::move(operand)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kUnaryExpr; }
    UnaryOp op() const { return op_; }
    const Expr& operand() const { return *operand_; }

private:
    UnaryOp op_;
    ExprPtr operand_;
};

/// `a + b`, `W @ x`, `a // b`, `a ** b`, `T | None` (in annotations), ...
class BinaryExpr final : public Expr {
public:
    BinaryExpr(SourceRange range, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
        : Expr(NodeKind::kBinaryExpr, range), op_(op), lhs_(std::move(lhs)), rhs_(std::move(rhs)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kBinaryExpr; }
    BinaryOp op() const { return op_; }
    const Expr& lhs() const { return *lhs_; }
    const Expr& rhs() const { return *rhs_; }

private:
    BinaryOp op_;
    ExprPtr lhs_;
    ExprPtr rhs_;
};

/// `a and b and c` (one node for a chain of the same operator, at least two values).
class BoolOpExpr final : public Expr {
public:
    BoolOpExpr(SourceRange range, BoolOp op, ExprList values)
        : Expr(NodeKind::kBoolOpExpr, range), op_(op), values_(std::move(values)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kBoolOpExpr; }
    BoolOp op() const { return op_; }
    const ExprList& values() const { return values_; }

private:
    BoolOp op_;
    ExprList values_;
};

/// A comparison chain `left op0 c0 op1 c1 ...`, e.g. `0 <= i < n`, `x is not None`, `k not in d`.
class CompareExpr final : public Expr {
public:
    CompareExpr(SourceRange range, ExprPtr left, std::vector<CompareOp> ops, ExprList comparators)
        : Expr(NodeKind::kCompareExpr, range),
          left_(std::move(left)),
          ops_(std::move(ops)),
          comparators_(std::move(comparators)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kCompareExpr; }
    const Expr& left() const { return *left_; }
    const std::vector<CompareOp>& ops() const { return ops_; }
    const ExprList& comparators() const { return comparators_; }

private:
    ExprPtr left_;
    std::vector<CompareOp> ops_;
    ExprList comparators_;
};

/// `body if test else orelse`.
class ConditionalExpr final : public Expr {
public:
    ConditionalExpr(SourceRange range, ExprPtr test, ExprPtr body, ExprPtr orelse)
        : Expr(NodeKind::kConditionalExpr, range),
          test_(std::move(test)),
          body_(std::move(body)),
          orelse_(std::move(orelse)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kConditionalExpr; }
    const Expr& test() const { return *test_; }
    const Expr& body() const { return *body_; }
    const Expr& orelse() const { return *orelse_; }

private:
    ExprPtr test_;
    ExprPtr body_;
    ExprPtr orelse_;
};

/// `target := value` (an assignment expression).
class NamedExpr final : public Expr {
public:
    NamedExpr(SourceRange range, ExprPtr target, ExprPtr value)
        : Expr(NodeKind::kNamedExpr, range), target_(std::move(target)), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kNamedExpr; }
    const Expr& target() const { return *target_; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr target_;
    ExprPtr value_;
};

/// A parameter of a `def` or `lambda`: `x`, `x: int = 2`, `*args`, `**kwargs`, or the bare markers
/// `*` (keyword-only parameters follow) and `/` (positional-only parameters precede).
class Param final : public Node {
public:
    enum class Kind { kNormal, kVarArgs, kVarKeywords, kKeywordOnlyMarker, kPositionalOnlyMarker };

    Param(SourceRange range, Kind kind, std::string name, ExprPtr annotation, ExprPtr default_value)
        : Node(NodeKind::kParam, range),
          kind_(kind),
          name_(std::move(name)),
          annotation_(std::move(annotation)),
          default_value_(std::move(default_value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kParam; }
    Kind param_kind() const { return kind_; }
    const std::string& name() const { return name_; }  // empty for the `*` and `/` markers
    const Expr* annotation() const { return annotation_.get(); }
    const Expr* default_value() const { return default_value_.get(); }

private:
    Kind kind_;
    std::string name_;
    ExprPtr annotation_;
    ExprPtr default_value_;
};

using ParamList = std::vector<std::unique_ptr<Param>>;

/// `lambda x, y=1: body` (parsed so that sema can suggest a `def`).
class LambdaExpr final : public Expr {
public:
    LambdaExpr(SourceRange range, ParamList params, ExprPtr body)
        : Expr(NodeKind::kLambdaExpr, range), params_(std::move(params)), body_(std::move(body)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kLambdaExpr; }
    const ParamList& params() const { return params_; }
    const Expr& body() const { return *body_; }

private:
    ParamList params_;
    ExprPtr body_;
};

/// `*value` in a call, a collection display or an assignment target.
class StarredExpr final : public Expr {
public:
    StarredExpr(SourceRange range, ExprPtr value) : Expr(NodeKind::kStarredExpr, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kStarredExpr; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr value_;
};

/// `await value`.
class AwaitExpr final : public Expr {
public:
    AwaitExpr(SourceRange range, ExprPtr value) : Expr(NodeKind::kAwaitExpr, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAwaitExpr; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr value_;
};

/// `yield` or `yield value`.
class YieldExpr final : public Expr {
public:
    YieldExpr(SourceRange range, ExprPtr value) : Expr(NodeKind::kYieldExpr, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kYieldExpr; }
    const Expr* value() const { return value_.get(); }

private:
    ExprPtr value_;
};

/// `yield from value`.
class YieldFromExpr final : public Expr {
public:
    YieldFromExpr(SourceRange range, ExprPtr value)
        : Expr(NodeKind::kYieldFromExpr, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kYieldFromExpr; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr value_;
};

}  // namespace cnet::compiler::ast
