// codegen_comprehension.cc — list, dict and generator comprehensions as an immediately invoked C++ lambda that
// builds the container, loops and conditions nested in source order.
#include <algorithm>
#include <functional>
#include <vector>

#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

namespace {

// The names of a comprehension's target that bind last: a name bound twice (`_, _, y`) takes the later item,
// as in Python, and is declared there only.
std::vector<const ast::Expr*> LastBindings(const ast::Expr& target) {
    std::vector<const ast::NameExpr*> names;
    std::function<void(const ast::Expr&)> collect = [&](const ast::Expr& t) {
        if (const auto* n = ast::DynCast<ast::NameExpr>(&t)) names.push_back(n);
        if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&t)) {
            for (const auto& x : tuple->elements()) collect(*x);
        }
    };
    collect(target);
    std::vector<const ast::Expr*> last;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool again = std::any_of(names.begin() + static_cast<std::ptrdiff_t>(i) + 1, names.end(),
                                       [&](const ast::NameExpr* n) { return n->id() == names[i]->id(); });
        if (!again) last.push_back(names[i]);
    }
    return last;
}

}  // namespace

// `for i, (x, y) in ...`: each name declared from its item by position (C++ structured bindings do not nest),
// std::get of a tuple, cnet::py::at of a list.
std::string Generator::ComprehensionBindings(const ast::Expr& target, const std::string& value, bool of_tuple,
                                             const std::vector<const ast::Expr*>& last_bindings) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) {
        if (std::find(last_bindings.begin(), last_bindings.end(), &target) == last_bindings.end()) return "";
        const ir::ExprInfo* info = program_.Info(*n);
        const ir::VarInfo* v = info != nullptr ? info->local : nullptr;
        const std::string name = v != nullptr ? v->cpp_name : sema::CppIdentifier(n->id());
        if (!of_tuple || v == nullptr || !v->type || v->type->kind == TypeKind::kUnknown)
            return "auto " + name + " = " + value + "; ";
        // A tuple's item is declared, then assigned, as the for statement's names are: zip's item of a str is a
        // char, the name a str.
        return sema::CppName(v->type) + " " + name + "{}; " + name + " = " + value + "; ";
    }
    const auto& tuple = ast::Cast<ast::TupleExpr>(target);
    const TypeRef t = sema::StripOptional(TypeOf(target));
    std::string out;
    for (std::size_t i = 0; i < tuple.elements().size(); ++i) {
        const std::string index = std::to_string(i);
        const bool is_tuple = t && t->kind == TypeKind::kTuple;
        const std::string item = is_tuple ? "std::get<" + index + ">(" + value + ")"
                                          : "cnet::py::at(" + value + ", " + index + ")";
        out += ComprehensionBindings(*tuple.elements()[i], item, is_tuple, last_bindings);
    }
    return out;
}

// The loops and conditions of a comprehension, nested in source order, each opening a block (counted in *depth):
// `for (auto x : xs) { if (c) { `.
std::string Generator::ComprehensionLoops(const ast::ComprehensionExpr& e, int* depth_out) {
    std::string out;
    int& depth = *depth_out;
    for (const auto& gen : e.generators()) {
        std::string target;
        if (const auto* n = ast::DynCast<ast::NameExpr>(&gen->target())) {
            const ir::ExprInfo* info = program_.Info(*n);
            target = info != nullptr && info->local != nullptr ? info->local->cpp_name : sema::CppIdentifier(n->id());
        } else if (const auto* names = ast::DynCast<ast::TupleExpr>(&gen->target())) {
            target = "[";
            for (std::size_t i = 0; i < names->elements().size(); ++i) {
                const auto* n = ast::DynCast<ast::NameExpr>(names->elements()[i].get());
                target += (i ? ", " : "") + (n != nullptr ? sema::CppIdentifier(n->id()) : std::string("_"));
            }
            target += "]";
        }
        const TypeRef elem = TypeOf(gen->target());
        const auto* tuple = ast::DynCast<ast::TupleExpr>(&gen->target());
        const bool nested = tuple != nullptr && std::any_of(tuple->elements().begin(), tuple->elements().end(),
                                                            [](const auto& x) { return ast::Isa<ast::TupleExpr>(*x); });
        if (tuple != nullptr && ((elem && elem->kind == TypeKind::kList) || nested)) {  // unpacked by position
            const std::string item = Temp("item");
            out += "for (const auto& " + item + " : " + Iterable(gen->iter(), elem) + ") { ";
            out += ComprehensionBindings(*tuple, item, false, LastBindings(*tuple));
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
    return out;
}

// [f(x) for x in xs if c] => [&] { std::vector<T> out; for (auto x : xs) { if (c) out.push_back(f(x)); } return out; }()
std::string Generator::ListComp(const ast::ComprehensionExpr& e) {
    const TypeRef t = TypeOf(e);
    const std::string result = Temp("result");
    int depth = 0;
    std::string out = "[&] { " + sema::CppName(t) + " " + result + "; ";
    out += ComprehensionLoops(e, &depth);
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
