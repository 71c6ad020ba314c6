// analyzer_try.cc — sema over `try / except / else / finally` and `raise`: the exception classes a handler
// names (Python's built-in ones and Chainer's InvalidType), the `as e` variable scoped to its handler (as in
// Python 3, which deletes it after the handler), a bare `raise` only inside a handler, and no
// return/break/continue inside `finally` (it runs from a C++ scope guard).
#include "compiler/ast/traversal.h"
#include "compiler/diagnostics/edit_distance.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/py_exceptions.h"

namespace cnet::compiler::sema {

namespace {


}  // namespace

void Analyzer::CheckHandlerType(const ast::Expr& e) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) {
        for (const auto& el : t->elements()) CheckHandlerType(*el);
        return;
    }
    const std::string name = HandlerClassName(e);
    const bool qualified = name.find('.') != std::string::npos;
    if (CaughtCppTypes(name) != nullptr && (ast::Isa<ast::NameExpr>(e) == !qualified || name == "InvalidType")) {
        if (const char* header = ExceptionHeader(name)) program_.headers.insert(header);
        return;
    }
    std::string message = "'except' needs a Python exception class (ValueError, KeyError, Exception, ...) or "
                          "chainer.utils.type_check.InvalidType";
    if (!name.empty()) message += ", not '" + name + "'";
    if (auto s = SuggestClosest(name, ExceptionNames())) message += " (did you mean '" + *s + "'?)";
    Error(e.range(), message);
}

void Analyzer::AnalyzeTry(const ast::TryStmt& s) {
    program_.headers.insert("cnet/py/exception.h");
    // A handler may start from any state the body passed through (Note [Rebinding to another type]).
    Bindings passed = bindings_;
    try_states_.push_back(&passed);
    AnalyzeBlock(s.body());
    try_states_.pop_back();
    const Bindings after_body = bindings_;
    const Bindings handler_entry = MergeBindings(passed, bindings_);
    Bindings after{false, {}};
    for (const auto& h : s.handlers()) {
        bindings_ = handler_entry;
        if (h->type() != nullptr) CheckHandlerType(*h->type());
        comp_scopes_.emplace_back();
        if (!h->name().empty() && fn_ != nullptr) {
            ir::VarInfo* v = nullptr;
            for (const auto& local : fn_->locals) {
                if (local->in_comprehension && local->first_def == h.get()) v = local.get();
            }
            if (v == nullptr) {
                auto nv = std::make_unique<ir::VarInfo>();
                nv->name = h->name();
                nv->cpp_name = CppIdentifier(h->name());
                nv->in_comprehension = true;  // scoped to the handler, never hoisted
                nv->first_def = h.get();
                v = nv.get();
                fn_->locals.push_back(std::move(nv));
            }
            v->type = types::LibObject(table_.FindType("Exception"));
            comp_scopes_.back()[h->name()] = v;
        }
        ++handler_depth_;
        AnalyzeBlock(h->body());
        --handler_depth_;
        comp_scopes_.pop_back();
        after = MergeBindings(after, bindings_);
    }
    bindings_ = after_body;
    AnalyzeBlock(s.orelse());
    bindings_ = MergeBindings(after, bindings_);
    // `finally` runs from a scope guard's destructor: a return/break/continue there cannot leave the function.
    for (const auto& st : s.finalbody()) {
        ast::WalkPreorder(*st, [&](const ast::Node& n) {
            if (ast::Isa<ast::ReturnStmt>(n) || ast::Isa<ast::BreakStmt>(n) || ast::Isa<ast::ContinueStmt>(n)) {
                Error(n.range(), "'return', 'break' and 'continue' are not supported inside 'finally'; set a flag "
                                 "and act on it after the try statement");
            }
        });
    }
    AnalyzeBlock(s.finalbody());
}

void Analyzer::AnalyzeRaise(const ast::RaiseStmt& s) {
    if (s.cause() != nullptr) Unsupported(*s.cause(), "'raise ... from' is not supported; raise the exception alone");
    if (s.exception() == nullptr) {
        if (handler_depth_ == 0) {
            Unsupported(s, "a bare 'raise' re-raises the exception being handled, so it belongs inside an 'except' "
                           "block; raise ValueError('message') elsewhere");
        }
        return;
    }
    TypeRef t = Expr(*s.exception());
    if (IsNever(t)) return;  // making the exception raises first (Note [An attribute nothing assigns])
    if (t->kind == TypeKind::kLibObject && t->lib_type != nullptr && t->lib_type->name == "Exception") {
        // `raise e` of a handler's variable re-raises the exception being handled.
        const ir::ExprInfo* info = program_.Info(*s.exception());
        if (info == nullptr || info->local == nullptr || info->local->first_def == nullptr ||
            !ast::Isa<ast::ExceptHandler>(*info->local->first_def) ||
            handler_depth_ == 0) {
            Unsupported(s, "only the exception being handled can be raised again ('raise' or 'raise e' inside its "
                           "'except' block)");
        }
        return;
    }
    if (t->kind == TypeKind::kLibFunction && t->entry != nullptr && t->entry->result == "exception") return;
    if (t->kind == TypeKind::kNone) {
        if (const auto* call = ast::DynCast<ast::CallExpr>(s.exception())) {
            const ir::ExprInfo* f = program_.Info(call->func());
            if (f != nullptr && f->type->kind == TypeKind::kLibFunction && f->type->entry->result == "exception") return;
        }
    }
    if (t->kind != TypeKind::kUnknown) {
        Error(s.exception()->range(), "'raise' needs an exception, e.g. ValueError('message'), not a value of type '" +
                                          PyName(t) + "'");
    }
}

void Analyzer::CollectTryLocals(ir::FunctionInfo& fn, const ast::TryStmt& s) {
    CollectLocals(fn, s.body());
    for (const auto& h : s.handlers()) CollectLocals(fn, h->body());
    CollectLocals(fn, s.orelse());
    CollectLocals(fn, s.finalbody());
}

}  // namespace cnet::compiler::sema
