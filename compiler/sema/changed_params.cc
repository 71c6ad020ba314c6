// changed_params.cc — which list and dict parameters a function changes in place (ParamInfo::changed_in_place)
// and which list, dict and tuple parameters it binds to other objects (ParamInfo::rebound). A changed parameter
// is a `T&` in C++ (Python's caller sees the change; a `T | None` one a cnet::py::OptionalRef<T>, the caller's
// object or nothing), a rebound one a value (the new binding stays local), the
// others `const T&`. Sema decides it once, so a function's declaration and the std::function type of a closure
// (types.cc CppName) agree: a nested def or lambda that changes its parameter is assigned to a std::function
// taking the same `T&`. A parameter both changed and rebound is an error (a reference would replace the
// caller's object).
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

namespace {

// Whether `body` changes the list or dict named `name` in place: a mutating method, an item assignment,
// augmented assignment or deletion, `xs += ...`, or passing it to a user function (which may change it;
// conservative).
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
                if (m == "append" || m == "extend" || m == "pop" || m == "clear" || m == "insert" || m == "add" ||
                    m == "discard" || m == "remove" || m == "update" || m == "reverse" || m == "sort" ||
                    m == "setdefault") {
                    changed = true;
                }
            }
            const TypeRef callee = program.TypeOf(call->func());
            if ((callee && (callee->kind == TypeKind::kUserFunction || callee->kind == TypeKind::kBoundMethod ||
                            callee->kind == TypeKind::kUserClassRef)) ||
                program.chosen_calls.count(call) != 0) {  // (the forward of a class chosen at run time)
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
        } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
            // `xs += [...]` extends the list itself (list.__iadd__); `xs[i] += v` and `d[k] += v` store an item.
            if (is_param(aug->target()) || item_of_param(&aug->target())) changed = true;
        } else if (const auto* del = ast::DynCast<ast::DelStmt>(&n)) {
            for (const auto& t : del->targets()) {
                if (item_of_param(t.get())) changed = true;
            }
        }
    });
    return changed;
}

// The first place `fn_node` (not its nested scopes, which have their own locals) binds `name` anew: an
// assignment, an annotated assignment or a for target, alone or inside a tuple or list target.
const ast::Expr* FirstRebinding(const ast::Node& fn_node, const std::string& name) {
    const ast::Expr* found = nullptr;
    auto in_target = [&](const ast::Expr& target) {
        ast::WalkPreorderWhile(target, [&](const ast::Node& n) {
            if (const auto* id = ast::DynCast<ast::NameExpr>(&n); id != nullptr && id->id() == name && !found)
                found = id;
            return ast::Isa<ast::TupleExpr>(n) || ast::Isa<ast::ListExpr>(n);  // not into `xs[i]` or `a.xs`
        });
    };
    ast::WalkPreorderWhile(fn_node, [&](const ast::Node& n) {
        if (found != nullptr || (&n != &fn_node && ast::IsNestedScope(n))) return false;
        if (const auto* assign = ast::DynCast<ast::AssignStmt>(&n)) {
            for (const auto& t : assign->targets()) in_target(*t);
        } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n)) {
            in_target(ann->target());
        } else if (const auto* loop = ast::DynCast<ast::ForStmt>(&n)) {
            in_target(loop->target());
        }
        return true;
    });
    return found;
}

// Whether the function binds `name` to a new object before anything can change the caller's: a plain
// `name = value` among the body's first statements (or inside a `with` there), with nothing before it, nor its
// value, changing the parameter (seq2seq's `xs = [x[::-1] for x in xs]`, then `xs` passed on). Every change
// then is to the new object, so the parameter is a value and the caller's list is untouched, as in Python.
bool RebindsBeforeAnyChange(const ir::Program& program, const ast::StmtList& body, const std::string& name) {
    for (const ast::StmtPtr& s : body) {
        if (const auto* a = ast::DynCast<ast::AssignStmt>(s.get()); a != nullptr && a->targets().size() == 1) {
            const auto* target = ast::DynCast<ast::NameExpr>(a->targets()[0].get());
            if (target != nullptr && target->id() == name) return !ChangesInPlace(program, a->value(), name);
        }
        if (const auto* w = ast::DynCast<ast::WithStmt>(s.get())) {
            bool before = false;
            for (const auto& item : w->items()) before = before || ChangesInPlace(program, item->context(), name);
            if (before) return false;
            if (RebindsBeforeAnyChange(program, w->body(), name)) return true;
        }
        if (ChangesInPlace(program, *s, name) || FirstRebinding(*s, name) != nullptr) return false;
    }
    return false;
}

void Mark(Analyzer& analyzer, const ir::Program& program, ir::FunctionInfo& fn) {
    const ast::Node* body = fn.def != nullptr ? static_cast<const ast::Node*>(fn.def) : fn.lambda;
    if (body == nullptr) return;
    ir::InstanceScope facts(program, fn);  // Note [Generic functions]
    for (ir::ParamInfo& p : fn.params) {
        if (!p.type) continue;
        const TypeKind kind = StripOptional(p.type)->kind;  // (`counts=None`: cnet::py::OptionalRef when changed)
        const bool container = kind == TypeKind::kList || kind == TypeKind::kDict || kind == TypeKind::kSet;
        if (!container && kind != TypeKind::kTuple) continue;
        const ast::Expr* rebinding = FirstRebinding(*body, p.name);
        // (`acc=None` then `if acc is None: acc = []`: a std::optional value, so a list a caller passes is not
        // changed where Python would change it; a reference could not also take the new list)
        const bool optional_rebound = p.type->kind == TypeKind::kOptional && rebinding != nullptr;
        p.changed_in_place = container && !optional_rebound && ChangesInPlace(program, *body, p.name) &&
                             (fn.def == nullptr || !RebindsBeforeAnyChange(program, fn.def->body(), p.name));
        p.rebound = rebinding != nullptr && !p.changed_in_place;
        // A changed parameter is the caller's object (a C++ reference): binding its name to another object
        // would replace the caller's, where Python leaves the caller's alone. Rejected rather than miscompiled.
        if (p.changed_in_place && rebinding != nullptr)
            analyzer.Error(rebinding->range(), "parameter '" + p.name +
                                                   "' is changed in place and also bound to another " +
                                                   (kind == TypeKind::kList ? "list" : kind == TypeKind::kSet ? "set" : "dict") +
                                                   " here; cnet passes it by reference, so this would replace the "
                                                   "caller's; give the new one another name");
    }
}

}  // namespace

void Analyzer::MarkChangedParams() {
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) Mark(*this, program_, *m);
    }
    for (auto& fn : program_.functions) Mark(*this, program_, *fn);
    for (auto& fn : program_.closures) Mark(*this, program_, *fn);
}

}  // namespace cnet::compiler::sema
