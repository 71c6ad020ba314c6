// analyzer_closure.cc — sema of nested `def`s and `lambda`s (Note [Closures]).
//
// Note [Closures]
// A nested def or a lambda is a FunctionInfo with `enclosing` set, kept in Program::closures. Its body is
// analyzed where it stands in the enclosing body, so it sees the enclosing locals (and comprehension variables)
// by Python's scoping: a name it does not assign is looked up in the enclosing functions (Analyzer::Name). Its
// parameter types come from its call sites, like any function's; its return type from its returns (a lambda's
// from its expression). Its value has the function's type (kUserFunction), which is a value type for closures:
// it can be stored, passed and returned; in C++ it is a std::function. Codegen writes a C++ lambda in place,
// capturing by reference (Python's closures see later rebindings of the enclosing names) or, when the closure
// escapes its enclosing call (it is returned or stored on an object), by value.
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {

void Analyzer::CollectClosure(ir::FunctionInfo& fn, const ast::FunctionDef& def) {
    ir::FunctionInfo* c = CollectFunction(def, nullptr, program_.closures);
    c->enclosing = &fn;
    c->owner = fn.owner;  // `self` inside a method's closure is the method's (but `self` is no parameter of it)
    c->called = true;  // (parameters never given a type are reported by name below)
    ir::VarInfo* v = fn.FindLocal(def.name());
    if (v == nullptr) {
        auto nv = std::make_unique<ir::VarInfo>();
        nv->name = def.name();
        nv->cpp_name = CppIdentifier(def.name());
        v = nv.get();
        fn.locals.push_back(std::move(nv));
    }
    v->type = types::UserFunction(c);
    v->first_def = &def;
    c->cpp_name = v->cpp_name;
}

ir::FunctionInfo* Analyzer::ClosureOf(const ast::Node& n) const {
    for (const auto& c : program_.closures) {
        if (c->def == &n || c->lambda == &n) return c.get();
    }
    return nullptr;
}

void Analyzer::AnalyzeClosure(ir::FunctionInfo& c) {
    ir::FunctionInfo* fn = fn_;
    ir::ClassInfo* cls = cls_;
    const int loops = loop_depth_, handlers = handler_depth_;
    handler_depth_ = 0;
    if (c.def != nullptr) {
        AnalyzeFunction(c);
    } else {
        fn_ = &c;
        for (ir::ParamInfo& p : c.params) {
            if (p.default_value != nullptr) JoinInto(p.type, Expr(*p.default_value), *p.default_value, "parameter '" + p.name + "'");
            if (ir::VarInfo* v = c.FindLocal(p.name)) v->type = p.type;
        }
        TypeRef r = Expr(c.lambda->body());
        if (r->kind == TypeKind::kUnknown && c.return_type->kind == TypeKind::kUnknown) {
            // not known yet (a parameter still untyped)
        } else if (!IsValueType(r) && r->kind != TypeKind::kNone) {
            Error(c.lambda->body().range(), "a lambda cannot return " + PyName(r) + "; call it or use it directly");
        } else {
            JoinInto(c.return_type, r, c.lambda->body(), "the value of the lambda");
        }
    }
    fn_ = fn;
    cls_ = cls;
    loop_depth_ = loops;
    handler_depth_ = handlers;
}

TypeRef Analyzer::Lambda(const ast::LambdaExpr& e) {
    if (fn_ == nullptr) {
        Error(e.range(), "a lambda at the top level of the file is not supported; define a function with def");
        return types::Unknown();
    }
    for (const auto& p : e.params()) {
        if (p->param_kind() != ast::Param::Kind::kNormal) {
            Error(p->range(), "a lambda takes plain parameters only ('lambda x, y=1: ...')");
        }
    }
    ir::FunctionInfo* c = ClosureOf(e);
    if (c == nullptr) {
        auto nc = std::make_unique<ir::FunctionInfo>();
        nc->lambda = &e;
        nc->enclosing = fn_;
        nc->owner = fn_->owner;
        nc->name = "<lambda>";
        nc->cpp_name = "<lambda>";
        nc->return_type = types::Unknown();
        nc->called = true;
        for (const auto& p : e.params()) {
            if (p->param_kind() != ast::Param::Kind::kNormal) continue;
            const ir::ParamInfo info = UntypedParam(*p);
            nc->params.push_back(info);
            auto v = std::make_unique<ir::VarInfo>();
            v->name = p->name();
            v->cpp_name = info.cpp_name;
            v->type = types::Unknown();
            v->is_param = true;
            v->first_def = p.get();
            nc->locals.push_back(std::move(v));
        }
        c = nc.get();
        program_.closures.push_back(std::move(nc));
    }
    AnalyzeClosure(*c);
    return types::UserFunction(c);
}

void Analyzer::MarkEscaping(const TypeRef& t) {
    if (t && t->kind == TypeKind::kUserFunction && t->function != nullptr && t->function->enclosing != nullptr) {
        const_cast<ir::FunctionInfo*>(t->function)->escapes = true;
    }
}

}  // namespace cnet::compiler::sema
