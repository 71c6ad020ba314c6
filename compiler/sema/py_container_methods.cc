// py_container_methods.cc — sema of list.sort / list.copy and dict.pop / setdefault / update / copy. A dict's key
// and value types are what their arguments are checked (and converted) against; a dict that is still `{}` learns
// them from setdefault() and update(). Codegen: their surface rows, and for list.sort's key
// Generator::ListSort (codegen_py_builtins.cc).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

TypeRef KnownOrNull(const TypeRef& t) { return t->kind == TypeKind::kUnknown ? nullptr : t; }

}  // namespace

TypeRef Analyzer::CallContainerMethod(const ast::CallExpr& e, const TypeRef& receiver, const BuiltinEntry& entry,
                                      ir::CallInfo& call) {
    const std::string& m = entry.name;
    const bool list = entry.owner == "list" && (m == "sort" || m == "copy");
    const bool dict = entry.owner == "dict" && (m == "pop" || m == "setdefault" || m == "update" || m == "copy");
    if ((!list && !dict) || (receiver->kind != TypeKind::kList && receiver->kind != TypeKind::kDict)) return nullptr;
    const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
    if (m == "copy") {  // the C++ copy, where it is Python's shallow copy
        program_.CallSlot(e) = call;
        for (const TypeRef& a : receiver->args) {
            if (!CopySharesLikePython(a)) {
                Error(e.range(), entry.owner + ".copy() of a '" + PyName(receiver) +
                                     "' is not supported: Python's shallow copy shares the inner lists and dicts, a "
                                     "C++ copy would not; copy them explicitly (" +
                                     (list ? "'[list(row) for row in xs]'" : "'{k: list(v) for k, v in d.items()}'") +
                                     ") or use copy.deepcopy");
                return types::Unknown();
            }
        }
        return receiver;
    }
    if (m == "sort") {  // the key as sorted()'s (Note [Functions applied to elements])
        CheckArgTypes(e, m, call);
        program_.CallSlot(e) = call;
        const ast::Expr* key = call.args[0].value;
        if (key != nullptr && !ast::Isa<ast::NoneLiteral>(*key)) {
            ElementFunctionResult(*key, receiver->args[0], "the key of list.sort()", "'key=lambda x: len(x)'");
        }
        return types::None();
    }
    const TypeRef& k = receiver->args[0];
    const TypeRef& v = receiver->args[1];
    if (m == "update") {  // a dict, or a list of (key, value) pairs
        const ast::Expr& other = *call.args[0].value;
        const TypeRef t = StripOptional(Expr(other));
        program_.CallSlot(e) = call;
        TypeRef ok, ov;
        if (t->kind == TypeKind::kDict) {
            ok = t->args[0], ov = t->args[1];
        } else if (t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kTuple && t->args[0]->args.size() == 2) {
            ok = t->args[0]->args[0], ov = t->args[0]->args[1];
        } else if (t->kind == TypeKind::kUnknown || (t->kind == TypeKind::kList && !IsComplete(t))) {
            return types::None();  // not known yet
        } else {
            Error(other.range(), "dict.update() takes a dict or a list of (key, value) pairs, got '" + PyName(t) + "'");
            return types::None();
        }
        const TypeRef jk = Join(k, ok), jv = Join(v, ov);
        const bool fits = (!IsComplete(k) || Assignable(ok, k)) && (!IsComplete(v) || Assignable(ov, v));
        if (!jk || !jv || !fits) {
            Error(other.range(), "cannot update a '" + PyName(receiver) + "' with a '" + PyName(t) + "'");
        } else if (!IsComplete(receiver)) {
            Refine(attr.value(), types::Dict(jk, jv, receiver->dict_kind));
        }
        return types::None();
    }
    // pop(key[, default]) and setdefault(key, default): a key of the dict, a default of its values.
    call.args[0].expected = KnownOrNull(k);
    if (call.args[1].value != nullptr) call.args[1].expected = KnownOrNull(v);
    CheckArgTypes(e, m, call);
    program_.CallSlot(e) = call;
    const TypeRef fallback = call.args[1].value != nullptr ? program_.TypeOf(*call.args[1].value) : nullptr;
    if (m == "setdefault" && !IsComplete(receiver)) {  // `groups = {}`, then `groups.setdefault(k, []).append(x)`
        const TypeRef jk = Join(k, program_.TypeOf(*call.args[0].value));
        const TypeRef jv = Join(v, fallback);
        if (jk && jv) Refine(attr.value(), types::Dict(jk, jv, receiver->dict_kind));
    }
    // While the dict's values are not known yet, the default's type (as for get()).
    if (v->kind == TypeKind::kUnknown && fallback) return fallback;
    return v;
}

}  // namespace cnet::compiler::sema
