// codegen_try.cc — `try / except / else / finally` and `raise` to C++: one `catch (const std::exception&)`
// whose if-chain tests the handlers in order (Python picks the first matching clause; a tuple or LookupError
// names several C++ classes), `else` behind a completion flag, `finally` in a scope guard (so return, break and
// continue run it too), and a re-raise as `throw;`.
#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/sema/py_exceptions.h"

namespace cnet::compiler::codegen {

namespace {

void CollectCaught(const ast::Expr& e, std::vector<std::string>& out) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) {
        for (const auto& el : t->elements()) CollectCaught(*el, out);
        return;
    }
    const std::string name = sema::HandlerClassName(e);
    const std::vector<std::string>* cpp = sema::CaughtCppTypes(name);
    CNET_INTERNAL_CHECK(cpp != nullptr) << "codegen: unchecked exception class '" << name << "'";
    out.insert(out.end(), cpp->begin(), cpp->end());
}

}  // namespace

void Generator::Try(const ast::TryStmt& s) {
    w_.Line("{");
    w_.Indent();
    if (!s.finalbody().empty()) {
        w_.Line("cnet::py::FinallyGuard " + Temp("finally") + "([&] {");
        w_.Indent();
        Block(s.finalbody());
        w_.Dedent();
        w_.Line("});");
    }
    const std::string completed = s.orelse().empty() ? "" : Temp("completed");
    if (!completed.empty()) w_.Line("bool " + completed + " = false;");
    w_.Line("try {");
    w_.Indent();
    Block(s.body());
    if (!completed.empty()) w_.Line(completed + " = true;");
    w_.Dedent();
    if (s.handlers().empty()) {
        w_.Line("} catch (...) {");
        w_.Line("    throw;");
        w_.Line("}");
    } else {
        const std::string caught = Temp("caught");
        w_.Line("} catch (const std::exception& " + caught + ") {");
        w_.Indent();
        bool first = true, catch_all = false;
        for (const auto& h : s.handlers()) {
            std::vector<std::string> types;
            if (h->type() != nullptr) CollectCaught(*h->type(), types);
            bool all = h->type() == nullptr;
            for (const std::string& t : types) all = all || t == "std::exception";
            std::string test;
            if (!all) {
                for (std::size_t i = 0; i < types.size(); ++i) test += (i ? ", " : "") + types[i];
                test = "cnet::py::exception_is<" + test + ">(" + caught + ")";
            }
            if (all) {
                w_.Line(first ? "{" : "} else {");
            } else {
                w_.Line((first ? "if (" : "} else if (") + test + ") {");
            }
            w_.Indent();
            if (!h->name().empty()) {
                const ir::VarInfo* v = nullptr;
                for (const auto& local : fn_->locals) {
                    if (local->first_def == h.get()) v = local.get();
                }
                CNET_INTERNAL_CHECK(v != nullptr) << "codegen: unbound handler name '" << h->name() << "'";
                w_.Line("[[maybe_unused]] const cnet::py::Exception " + v->cpp_name + "(" + caught + ");");
            }
            Block(h->body());
            w_.Dedent();
            first = false;
            if (all) {
                catch_all = true;
                break;  // later clauses are unreachable, as in Python
            }
        }
        if (!catch_all) {
            w_.Line("} else {");
            w_.Line("    throw;");
        }
        w_.Line("}");
        w_.Dedent();
        w_.Line("}");
    }
    if (!completed.empty()) {
        w_.Line("if (" + completed + ") {");
        w_.Indent();
        Block(s.orelse());
        w_.Dedent();
        w_.Line("}");
    }
    w_.Dedent();
    w_.Line("}");
}

void Generator::Raise(const ast::RaiseStmt& s) {
    const ast::Expr* e = s.exception();
    if (e == nullptr) {
        w_.Line("throw;");
        return;
    }
    const TypeRef t = TypeOf(*e);
    if (t->kind == TypeKind::kLibObject) {  // `raise e` of the handler's variable
        w_.Line("throw;");
        return;
    }
    if (t->kind == TypeKind::kLibFunction) {  // `raise ValueError`: the class, constructed without a message
        w_.Line("throw " + t->entry->cpp + (t->entry->signature.params.empty() ? "()" : "(\"\")") + ";");
        return;
    }
    w_.Line("throw " + E(*e) + ";");
}

}  // namespace cnet::compiler::codegen
