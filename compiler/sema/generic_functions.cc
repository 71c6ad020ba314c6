// generic_functions.cc — module-level functions instantiated per call-site signature (Note [Generic functions]).
#include <set>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {

// Note [Generic functions]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// An unannotated parameter takes its type from the call sites, joined (UserArgTypes). A helper that Python
// programs call with unrelated types (`check(name, got, want)` on lists, floats and arrays; `make_optimizer(model)`
// on a Generator and a Discriminator) has no one joined type, so a module-level function is generic: each call
// binds to the first of its instantiations (the function itself first) whose parameter types every argument
// joins with, and a call that joins with none makes a new instantiation, an ir::FunctionInfo with `generic_of`
// set, its own parameters, locals and return type, and its own C++ function (`check`, `check_2`, ...; distinct
// names, since C++ overloads on int64_t and double would make calls ambiguous). Its CallInfo names it
// (CallInfo::instance) and its BoundArgs point at its parameters.
//
// The instantiations share the body's AST nodes, so the facts sema finds in a body are kept per instantiation:
// Program::ExprSlot / CallSlot write, and Info / TypeOf / Call read, the facts of the instantiation an
// ir::InstanceScope selects (AnalyzeFunction selects it while analyzing its body, and each later pass that walks
// a function's body does too). During the fixpoint the instantiations live in Program::instances (the passes
// iterate Program::functions) and are analyzed after the functions each pass; they persist across passes, as
// parameter types do, so every pass binds each call to the same one. Once the reporting pass is done they are
// moved into Program::functions after their original, where definite assignment, the checks, placement, the
// dump and codegen find them. An error in the body that two instantiations both hit is reported once.
//
// Not generic (the types still join or it is an error saying why): methods (a class has one method per name),
// nested defs and lambdas (one closure object), `main`, decorated functions (the decorator's object is one
// function) and async ones (rejected anyway), functions with `*` parameters (rejected too), and functions
// defining a nested def or lambda (the closure's types would be shared).

std::string Analyzer::NotGenericReason(const ir::FunctionInfo& fn) const {
    const std::string not_instantiated = " not instantiated per call signature";
    if (fn.owner != nullptr) return "methods are" + not_instantiated;
    if (fn.enclosing != nullptr || fn.def == nullptr) return "nested functions and lambdas are" + not_instantiated;
    if (fn.is_entry) return "'main' is" + not_instantiated;
    if (!fn.def->decorators().empty() || fn.def->is_async()) {
        return "decorated and async functions are" + not_instantiated;
    }
    if (fn.generic_of != nullptr) return "";
    for (const auto& p : fn.def->params()) {
        if (p->param_kind() != ast::Param::Kind::kNormal) return "functions with '*' parameters are" + not_instantiated;
    }
    bool nested = false;
    for (const ast::StmtPtr& s : fn.def->body()) {
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            if (ast::IsNestedScope(n)) nested = true;
        });
    }
    if (nested) return "functions defining a nested function or lambda are" + not_instantiated;
    return "";
}

ir::FunctionInfo* Analyzer::Instantiate(const ir::FunctionInfo& original) {
    // A readable name no other C++ name in scope has: not a module-level name, and no local, parameter,
    // method or field that would hide it where it is called (Note [Hygienic names] keeps the rest apart).
    std::set<std::string> names;
    auto add_function = [&](const ir::FunctionInfo& f) {
        names.insert(f.cpp_name);
        for (const auto& v : f.locals) names.insert(v->cpp_name);
    };
    for (const auto& f : program_.functions) add_function(*f);
    for (const auto& f : program_.instances) add_function(*f);
    for (const auto& f : program_.closures) add_function(*f);
    if (program_.script_function) add_function(*program_.script_function);
    for (const auto& c : program_.classes) {
        names.insert(c->cpp_name);
        for (const auto& m : c->methods) add_function(*m);
        for (const auto& f : c->fields) names.insert(f->cpp_name);
    }
    for (const auto& g : program_.globals) names.insert(g->cpp_name);
    auto taken = [&](const std::string& name) { return names.count(name) != 0 || IsReservedName(name); };
    // `check_2`; `x_0_2_` for an encoded `x_0_` (no "__").
    auto name = [&](int n) {
        const std::string& base = original.cpp_name;
        return base.back() == '_' ? base + std::to_string(n) + "_" : base + "_" + std::to_string(n);
    };
    int n = 2;
    while (taken(name(n))) ++n;
    const bool was = report_;  // (CollectFunction reports in every pass; a generic def has nothing to report)
    ir::FunctionInfo* fn = CollectFunction(*original.def, nullptr, program_.instances);
    report_ = was;
    fn->cpp_name = name(n);
    fn->generic_of = &original;
    changed_ = true;
    return fn;
}

namespace {

// Whether the body tests `isinstance(name, ...)` (Note [Arrays and isinstance]).
bool TestsTypeOf(const ir::FunctionInfo& fn, const std::string& name) {
    bool tests = false;
    for (const ast::StmtPtr& s : fn.def->body()) {
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            const auto* call = ast::DynCast<ast::CallExpr>(&n);
            const auto* f = call != nullptr ? ast::DynCast<ast::NameExpr>(&call->func()) : nullptr;
            if (f == nullptr || f->id() != "isinstance" || call->args().empty()) return;
            const auto* arg = ast::DynCast<ast::NameExpr>(call->args()[0].get());
            if (arg != nullptr && arg->id() == name) tests = true;
        });
    }
    return tests;
}

bool ArrayAndVariable(const TypeRef& a, const TypeRef& b) {
    const TypeKind ka = StripOptional(a)->kind, kb = StripOptional(b)->kind;
    return (ka == TypeKind::kNdarray && kb == TypeKind::kVariable) || (ka == TypeKind::kVariable && kb == TypeKind::kNdarray);
}

}  // namespace

ir::FunctionInfo* Analyzer::ChooseInstance(ir::FunctionInfo* fn, ir::CallInfo& call,
                                           const std::vector<TypeRef>& types) {
    auto fits = [&](const ir::FunctionInfo& candidate) {
        for (std::size_t i = 0; i < call.args.size(); ++i) {
            const ir::ParamInfo& p = candidate.params[i];
            if (call.args[i].value == nullptr || p.param->annotation() != nullptr) continue;
            const TypeRef j = StaticJoin(p.type, types[i]);  // (an instantiation per type, not one of objects)
            if (!j) return false;
            // Objects of two link classes would join to one object of either (Note [Classes chosen at run time]);
            // an instantiation per class keeps each class's own methods reachable.
            if (IsChosenObject(j) && !IsChosenObject(p.type) && !IsChosenObject(types[i]) &&
                p.type->kind != TypeKind::kUnknown) {
                return false;
            }
            // An ndarray would join a Variable parameter as a constant Variable; a body asking which it is gets
            // an instantiation per kind (Note [Arrays and isinstance]).
            if (ArrayAndVariable(p.type, types[i]) && TestsTypeOf(candidate, p.name)) return false;
        }
        return true;
    };
    ir::FunctionInfo* chosen = fits(*fn) ? fn : nullptr;
    for (std::size_t i = 0; chosen == nullptr && i < program_.instances.size(); ++i) {
        ir::FunctionInfo* inst = program_.instances[i].get();
        if (inst->generic_of == fn && fits(*inst)) chosen = inst;
    }
    if (chosen == nullptr) chosen = Instantiate(*fn);
    if (chosen != fn) {
        call.instance = chosen;
        chosen->called = true;
        for (std::size_t i = 0; i < call.args.size(); ++i) {
            call.args[i].param = &chosen->params[i];
            call.args[i].expected = chosen->params[i].type;
        }
    }
    return chosen;
}

void Analyzer::AnalyzeInstances() {
    // (Analyzing one may instantiate another: an index, not an iterator.)
    for (std::size_t i = 0; i < program_.instances.size(); ++i) AnalyzeFunction(*program_.instances[i]);
}

void Analyzer::SpliceInstances() {
    std::vector<std::unique_ptr<ir::FunctionInfo>> functions;
    for (auto& fn : program_.functions) {
        const ir::FunctionInfo* original = fn.get();
        functions.push_back(std::move(fn));
        for (auto& inst : program_.instances) {
            if (inst && inst->generic_of == original) functions.push_back(std::move(inst));
        }
    }
    program_.functions = std::move(functions);
    program_.instances.clear();
}

bool Analyzer::ReportedInOtherInstance(const SourceRange& range, const std::string& message) {
    // Any pass over the bodies (analysis, definite assignment, the checks) may meet the same error once per
    // instantiation: in a program with instantiations, an error repeated at the same place is reported once.
    const bool first = reported_.insert({range.begin.line, range.begin.column, message}).second;
    if (first) return false;
    if (!program_.instances.empty()) return true;
    for (const auto& fn : program_.functions) {
        if (fn->generic_of != nullptr) return true;
    }
    return false;
}

}  // namespace cnet::compiler::sema
