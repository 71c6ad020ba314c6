// codegen_recursion.cc — which functions can call themselves (directly or through others): those get a
// cnet::py::RecursionGuard, so runaway recursion raises Python's RecursionError instead of overflowing the
// C++ stack. Functions outside every call cycle stay as they are.
#include <functional>
#include <map>
#include <set>

#include "compiler/ast/traversal.h"
#include "compiler/codegen/codegen.h"

namespace cnet::compiler::codegen {

std::set<const ir::FunctionInfo*> Generator::RecursiveFunctions() const {
    std::vector<const ir::FunctionInfo*> all;
    for (const auto& fn : program_.functions) all.push_back(fn.get());
    for (const auto& cls : program_.classes) {
        for (const auto& m : cls->methods) all.push_back(m.get());
    }
    // Calls of user code: functions, methods, constructors, and calling a link object (its forward).
    std::map<const ir::FunctionInfo*, std::set<const ir::FunctionInfo*>> calls;
    for (const ir::FunctionInfo* fn : all) {
        if (fn->def == nullptr) continue;
        ir::InstanceScope facts(program_, *fn);  // Note [Generic functions] in sema/generic_functions.cc
        ast::WalkPreorder(*fn->def, [&](const ast::Node& n) {
            const auto* call = ast::DynCast<ast::CallExpr>(&n);
            if (call == nullptr) return;
            const TypeRef callee = TypeOf(call->func());
            const ir::FunctionInfo* target = nullptr;
            if (const ir::CallInfo* info = program_.Call(*call); info != nullptr && info->instance != nullptr) {
                target = info->instance;
            } else if (callee->kind == TypeKind::kUserFunction || callee->kind == TypeKind::kBoundMethod) {
                target = callee->function;
            } else if (callee->kind == TypeKind::kUserClassRef && callee->user_class != nullptr) {
                target = callee->user_class->Init();
            } else if (callee->kind == TypeKind::kUserClass && callee->user_class != nullptr) {
                target = callee->user_class->Forward();
            }
            if (target != nullptr) calls[fn].insert(target);
        });
    }
    // A function is recursive when it can reach itself.
    std::set<const ir::FunctionInfo*> recursive;
    for (const ir::FunctionInfo* fn : all) {
        std::set<const ir::FunctionInfo*> seen;
        std::function<bool(const ir::FunctionInfo*)> reaches = [&](const ir::FunctionInfo* f) {
            for (const ir::FunctionInfo* g : calls[f]) {
                if (g == fn) return true;
                if (seen.insert(g).second && reaches(g)) return true;
            }
            return false;
        };
        if (reaches(fn)) recursive.insert(fn);
    }
    return recursive;
}

}  // namespace cnet::compiler::codegen
