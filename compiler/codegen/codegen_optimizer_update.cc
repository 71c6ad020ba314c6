// codegen_optimizer_update.cc — `optimizer.update(lossfun, *args, **kwds)` as
// `optimizer->update([&]() -> cnet::Variable { return <lossfun called with the arguments>; })`: the runtime's
// Optimizer::update(lossfun) calls it, clears the target's grads, runs backward and updates (as Chainer does, the
// arguments are evaluated when the loss function is called, before the grads are cleared).
#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler::codegen {

std::string Generator::OptimizerUpdate(const ast::CallExpr& e, const std::string& optimizer) {
    const ast::Expr& f = *e.args()[0];
    const TypeRef callee = TypeOf(f);
    const ir::CallInfo* call = program_.Call(e);
    std::string loss;
    switch (callee->kind) {
        case TypeKind::kUserFunction: {
            // A closure is called through the value naming it; a parenthesized name turns argument-dependent
            // lookup off (see Generator::Call).
            const ir::FunctionInfo& fn = Callee(*call, *callee->function);
            const std::string name = fn.enclosing != nullptr ? E(f) : fn.cpp_name;
            loss = "(" + name + ")(" + Args(*call, true, false) + ")";
            break;
        }
        case TypeKind::kBoundMethod: {
            const auto& attr = ast::Cast<ast::AttributeExpr>(f);
            std::string op;
            std::string recv = Receiver(attr.value(), &op, attr.attr());
            if (recv.empty()) {
                recv = "this";
                op = "->";
            }
            loss = recv + op + callee->function->cpp_name + "(" + Args(*call, true, false) + ")";
            break;
        }
        case TypeKind::kUserClass:
            loss = E(f) + "->" + callee->user_class->Forward()->cpp_name + "(" + Args(*call, true, false) + ")";
            break;
        case TypeKind::kLibObject: {  // a library link (L.Classifier): its call operator takes Variables
            std::string args;
            for (std::size_t i = 1; i < e.args().size(); ++i) {
                args += (i > 1 ? ", " : "") + E(*e.args()[i], sema::types::Variable());
            }
            const std::string& lib = callee->lib_type->name;
            if (lib == "Link" || lib == "Chain" || lib == "ChainList") {
                loss = E(f) + "->call(std::vector<cnet::Variable>{" + args + "})";
            } else {
                loss = "(*" + E(f) + ")(" + args + ")";
            }
            break;
        }
        default:
            CNET_INTERNAL_CHECK(false) << "codegen: update with a loss function of " << sema::PyName(callee);
    }
    return optimizer + "update([&]() -> cnet::Variable { return " + loss + "; })";
}

}  // namespace cnet::compiler::codegen
