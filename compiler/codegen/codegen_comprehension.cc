// codegen_comprehension.cc — list, dict and generator comprehensions as an immediately invoked C++ lambda that
// builds the container, loops and conditions nested in source order.
#include <algorithm>

#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

// [f(x) for x in xs if c] => [&] { std::vector<T> out; for (auto x : xs) { if (c) out.push_back(f(x)); } return out; }()
std::string Generator::ListComp(const ast::ComprehensionExpr& e) {
    const TypeRef t = TypeOf(e);
    const std::string result = Temp("result");
    std::string out = "[&] { " + sema::CppName(t) + " " + result + "; ";
    int depth = 0;
    for (const auto& gen : e.generators()) {
        std::string target;
        if (const auto* n = ast::DynCast<ast::NameExpr>(&gen->target())) {
            const ir::ExprInfo* info = program_.Info(*n);
            target = info != nullptr && info->local != nullptr ? info->local->cpp_name : sema::CppIdentifier(n->id());
        } else {
            const auto& tuple = ast::Cast<ast::TupleExpr>(gen->target());
            target = "[";
            for (std::size_t i = 0; i < tuple.elements().size(); ++i) {
                target += (i ? ", " : "") + sema::CppIdentifier(ast::Cast<ast::NameExpr>(*tuple.elements()[i]).id());
            }
            target += "]";
        }
        const TypeRef elem = TypeOf(gen->target());
        if (elem && elem->kind == TypeKind::kList && target[0] == '[') {  // a list's items, by position
            const std::string item = Temp("item");
            out += "for (const auto& " + item + " : " + Iterable(gen->iter(), elem) + ") { ";
            const auto& names = ast::Cast<ast::TupleExpr>(gen->target()).elements();
            for (std::size_t i = 0; i < names.size(); ++i) {
                const std::string& id = ast::Cast<ast::NameExpr>(*names[i]).id();
                // A name the target binds again later (`_, _, y`) takes the later item, as in Python.
                const bool again = std::any_of(names.begin() + static_cast<std::ptrdiff_t>(i) + 1, names.end(),
                                               [&](const auto& n) { return ast::Cast<ast::NameExpr>(*n).id() == id; });
                if (again) continue;
                out += "auto " + sema::CppIdentifier(id) + " = cnet::py::at(" + item + ", " + std::to_string(i) + "); ";
            }
            ++depth;
            for (const auto& cond : gen->conditions()) {
                out += "if (" + Truth(*cond) + ") { ";
                ++depth;
            }
            continue;
        }
        const auto* name = ast::DynCast<ast::NameExpr>(&gen->target());
        const bool unused = name != nullptr && name->id() == "_";
        out += "for (" + std::string(unused ? "[[maybe_unused]] " : "") +
               (target[0] == '[' || !elem || elem->kind == TypeKind::kUnknown ? std::string("auto")
                                                                              : sema::CppName(elem)) +
               " " + target + " : " + Iterable(gen->iter(), elem) + ") { ";
        ++depth;
        for (const auto& cond : gen->conditions()) {
            out += "if (" + Truth(*cond) + ") { ";
            ++depth;
        }
    }
    if (const auto* d = ast::DynCast<ast::DictCompExpr>(&e)) {
        out += result + "[" + E(d->key(), t->args[0]) + "] = " + E(d->value(), t->args[1]) + "; ";
    } else if (t->kind == TypeKind::kSet) {
        out += result + ".add(" + Kept(e.element(), t->args[0]) + "); ";
    } else {
        out += result + ".push_back(" + Kept(e.element(), t->args[0]) + "); ";
    }
    for (int i = 0; i < depth; ++i) out += "} ";
    return out + "return " + result + "; }()";
}

}  // namespace cnet::compiler::codegen
