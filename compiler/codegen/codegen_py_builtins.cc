// codegen_py_builtins.cc — any / all as loops, divmod with its operands' C++ types made one, list.sort with its key
// (sema: py_builtins.cc, py_container_methods.cc).
#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

// any(xs) => [&] { for (const auto& x : xs) { if (truth(x)) return true; } return false; }(); all(xs) tests !truth(x).
// A generator argument loops as its comprehension does, so the elements after the deciding one are never computed,
// as in Python.
std::string Generator::AnyAll(const ast::Expr& iterable, const TypeRef& element, bool any) {
    const std::string hit = any ? "true" : "false", miss = any ? "false" : "true";
    auto test = [&](const std::string& truth) {
        return "if (" + std::string(any ? "" : "!") + truth + ") return " + hit + "; ";
    };
    if (const auto* gen = ast::DynCast<ast::GeneratorExpr>(&iterable)) {
        int depth = 0;
        std::string out = "[&] { " + ComprehensionLoops(*gen, &depth) + test(Truth(gen->element()));
        for (int i = 0; i < depth; ++i) out += "} ";
        return out + "return " + miss + "; }()";
    }
    // (elements of no type: an empty display, `any([])`, whose C++ elements are None)
    const TypeRef el = element && element->kind != TypeKind::kUnknown ? element : sema::types::None();
    const std::string x = Temp("x");
    return "[&] { for ([[maybe_unused]] const auto& " + x + " : " + Iterable(iterable, el) + ") { " +
           test(TruthOf(x, el)) + "} return " + miss + "; }()";
}

// divmod(a, b): both operands int64_t, or both double when the result is floats (cnet/py/builtins.h).
std::string Generator::Divmod(const ast::CallExpr& e, const ast::Expr& a, const ast::Expr& b) {
    const bool floats = TypeOf(e)->args[0]->kind == TypeKind::kFloat;
    auto operand = [&](const ast::Expr& x) { return floats ? "static_cast<double>(" + E(x) + ")" : Int64Arg(x); };
    return "cnet::py::divmod(" + operand(a) + ", " + operand(b) + ")";
}

std::string Generator::ListSort(const std::string& list, const TypeRef& element, const ir::CallInfo& call) {
    const ast::Expr* key = call.args[0].value;
    const ast::Expr* reverse = call.args[1].value;
    const bool has_key = key != nullptr && !ast::Isa<ast::NoneLiteral>(*key);
    std::string out = "cnet::py::sort(" + list;
    if (has_key || reverse != nullptr) {
        out += ", " + (has_key ? ElementFunction(*key, element) : std::string("cnet::py::Identity()"));
    }
    if (reverse != nullptr) out += ", " + Truth(*reverse);
    return out + ")";
}

}  // namespace cnet::compiler::codegen
