// compound_stmt.h — statements with bodies: if/while/for/with/try, function and class definitions.
// The AST is read-only after parsing but for its blocks (mutable_body() ...), where sema drops the branches no call
// can take before it analyzes anything (Note [Parameters no call passes] in sema/constant_defaults.cc).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compiler/ast/expr.h"
#include "compiler/ast/node.h"
#include "compiler/ast/postfix_expr.h"

namespace cnet::compiler::ast {

/// `if test: body else: orelse`. An `elif` chain nests: orelse() holds one IfStmt with is_elif().
class IfStmt final : public Stmt {
public:
    IfStmt(SourceRange range, ExprPtr test, StmtList body, StmtList orelse, bool is_elif)
        : Stmt(NodeKind::kIfStmt, range),
          test_(std::move(test)),
          body_(std::move(body)),
          orelse_(std::move(orelse)),
          is_elif_(is_elif) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kIfStmt; }
    const Expr& test() const { return *test_; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    const StmtList& orelse() const { return orelse_; }
    StmtList& mutable_orelse() { return orelse_; }
    bool is_elif() const { return is_elif_; }

private:
    ExprPtr test_;
    StmtList body_;
    StmtList orelse_;
    bool is_elif_;
};

/// `while test: body else: orelse`.
class WhileStmt final : public Stmt {
public:
    WhileStmt(SourceRange range, ExprPtr test, StmtList body, StmtList orelse)
        : Stmt(NodeKind::kWhileStmt, range), test_(std::move(test)), body_(std::move(body)), orelse_(std::move(orelse)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kWhileStmt; }
    const Expr& test() const { return *test_; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    const StmtList& orelse() const { return orelse_; }
    StmtList& mutable_orelse() { return orelse_; }

private:
    ExprPtr test_;
    StmtList body_;
    StmtList orelse_;
};

/// `for target in iter: body else: orelse` (`async for` sets is_async).
class ForStmt final : public Stmt {
public:
    ForStmt(SourceRange range, ExprPtr target, ExprPtr iter, StmtList body, StmtList orelse, bool is_async)
        : Stmt(NodeKind::kForStmt, range),
          target_(std::move(target)),
          iter_(std::move(iter)),
          body_(std::move(body)),
          orelse_(std::move(orelse)),
          is_async_(is_async) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kForStmt; }
    const Expr& target() const { return *target_; }
    const Expr& iter() const { return *iter_; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    const StmtList& orelse() const { return orelse_; }
    StmtList& mutable_orelse() { return orelse_; }
    bool is_async() const { return is_async_; }

private:
    ExprPtr target_;
    ExprPtr iter_;
    StmtList body_;
    StmtList orelse_;
    bool is_async_;
};

/// `context as target` in a with statement; target() is null without `as`.
class WithItem final : public Node {
public:
    WithItem(SourceRange range, ExprPtr context, ExprPtr target)
        : Node(NodeKind::kWithItem, range), context_(std::move(context)), target_(std::move(target)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kWithItem; }
    const Expr& context() const { return *context_; }
    const Expr* target() const { return target_.get(); }

private:
    ExprPtr context_;
    ExprPtr target_;
};

/// `with chainer.using_config('train', False), open(p) as f: body`.
class WithStmt final : public Stmt {
public:
    WithStmt(SourceRange range, std::vector<std::unique_ptr<WithItem>> items, StmtList body, bool is_async)
        : Stmt(NodeKind::kWithStmt, range), items_(std::move(items)), body_(std::move(body)), is_async_(is_async) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kWithStmt; }
    const std::vector<std::unique_ptr<WithItem>>& items() const { return items_; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    bool is_async() const { return is_async_; }

private:
    std::vector<std::unique_ptr<WithItem>> items_;
    StmtList body_;
    bool is_async_;
};

/// `except type as name: body`; type() is null for a bare `except:`, name() empty without `as`.
class ExceptHandler final : public Node {
public:
    ExceptHandler(SourceRange range, ExprPtr type, std::string name, StmtList body)
        : Node(NodeKind::kExceptHandler, range), type_(std::move(type)), name_(std::move(name)), body_(std::move(body)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kExceptHandler; }
    const Expr* type() const { return type_.get(); }
    const std::string& name() const { return name_; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }

private:
    ExprPtr type_;
    std::string name_;
    StmtList body_;
};

/// `try: body except ...: ... else: orelse finally: finalbody`.
class TryStmt final : public Stmt {
public:
    TryStmt(SourceRange range, StmtList body, std::vector<std::unique_ptr<ExceptHandler>> handlers, StmtList orelse,
            StmtList finalbody)
        : Stmt(NodeKind::kTryStmt, range),
          body_(std::move(body)),
          handlers_(std::move(handlers)),
          orelse_(std::move(orelse)),
          finalbody_(std::move(finalbody)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kTryStmt; }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    const std::vector<std::unique_ptr<ExceptHandler>>& handlers() const { return handlers_; }
    const StmtList& orelse() const { return orelse_; }
    StmtList& mutable_orelse() { return orelse_; }
    const StmtList& finalbody() const { return finalbody_; }
    StmtList& mutable_finalbody() { return finalbody_; }

private:
    StmtList body_;
    std::vector<std::unique_ptr<ExceptHandler>> handlers_;
    StmtList orelse_;
    StmtList finalbody_;
};

/// `@decorator def name(params) -> returns: body`. name_range() covers the name only.
class FunctionDef final : public Stmt {
public:
    FunctionDef(SourceRange range, std::string name, SourceRange name_range, ParamList params, ExprPtr returns,
                StmtList body, ExprList decorators, bool is_async)
        : Stmt(NodeKind::kFunctionDef, range),
          name_(std::move(name)),
          name_range_(name_range),
          params_(std::move(params)),
          returns_(std::move(returns)),
          body_(std::move(body)),
          decorators_(std::move(decorators)),
          is_async_(is_async) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kFunctionDef; }
    const std::string& name() const { return name_; }
    const SourceRange& name_range() const { return name_range_; }
    const ParamList& params() const { return params_; }
    const Expr* returns() const { return returns_.get(); }
    const StmtList& body() const { return body_; }
    StmtList& mutable_body() { return body_; }
    const ExprList& decorators() const { return decorators_; }
    bool is_async() const { return is_async_; }

private:
    std::string name_;
    SourceRange name_range_;
    ParamList params_;
    ExprPtr returns_;
    StmtList body_;
    ExprList decorators_;
    bool is_async_;
};

/// `class Name(base, ..., keyword=value): body`, e.g. `class MLP(chainer.Chain):`.
class ClassDef final : public Stmt {
public:
    ClassDef(SourceRange range, std::string name, SourceRange name_range, ExprList bases, KeywordList keywords,
             StmtList body, ExprList decorators)
        : Stmt(NodeKind::kClassDef, range),
          name_(std::move(name)),
          name_range_(name_range),
          bases_(std::move(bases)),
          keywords_(std::move(keywords)),
          body_(std::move(body)),
          decorators_(std::move(decorators)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kClassDef; }
    const std::string& name() const { return name_; }
    const SourceRange& name_range() const { return name_range_; }
    const ExprList& bases() const { return bases_; }
    const KeywordList& keywords() const { return keywords_; }
    const StmtList& body() const { return body_; }
    const ExprList& decorators() const { return decorators_; }

private:
    std::string name_;
    SourceRange name_range_;
    ExprList bases_;
    KeywordList keywords_;
    StmtList body_;
    ExprList decorators_;
};

}  // namespace cnet::compiler::ast
