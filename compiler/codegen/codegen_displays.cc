// codegen_displays.cc — list, tuple, dict and set displays (`[a, b]`, `(a, b)`, `{k: v}`, `{a, b}`) as C++ values of
// the type sema settled, or of the type the place they go to wants.
#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

TypeRef Completed(const TypeRef& t) {
    if (!t || t->kind == TypeKind::kUnknown) return sema::types::None();
    if (sema::IsComplete(t)) return t;
    auto c = std::make_shared<sema::Type>(*t);
    for (TypeRef& a : c->args) a = Completed(a);
    return c;
}

std::string Generator::Collection(const ast::Expr& e, const TypeRef& want_in) {
    const TypeRef t = TypeOf(e);
    // `acc = []` of an `acc: list[int] | None`: the list the optional holds.
    const TypeRef want = want_in ? sema::StripOptional(want_in) : want_in;
    if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&e)) {
        if (want && want->kind == TypeKind::kList) {
            std::string items;
            for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                items += (i ? ", " : "") + Kept(*tuple->elements()[i], want->args[0]);
            }
            return sema::CppName(want) + "{" + items + "}";
        }
        const TypeRef shape = want ? sema::StripOptional(want) : nullptr;  // `size: shape | None` of np.random
        if (shape && (shape->kind == TypeKind::kShape || shape->kind == TypeKind::kUnknown)) {
            std::string items;
            for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                const TypeRef et = TypeOf(*tuple->elements()[i]);
                items += (i ? ", " : "") + E(*tuple->elements()[i], et->kind == TypeKind::kStr ? et : nullptr);
            }
            return (shape->kind == TypeKind::kShape ? "cnet::Shape{" : "{") + items + "}";
        }
        std::string items;
        for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
            const TypeRef et = want && want->kind == TypeKind::kTuple && i < want->args.size() ? want->args[i]
                                                                                               : t->args[i];
            items += (i ? ", " : "") + Kept(*tuple->elements()[i], et);
        }
        return sema::CppName(want && want->kind == TypeKind::kTuple ? want : t) + "{" + items + "}";
    }
    if (const auto* list = ast::DynCast<ast::ListExpr>(&e)) {
        const TypeRef lt = want && want->kind == TypeKind::kList && sema::IsComplete(want) ? want : t;
        // `[]` or `[[]]` whose element type nothing decides (a statement, `len([])`): any type will do.
        if (!sema::IsComplete(lt)) return Collection(e, Completed(lt));
        std::string items;
        for (std::size_t i = 0; i < list->elements().size(); ++i) {
            items += (i ? ", " : "") + Kept(*list->elements()[i], lt->args[0]);
        }
        return sema::CppName(lt) + "{" + items + "}";
    }
    if (const auto* set = ast::DynCast<ast::SetExpr>(&e)) {  // a cnet::py::Set, each element as its element type
        const TypeRef st = want && want->kind == TypeKind::kSet && sema::IsComplete(want) ? want : t;
        std::string items;
        for (const auto& el : set->elements()) items += (items.empty() ? "" : ", ") + Kept(*el, st->args[0]);
        return sema::CppName(st) + "{" + items + "}";
    }
    const auto& d = ast::Cast<ast::DictExpr>(e);
    const TypeRef dt = want && want->kind == TypeKind::kDict && sema::IsComplete(want) ? want : t;
    // `{}` whose key and value types nothing decides (`print({})`, `len({})`): empty, any types will do.
    if (!sema::IsComplete(dt) && d.keys().empty()) {
        return sema::CppName(sema::types::Dict(sema::types::Str(), sema::types::None())) + "{}";
    }
    std::string items;
    for (std::size_t i = 0; i < d.keys().size(); ++i) {
        items += std::string(i ? ", " : "") + "{" + E(*d.keys()[i], dt->args[0]) + ", " + E(*d.values()[i], dt->args[1]) +
                 "}";
    }
    return sema::CppName(dt) + "{" + items + "}";
}

}  // namespace cnet::compiler::codegen
