// changed_params.cc — which list and dict parameters a function changes in place (ParamInfo::changed_in_place).
// Such a parameter is a `T&` in C++ (Python's caller sees the change); the others are `const T&`. Sema decides
// it once, so a function's declaration and the std::function type of a closure (types.cc CppName) agree: a
// nested def or lambda that changes its parameter is assigned to a std::function taking the same `T&`.
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

namespace {

// Whether `body` changes the list or dict named `name` in place: a mutating method, an item assignment or
// deletion, or passing it to a user function (which may change it; conservative).
bool ChangesInPlace(const ir::Program& program, const ast::Node& body, const std::string& name) {
    bool changed = false;
    auto is_param = [&](const ast::Expr& e) {
        const auto* n = ast::DynCast<ast::NameExpr>(&e);
        return n != nullptr && n->id() == name;
    };
    auto item_of_param = [&](const ast::Expr* t) {
        const auto* sub = ast::DynCast<ast::SubscriptExpr>(t);
        return sub != nullptr && is_param(sub->value());
    };
    ast::WalkPreorder(body, [&](const ast::Node& n) {
        if (const auto* call = ast::DynCast<ast::CallExpr>(&n)) {
            if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&call->func());
                attr != nullptr && is_param(attr->value())) {
                const std::string& m = attr->attr();
                if (m == "append" || m == "extend" || m == "pop" || m == "clear" || m == "insert") changed = true;
            }
            const TypeRef callee = program.TypeOf(call->func());
            if (callee && (callee->kind == TypeKind::kUserFunction || callee->kind == TypeKind::kBoundMethod ||
                           callee->kind == TypeKind::kUserClassRef)) {
                for (const auto& a : call->args()) {
                    if (is_param(*a)) changed = true;
                }
                for (const auto& k : call->keywords()) {
                    if (is_param(k->value())) changed = true;
                }
            }
        } else if (const auto* assign = ast::DynCast<ast::AssignStmt>(&n)) {
            for (const auto& t : assign->targets()) {
                if (item_of_param(t.get())) changed = true;
            }
        } else if (const auto* del = ast::DynCast<ast::DelStmt>(&n)) {
            for (const auto& t : del->targets()) {
                if (item_of_param(t.get())) changed = true;
            }
        }
    });
    return changed;
}

void Mark(const ir::Program& program, ir::FunctionInfo& fn) {
    const ast::Node* body = fn.def != nullptr ? static_cast<const ast::Node*>(fn.def) : fn.lambda;
    if (body == nullptr) return;
    for (ir::ParamInfo& p : fn.params) {
        if (!p.type || (p.type->kind != TypeKind::kList && p.type->kind != TypeKind::kDict)) continue;
        p.changed_in_place = ChangesInPlace(program, *body, p.name);
    }
}

}  // namespace

void Analyzer::MarkChangedParams() {
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) Mark(program_, *m);
    }
    for (auto& fn : program_.functions) Mark(program_, *fn);
    for (auto& fn : program_.closures) Mark(program_, *fn);
}

}  // namespace cnet::compiler::sema
