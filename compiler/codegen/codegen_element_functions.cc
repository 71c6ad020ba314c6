// codegen_element_functions.cc — map(f, xs) and sorted's key: f as a C++ callable taking one element (Note
// [Functions applied to elements] in compiler/sema/element_functions.cc).
#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler::codegen {

std::string Generator::ElementFunction(const ast::Expr& fn, const TypeRef& element) {
    const TypeRef t = TypeOf(fn);
    const std::string el = sema::CppName(element);
    if (t->kind == TypeKind::kLibFunction) {  // str, int, ... (sema admits these for the element type)
        const std::string x = Temp("x");
        const std::string& name = t->entry->name;
        const TypeKind k = element->kind;
        std::string body;
        if (name == "str" || name == "repr" || name == "len") {
            body = "cnet::py::" + name + "(" + x + ")";
        } else if (name == "int" || name == "float") {
            const std::string cpp = name == "int" ? "int64_t" : "double";
            // to_float(bool) would be ambiguous between its int64_t and double overloads.
            body = k == TypeKind::kBool ? "static_cast<" + cpp + ">(" + x + ")"
                                        : "cnet::py::to_" + name + "(" + x + ")";
        } else if (name == "bool") {
            body = "cnet::py::to_bool(" + x + ")";
        } else if (name == "abs") {
            body = k == TypeKind::kVariable  ? "cnet::abs(" + x + ")"
                   : k == TypeKind::kNdarray ? "cnet::np::abs(" + x + ")"
                   : k == TypeKind::kBool    ? "cnet::py::abs(static_cast<int64_t>(" + x + "))"
                                             : "cnet::py::abs(" + x + ")";
        } else {
            CNET_INTERNAL_CHECK(false) << "codegen: '" << name << "' as an element function";
        }
        return "[](const " + el + "& " + x + ") { return " + body + "; }";
    }
    CNET_INTERNAL_CHECK(t->kind == TypeKind::kUserFunction && t->function != nullptr)
        << "codegen: an element function of type " << sema::PyName(t);
    const ir::FunctionInfo& f = *t->function;
    const TypeRef& param = f.params[0].type;
    const bool returns_none = f.return_type->kind == TypeKind::kNone;
    if (sema::SameType(element, param) && !returns_none) return E(fn);  // callable as it is
    // The element converted to the parameter's type (an ndarray to a Variable), and None made a value.
    const std::string x = Temp("x"), f_ = Temp("f");
    const std::string call = f_ + "(" + Convert(x, fn, element, param) + ")";
    return "[" + f_ + " = " + E(fn) + "](const " + el + "& " + x + ") { " +
           (returns_none ? call + "; return cnet::py::None;" : "return " + call + ";") + " }";
}

std::string Generator::Map(const ast::CallExpr& e, const ir::CallInfo& call) {
    const TypeRef list = TypeOf(e);
    const TypeRef& element = call.args[1].expected;
    return "cnet::py::map<" + sema::CppName(list->args[0]) + ">(" + ElementFunction(*call.args[0].value, element) +
           ", " + Iterable(*call.args[1].rest[0], element) + ")";
}

}  // namespace cnet::compiler::codegen
