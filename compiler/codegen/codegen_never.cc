// codegen_never.cc — expressions that raise before they produce a value: reads of an attribute nothing assigns
// and the expressions that evaluate such a read first (Note [An attribute nothing assigns] in
// compiler/sema/missing_attributes.cc). Their C++ is of type cnet::py::Never (cnet/py/never.h).
#include "compiler/codegen/codegen.h"
#include "compiler/sema/never.h"

namespace cnet::compiler::codegen {

bool Generator::RaisesFirst(const ast::Expr& e) const {
    return sema::IsNever(TypeOf(e)) || sema::FirstNeverOperand(program_, e) != nullptr;
}

std::string Generator::NeverValue(const ast::Expr& e, const TypeRef& want) {
    std::string code;
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&e);
    const ir::ExprInfo* info = program_.Info(e);
    if (auto missing = program_.missing_attributes.find(&e); missing != program_.missing_attributes.end()) {
        code = MissingAttribute(*attr, missing->second);
    } else if (attr != nullptr && info != nullptr && info->field != nullptr && sema::IsNever(info->field->type)) {
        // A field only a Never value is given was never assigned: Python's AttributeError, as for one nothing assigns.
        code = MissingAttribute(*attr, sema::StripOptional(TypeOf(attr->value()))->user_class->name);
    } else if (const ast::Expr* never = sema::FirstNeverOperand(program_, e)) {
        // What Python evaluates before the operand that raises, then that operand.
        std::string before;
        for (const ast::Expr* op : sema::StrictOperands(e)) {
            if (op == never) break;
            before += Effects(*op);
        }
        code = before.empty() ? E(*never) : "(" + before + E(*never) + ")";
    } else if (info != nullptr && info->narrowed_from != nullptr) {
        code = "cnet::py::Never{}";  // a path read where a decided isinstance rules the branch out (never runs)
    } else {
        code = ExprImpl(e, nullptr);  // a call of a function that never returns, a name only Never is given
    }
    // The type wanted, else e's own where it has one (bool for a comparison); a store's target has none.
    auto typed = [](const TypeRef& t) {
        return t && !sema::IsNever(t) && t->kind != TypeKind::kUnknown && sema::CppName(t) != "auto";
    };
    const TypeRef as = typed(want) ? want : typed(TypeOf(e)) ? TypeOf(e) : nullptr;
    return as ? "cnet::py::never_as<" + sema::CppName(as) + ">(" + code + ")" : code;
}

std::string Generator::MissingAttribute(const ast::AttributeExpr& e, const std::string& cls) {
    const std::string message = sema::CppStringLiteral("'" + cls + "' object has no attribute '" + e.attr() + "'");
    const ir::ExprInfo* object = program_.Info(e.value());
    if (object != nullptr && object->is_self) return "cnet::py::missing_attribute(" + message + ")";
    // Evaluated first, as in Python, and it may be None.
    return "cnet::py::missing_attribute(" + E(e.value()) + ", " + message + ", " + sema::CppStringLiteral(e.attr()) +
           ")";
}

std::string Generator::Effects(const ast::Expr& e) {
    if (!HasEffects(e)) return "";
    if (const auto* s = ast::DynCast<ast::StarredExpr>(&e)) return Effects(s->value());
    if (!sema::IsValueType(TypeOf(e))) {  // a callee (`make().method`): its object is what is evaluated
        const auto* a = ast::DynCast<ast::AttributeExpr>(&e);
        return a != nullptr ? Effects(a->value()) : "";
    }
    return "static_cast<void>(" + E(e) + "), ";
}

std::string Generator::HookResult(const ir::FunctionInfo& m, const std::string& call, const std::string& wrap) {
    // The runtime's adapters take the values of a program's types, not cnet::py::Never: the call raises first.
    if (sema::IsNever(m.return_type)) return "static_cast<void>(" + call + "); cnet::py::Never::used();";
    return "return " + wrap + "(" + call + ");";
}

std::string Generator::Discarded(const ast::Expr& e) {
    const std::string code = E(e);
    return sema::IsNever(TypeOf(e)) ? "static_cast<void>(" + code + ")" : code;
}

}  // namespace cnet::compiler::codegen
