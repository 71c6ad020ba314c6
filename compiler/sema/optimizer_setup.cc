// optimizer_setup.cc — see optimizer_setup.h.
#include "compiler/sema/optimizer_setup.h"

#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"

namespace cnet::compiler::sema {
namespace {

// `x.setup(arg)`, the call itself (null for any other node).
const ast::CallExpr* SetupCall(const ast::Node& n) {
    const auto* c = ast::DynCast<ast::CallExpr>(&n);
    const auto* a = c != nullptr ? ast::DynCast<ast::AttributeExpr>(&c->func()) : nullptr;
    return a != nullptr && a->attr() == "setup" && c->args().size() == 1 ? c : nullptr;
}

}  // namespace

const ast::Expr* OptimizerSetupTarget(const ir::Program& program, const ast::Expr& optimizer,
                                      const ir::FunctionInfo& fn) {
    const ir::ExprInfo* oi = program.Info(optimizer);
    if (oi == nullptr || oi->local == nullptr) return nullptr;
    auto is_local = [&](const ast::Node& e) {
        const ir::ExprInfo* info = program.Info(e);
        return info != nullptr && info->local == oi->local;
    };
    const ast::Expr* target = nullptr;
    int count = 0;
    for (const ast::Stmt* s : program.Body(fn)) {
        ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
            // `optimizer = optimizers.SGD().setup(model)`: setup returns the optimizer.
            if (const auto* assign = ast::DynCast<ast::AssignStmt>(&n);
                assign != nullptr && assign->targets().size() == 1 && is_local(*assign->targets()[0])) {
                if (const ast::CallExpr* setup = SetupCall(assign->value())) {
                    target = setup->args()[0].get();
                    ++count;
                }
            }
            const ast::CallExpr* c = SetupCall(n);
            if (c != nullptr && is_local(ast::Cast<ast::AttributeExpr>(c->func()).value())) {
                target = c->args()[0].get();
                ++count;
            }
            return !ast::IsNestedScope(n);
        });
    }
    return count == 1 ? target : nullptr;
}

}  // namespace cnet::compiler::sema
