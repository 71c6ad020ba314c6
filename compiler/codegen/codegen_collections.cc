// codegen_collections.cc — collections.Counter and collections.defaultdict (cnet/py/collections.h), and set()
// (cnet/py/set.h): the C++ type is the one sema settled for the variable the call initializes, as for `{}`.
#include "compiler/codegen/codegen.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/py_collections.h"

namespace cnet::compiler::codegen {

bool Generator::IsCollectionsCall(const ast::CallExpr& e) {
    const TypeRef callee = TypeOf(e.func());
    return callee->kind == TypeKind::kLibFunction &&
           (callee->entry->owner == "collections" || (callee->entry->owner == "builtins" && callee->entry->name == "set"));
}

std::string Generator::CollectionsCall(const ast::CallExpr& e, const TypeRef& want) {
    const TypeRef own = TypeOf(e);
    if (own->kind == TypeKind::kSet) {  // set() or set(iterable), of the set type the value is wanted as
        const TypeRef t = Completed(want && want->kind == TypeKind::kSet && sema::IsComplete(want) ? want : own);
        if (e.args().empty()) return sema::CppName(t) + "()";
        return sema::CppName(t) + "::Of(" + Iterable(*e.args()[0], t->args[0]) + ")";
    }
    const TypeRef t = Completed(
        want && want->kind == TypeKind::kDict && want->dict_kind == own->dict_kind && sema::IsComplete(want) ? want
                                                                                                             : own);
    const std::string type = sema::CppName(t);
    const ast::Expr* arg = e.args().empty() ? nullptr : e.args()[0].get();
    if (arg == nullptr && !e.keywords().empty()) arg = &e.keywords()[0]->value();
    if (t->dict_kind == sema::DictKind::kCounter) {
        if (arg == nullptr) return type + "()";
        const TypeRef a = sema::StripOptional(TypeOf(*arg));
        if (a->kind == TypeKind::kNdarray) return "cnet::py::CounterOfArray(" + E(*arg) + ")";
        if (a->kind == TypeKind::kDict) return type + "(" + E(*arg) + ")";
        return type + "(" + Iterable(*arg, t->args[0]) + ")";
    }
    // defaultdict(factory): the factory's value and the name Python prints for it.
    const TypeRef value = t->args[1];
    const std::string v = sema::CppName(value);
    if (sema::NumberingFactoryName(*arg) != nullptr) return type + "::NumberingKeys()";  // (sema checked the name)
    if (const auto* lambda = ast::DynCast<ast::LambdaExpr>(arg)) {
        return type + "([] { return " + v + "(" + E(lambda->body(), value) + "); }, \"<function <lambda>>\")";
    }
    const std::string& name = ast::Cast<ast::NameExpr>(*arg).id();
    return type + "([] { return " + v + "(); }, \"<class '" + name + "'>\")";
}

// counter.update(x): counts the elements of x (the ints of an ndarray, the characters of a str) or adds x's counts.
std::string Generator::CounterUpdate(const ast::CallExpr& e, const std::string& counter, const TypeRef& type) {
    const ast::Expr& arg = e.args().empty() ? e.keywords()[0]->value() : *e.args()[0];
    const TypeRef a = sema::StripOptional(TypeOf(arg));
    if (a->kind == TypeKind::kNdarray) return "cnet::py::CounterUpdateArray(" + counter + ", " + E(arg) + ")";
    if (a->kind == TypeKind::kDict) return counter + ".update(" + E(arg) + ")";
    return counter + ".update(" + Iterable(arg, type->args[0]) + ")";
}

}  // namespace cnet::compiler::codegen
