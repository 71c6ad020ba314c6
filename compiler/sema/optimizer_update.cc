// optimizer_update.cc — sema for Chainer's `optimizer.update(lossfun, *args, **kwds)`: the loss function (a
// user function, a bound method, a closure or lambda, or a link) is called with the remaining arguments and must
// give a Variable; the optimizer then clears the grads, runs backward and updates. `update()` without arguments
// is the plain step of the surface table.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

TypeRef Analyzer::OptimizerUpdate(const ast::CallExpr& e) {
    if (e.args().empty()) {
        Error(e.keywords()[0]->range(), "pass the loss function of 'update' as its first positional argument");
        for (const auto& k : e.keywords()) Expr(k->value());
        return types::None();
    }
    const ast::Expr& f = *e.args()[0];
    const TypeRef callee = Expr(f);
    const std::size_t given = e.args().size() - 1;
    auto skip_args = [&] {
        for (std::size_t i = 1; i < e.args().size(); ++i) Expr(*e.args()[i]);
        for (const auto& k : e.keywords()) Expr(k->value());
    };
    ir::FunctionInfo* fn = nullptr;
    std::string what;
    switch (callee->kind) {
        case TypeKind::kUserFunction:
        case TypeKind::kBoundMethod:
            if (callee->function != nullptr) {
                fn = const_cast<ir::FunctionInfo*>(callee->function);
                what = fn->name;
            }
            break;
        case TypeKind::kUserClass:
            if (callee->user_class->IsLink()) {
                fn = callee->user_class->Forward();
                what = callee->user_class->name;
                if (fn == nullptr) {
                    Error(f.range(), "'" + what + "' is used as the loss function but defines neither 'forward' nor "
                                     "'__call__'");
                    skip_args();
                    return types::None();
                }
            }
            break;
        case TypeKind::kLibObject:
            if (table_.MethodOrAttr(callee->lib_type->name, "cleargrads") != nullptr &&
                table_.MethodOrAttr(callee->lib_type->name, "__call__") == nullptr) {
                // A library link with one forward signature (L.Classifier): called with Variables or arrays.
                for (std::size_t i = 1; i < e.args().size(); ++i) {
                    const TypeRef t = Expr(*e.args()[i]);
                    if (!IsArrayLike(t) && t->kind != TypeKind::kUnknown) {
                        Error(e.args()[i]->range(), "a link is called with Variables or arrays, got '" + PyName(t) + "'");
                    }
                }
                for (const auto& k : e.keywords()) {
                    Error(k->range(), "keyword arguments are not supported when calling a library link");
                    Expr(k->value());
                }
                if (given == 0) Error(f.range(), "the link '" + callee->lib_type->name + "' is called with no arguments");
                return types::None();
            }
            break;
        case TypeKind::kUnknown:
            skip_args();
            return types::None();
        default:
            break;
    }
    if (fn == nullptr) {
        Error(f.range(), "the loss function of 'update' must be callable, got '" + PyName(callee) + "'");
        skip_args();
        return types::None();
    }
    fn->called = true;
    if (given > fn->params.size()) {
        Error(f.range(), "the loss function '" + what + "' takes " + std::to_string(fn->params.size()) + " argument" +
                             (fn->params.size() == 1 ? "" : "s") + " but 'update' passes it " + std::to_string(given));
        skip_args();
        return types::None();
    }
    // Bound as lossfun(*args, **kwds), with a leading parameter standing for lossfun itself (dropped after).
    std::vector<BindParam> params = UserParams(*fn);
    BindParam self_param;
    self_param.name = "lossfun";
    params.insert(params.begin(), self_param);
    ir::CallInfo call;
    if (!Bind(e, what, params, call)) {
        skip_args();
        return types::None();
    }
    call.args.erase(call.args.begin());
    fn = UserArgTypes(fn, call, what);
    program_.CallSlot(e) = call;
    if (fn->return_type && fn->return_type->kind != TypeKind::kUnknown && !IsArrayLike(fn->return_type)) {
        Error(f.range(), "the loss function '" + what + "' must return a Variable, not '" + PyName(fn->return_type) +
                             "'");
    }
    return types::None();
}

}  // namespace cnet::compiler::sema
