// optimizer_setup.cc — see optimizer_setup.h.
#include "compiler/sema/optimizer_setup.h"

#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/traversal.h"

namespace cnet::compiler::sema {

const ast::Expr* OptimizerSetupTarget(const ir::Program& program, const ast::Expr& optimizer,
                                      const ir::FunctionInfo& fn) {
    const ir::ExprInfo* oi = program.Info(optimizer);
    if (oi == nullptr || oi->local == nullptr) return nullptr;
    const ast::Expr* target = nullptr;
    int count = 0;
    for (const ast::Stmt* s : program.Body(fn)) {
        ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
            const auto* c = ast::DynCast<ast::CallExpr>(&n);
            const auto* a = c != nullptr ? ast::DynCast<ast::AttributeExpr>(&c->func()) : nullptr;
            if (a != nullptr && a->attr() == "setup" && c->args().size() == 1 && program.Info(a->value()) != nullptr &&
                program.Info(a->value())->local == oi->local) {
                target = c->args()[0].get();
                ++count;
            }
            return !ast::IsNestedScope(n);
        });
    }
    return count == 1 ? target : nullptr;
}

}  // namespace cnet::compiler::sema
