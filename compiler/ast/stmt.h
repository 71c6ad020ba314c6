// stmt.h — simple statements: expression, assignments, flow keywords, imports, global/del/assert.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compiler/ast/node.h"
#include "compiler/ast/operators.h"

namespace cnet::compiler::ast {

/// An expression evaluated for its effect: `print(x)`, `loss.backward()`.
class ExprStmt final : public Stmt {
public:
    ExprStmt(SourceRange range, ExprPtr value) : Stmt(NodeKind::kExprStmt, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kExprStmt; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr value_;
};

/// `t1 = t2 = value`. Targets are names, attributes, subscripts, or tuples/lists of targets
/// (`h, c = state`), possibly with one StarredExpr; the builder rejects anything else.
class AssignStmt final : public Stmt {
public:
    AssignStmt(SourceRange range, ExprList targets, ExprPtr value)
        : Stmt(NodeKind::kAssignStmt, range), targets_(std::move(targets)), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAssignStmt; }
    const ExprList& targets() const { return targets_; }
    const Expr& value() const { return *value_; }

private:
    ExprList targets_;
    ExprPtr value_;
};

/// `target op= value`, e.g. `loss += model(x, t)`.
class AugAssignStmt final : public Stmt {
public:
    AugAssignStmt(SourceRange range, ExprPtr target, BinaryOp op, ExprPtr value)
        : Stmt(NodeKind::kAugAssignStmt, range), target_(std::move(target)), op_(op), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAugAssignStmt; }
    const Expr& target() const { return *target_; }
    BinaryOp op() const { return op_; }
    const Expr& value() const { return *value_; }

private:
    ExprPtr target_;
    BinaryOp op_;
    ExprPtr value_;
};

/// `target: annotation` or `target: annotation = value`.
class AnnAssignStmt final : public Stmt {
public:
    AnnAssignStmt(SourceRange range, ExprPtr target, ExprPtr annotation, ExprPtr value)
        : Stmt(NodeKind::kAnnAssignStmt, range),
          target_(std::move(target)),
          annotation_(std::move(annotation)),
          value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAnnAssignStmt; }
    const Expr& target() const { return *target_; }
    const Expr& annotation() const { return *annotation_; }
    const Expr* value() const { return value_.get(); }

private:
    ExprPtr target_;
    ExprPtr annotation_;
    ExprPtr value_;
};

/// `pass`.
class PassStmt final : public Stmt {
public:
    explicit PassStmt(SourceRange range) : Stmt(NodeKind::kPassStmt, range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kPassStmt; }
};

/// `break`.
class BreakStmt final : public Stmt {
public:
    explicit BreakStmt(SourceRange range) : Stmt(NodeKind::kBreakStmt, range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kBreakStmt; }
};

/// `continue`.
class ContinueStmt final : public Stmt {
public:
    explicit ContinueStmt(SourceRange range) : Stmt(NodeKind::kContinueStmt, range) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kContinueStmt; }
};

/// `return` or `return value` (`return h, c` returns a TupleExpr).
class ReturnStmt final : public Stmt {
public:
    ReturnStmt(SourceRange range, ExprPtr value) : Stmt(NodeKind::kReturnStmt, range), value_(std::move(value)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kReturnStmt; }
    const Expr* value() const { return value_.get(); }

private:
    ExprPtr value_;
};

/// `raise`, `raise exc` or `raise exc from cause`.
class RaiseStmt final : public Stmt {
public:
    RaiseStmt(SourceRange range, ExprPtr exception, ExprPtr cause)
        : Stmt(NodeKind::kRaiseStmt, range), exception_(std::move(exception)), cause_(std::move(cause)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kRaiseStmt; }
    const Expr* exception() const { return exception_.get(); }
    const Expr* cause() const { return cause_.get(); }

private:
    ExprPtr exception_;
    ExprPtr cause_;
};

/// `global a, b`.
class GlobalStmt final : public Stmt {
public:
    GlobalStmt(SourceRange range, std::vector<std::string> names)
        : Stmt(NodeKind::kGlobalStmt, range), names_(std::move(names)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kGlobalStmt; }
    const std::vector<std::string>& names() const { return names_; }

private:
    std::vector<std::string> names_;
};

/// `nonlocal a, b`.
class NonlocalStmt final : public Stmt {
public:
    NonlocalStmt(SourceRange range, std::vector<std::string> names)
        : Stmt(NodeKind::kNonlocalStmt, range), names_(std::move(names)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kNonlocalStmt; }
    const std::vector<std::string>& names() const { return names_; }

private:
    std::vector<std::string> names_;
};

/// `del xs[i], d[k]`.
class DelStmt final : public Stmt {
public:
    DelStmt(SourceRange range, ExprList targets) : Stmt(NodeKind::kDelStmt, range), targets_(std::move(targets)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kDelStmt; }
    const ExprList& targets() const { return targets_; }

private:
    ExprList targets_;
};

/// `assert test` or `assert test, message`.
class AssertStmt final : public Stmt {
public:
    AssertStmt(SourceRange range, ExprPtr test, ExprPtr message)
        : Stmt(NodeKind::kAssertStmt, range), test_(std::move(test)), message_(std::move(message)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAssertStmt; }
    const Expr& test() const { return *test_; }
    const Expr* message() const { return message_.get(); }

private:
    ExprPtr test_;
    ExprPtr message_;
};

/// `chainer.functions as F` in an import, or `training` in `from chainer import training`.
/// name() is dotted; as_name() is empty without `as`.
class Alias final : public Node {
public:
    Alias(SourceRange range, std::string name, std::string as_name)
        : Node(NodeKind::kAlias, range), name_(std::move(name)), as_name_(std::move(as_name)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kAlias; }
    const std::string& name() const { return name_; }
    const std::string& as_name() const { return as_name_; }

private:
    std::string name_;
    std::string as_name_;
};

using AliasList = std::vector<std::unique_ptr<Alias>>;

/// `import chainer, chainer.links as L`.
class ImportStmt final : public Stmt {
public:
    ImportStmt(SourceRange range, AliasList names) : Stmt(NodeKind::kImportStmt, range), names_(std::move(names)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kImportStmt; }
    const AliasList& names() const { return names_; }

private:
    AliasList names_;
};

/// `from chainer import training, Variable` / `from .mod import *`. level() counts leading dots;
/// module() is empty for `from . import x`; names() is empty for `import *`.
class ImportFromStmt final : public Stmt {
public:
    ImportFromStmt(SourceRange range, std::string module, int level, AliasList names, bool is_star)
        : Stmt(NodeKind::kImportFromStmt, range),
          module_(std::move(module)),
          level_(level),
          names_(std::move(names)),
          is_star_(is_star) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kImportFromStmt; }
    const std::string& module() const { return module_; }
    int level() const { return level_; }
    const AliasList& names() const { return names_; }
    bool is_star() const { return is_star_; }

private:
    std::string module_;
    int level_;
    AliasList names_;
    bool is_star_;
};

}  // namespace cnet::compiler::ast
