// shape_check.cc — static shape checks over the bound IR (Note [Static shape checks]): the walk over each function
// analysed with its parameters' shapes, the datasets that reach a Classifier's predictor, and the reports.
//
// Note [Static shape checks]
// LANGUAGE.md section 4: where the compiler can prove a shape mismatch it reports it at compile time, with both
// shapes, at the line of the operation. This pass runs after sema over settled types and reports only what is
// certain; whatever it cannot prove it leaves to the run-time checks (which name the operation, the shapes and
// the .cnet line). So it never rejects a program that runs.
//
// Shapes are tracked as dims that are each a known size or unknown (a batch axis prints as N). What is known:
//   - arrays made with literal sizes (np.zeros((2, 3)), np.random.rand(4, 5), x.reshape(...), chainer.Variable(x)),
//     through elementwise functions, `.array`, `.T`, links (Linear, Convolution2D, Deconvolution2D, EmbedID,
//     BatchNormalization) and the checked operations themselves;
//   - a local assigned exactly once (any other binding — augmented assignment, a loop target, `with ... as`,
//     an assignment in a nested function — makes it unknown);
//   - the parameters of a user function or link called with arrays of known shape (the callee is checked once
//     per such call site, a few calls deep), and the first parameter of a Classifier's predictor whose batches
//     come, through SerialIterator and an Evaluator or a StandardUpdater (optimizer.setup(model)), from
//     get_mnist / get_fashion_mnist / get_cifar10 or a TupleDataset of arrays of known shape;
//   - a link's sizes from its construction `self.l1 = L.Linear(784, 100)` when it is assigned once; an int that is
//     an __init__ parameter is known when every construction of the class passes the same literal.
// Checked: a Linear's in_size against the input's features (the product of its non-batch dims, as Linear
// flattens), a convolution's in_channels against the input's axis 1, F.concat's other axes, and the inner sizes of
// `@` / F.matmul (2-d, with transa/transb). Only operations that run whenever their function runs are checked: not
// those in an `if` branch, a conditional expression, the right of `and`/`or` or an `except` block, which a test of
// the shapes may guard.
#include <functional>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/shape_check.h"

namespace cnet::compiler::sema::shapes {

void ShapeChecker::Run() {
    for (const ir::FunctionInfo* fn : AllFunctions()) {
        for (const ast::Stmt* s : p_.Body(*fn)) {
            ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
                if (const auto* c = ast::DynCast<ast::CallExpr>(&n)) enclosing_[c] = fn;
                return true;
            });
        }
    }
    for (const ir::FunctionInfo* fn : AllFunctions()) {
        Ctx ctx;
        ctx.fn = fn;
        Check(ctx);
    }
}

std::vector<const ir::FunctionInfo*> ShapeChecker::AllFunctions() const {
    std::vector<const ir::FunctionInfo*> out;
    for (const auto& cls : p_.classes) {
        for (const auto& m : cls->methods) out.push_back(m.get());
    }
    for (const auto& fn : p_.functions) {
        // An instantiation's body is its original's: checked once, over the original's facts (Note [Generic
        // functions] in generic_functions.cc).
        if (fn->generic_of == nullptr) out.push_back(fn.get());
    }
    if (p_.entry != nullptr && p_.entry == p_.script_function.get()) out.push_back(p_.entry);
    return out;
}

const ast::StmtList& ShapeChecker::Body(const ir::FunctionInfo& fn) const {
    static const ast::StmtList kEmpty;
    return fn.def != nullptr ? fn.def->body() : kEmpty;
}

/// Evaluator(it, model) / StandardUpdater(it, optimizer): the predictor's forward gets the dataset's batches.
void ShapeChecker::Pipeline(const ast::CallExpr& c, Ctx& ctx) {
    const std::string name = Callee(c);
    const bool evaluator = name == "chainer.training.extensions.Evaluator";
    const bool updater = name == "chainer.training.StandardUpdater" ||
                         name == "chainer.training.updaters.StandardUpdater";
    if (!evaluator && !updater) return;
    if (Given(c, "converter") || Given(c, "loss_func") || Given(c, "eval_func")) return;
    const ast::Expr* it = Arg(c, "iterator");
    const ast::Expr* model = evaluator ? Arg(c, "target") : nullptr;
    if (updater) {
        const ast::Expr* opt = Arg(c, "optimizer");
        if (opt != nullptr) model = SetupTarget(*opt, *ctx.fn);
    }
    if (it == nullptr || model == nullptr) return;
    auto example = DatasetOf(*it, *ctx.fn);
    const ir::ClassInfo* cls = PredictorOf(*model, *ctx.fn);
    if (!example || cls == nullptr) return;
    const ir::FunctionInfo* forward = cls->Forward();
    if (forward == nullptr || forward->params.empty()) return;
    const ir::VarInfo* x = forward->FindLocal(forward->params[0].name);
    if (x == nullptr) return;
    Dims batch{kBatchDim};
    batch.insert(batch.end(), example->dims.begin(), example->dims.end());
    Ctx sub;
    sub.fn = forward;
    sub.params[x] = batch;
    sub.note_at = example->origin;
    sub.note = "'" + x->name + "' of " + cls->name + "." + forward->name + " is a batch of this dataset: " +
               Str(batch);
    sub.depth = ctx.depth + 1;
    Enter(sub);
}

/// A call of a user function, method or link with arrays of known shape: the callee is checked with them.
void ShapeChecker::UserCall(const ast::CallExpr& c, Ctx& ctx) {
    const ir::FunctionInfo* callee = nullptr;
    TypeRef t = p_.TypeOf(c.func());
    if (!t) return;
    if (t->kind == TypeKind::kUserFunction) {
        callee = t->function;
    } else if (t->kind == TypeKind::kBoundMethod && t->function != nullptr && t->function->owner != nullptr) {
        for (const auto& other : p_.classes) {
            if (other->user_base == t->function->owner) return;  // a subclass may override it
        }
        callee = t->function;
    } else if (t->kind == TypeKind::kUserClass) {  // model(x): its forward, when the exact class is known
        const ir::ClassInfo* cls = Constructed(c.func(), *ctx.fn);
        if (cls == nullptr) {
            if (auto* a = ast::DynCast<ast::AttributeExpr>(&c.func())) cls = FieldClass(*a);
        }
        callee = cls != nullptr ? cls->Forward() : nullptr;
    }
    const ir::CallInfo* call = p_.Call(c);
    if (callee == nullptr || call == nullptr || callee->def == nullptr) return;
    Ctx sub;
    sub.fn = callee;
    std::string shown;
    for (const ir::BoundArg& a : call->args) {
        if (a.param == nullptr || a.value == nullptr) continue;
        Shape s = ShapeOf(*a.value, ctx);
        const ir::VarInfo* v = callee->FindLocal(a.param->name);
        if (!s || v == nullptr) continue;
        sub.params[v] = *s;
        shown += (shown.empty() ? "" : ", ") + ("'" + v->name + "' is " + Str(*s));
    }
    if (sub.params.empty()) return;
    sub.note_at = &c;
    sub.note = "in this call of '" + callee->name + "': " + shown;
    sub.depth = ctx.depth + 1;
    Enter(sub);
}

/// `self.child` assigned once, in a method, to `C(...)`: C.
const ir::ClassInfo* ShapeChecker::FieldClass(const ast::AttributeExpr& a) {
    const ir::ExprInfo* info = p_.Info(a);
    if (info == nullptr || info->field == nullptr) return nullptr;
    const ir::ClassInfo* found = nullptr;
    int count = 0;
    for (const auto& cls : p_.classes) {
        for (const auto& m : cls->methods) {
            for (const ast::StmtPtr& s : Body(*m)) {
                ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
                    auto bind = [&](const ast::Expr& target, const ast::Expr* value) {
                        if (p_.Info(target) == nullptr || p_.Info(target)->field != info->field) return;
                        ++count;
                        found = value != nullptr ? Constructed(*value, *m) : nullptr;
                    };
                    if (const auto* as = ast::DynCast<ast::AssignStmt>(&n)) {
                        for (const auto& t : as->targets()) bind(*t, &as->value());
                    } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                        bind(aug->target(), nullptr);
                    }
                    return true;
                });
            }
        }
    }
    return count == 1 ? found : nullptr;
}

void ShapeChecker::Enter(Ctx& sub) {
    if (sub.depth > 4 || ++contexts_ > 500) return;
    Check(sub);
}

/// Checks the operations that run whenever the function runs: not those in an `if` branch, a conditional
/// expression, the right of `and`/`or` or an `except` block, which may be guarded by a test of the shapes.
void ShapeChecker::Check(Ctx& ctx) {
    std::function<bool(const ast::Node&)> visit = [&](const ast::Node& n) {
            if (ast::IsNestedScope(n) || ast::Isa<ast::ExceptHandler>(n)) return false;
            if (const auto* i = ast::DynCast<ast::IfStmt>(&n)) {
                ast::WalkPreorderWhile(i->test(), visit);
                return false;
            }
            if (const auto* ce = ast::DynCast<ast::ConditionalExpr>(&n)) {
                ast::WalkPreorderWhile(ce->test(), visit);
                return false;
            }
            if (const auto* bo = ast::DynCast<ast::BoolOpExpr>(&n)) {
                if (!bo->values().empty()) ast::WalkPreorderWhile(*bo->values()[0], visit);
                return false;
            }
            if (const auto* b = ast::DynCast<ast::BinaryExpr>(&n); b != nullptr && b->op() == ast::BinaryOp::kMatMul) {
                MatmulOperator(*b, ctx);
            }
            if (const auto* c = ast::DynCast<ast::CallExpr>(&n)) {
                const std::string name = Callee(*c);
                if (name == "chainer.functions.concat") ConcatCheck(*c, ctx, true);
                if (name == "chainer.functions.matmul") MatmulCheck(*c, ctx, true);
                if (auto link = LinkOf(c->func(), ctx)) LinkCheck(*c, *link, ctx, true);
                Pipeline(*c, ctx);
                UserCall(*c, ctx);
            }
            return true;
    };
    for (const ast::Stmt* s : p_.Body(*ctx.fn)) ast::WalkPreorderWhile(*s, visit);
}

void ShapeChecker::Report(const ast::Node& at, const std::string& message, const Ctx& ctx) {
    if (!reported_.insert(&at).second) return;
    DiagnosticBuilder d = diags_.Error(at.range(), message);
    if (ctx.note_at != nullptr) d.Note(ctx.note_at->range(), ctx.note);
}

}  // namespace cnet::compiler::sema::shapes

namespace cnet::compiler::sema {

void Analyzer::CheckShapes() {
    if (diags_.HasErrors()) return;  // over settled, error-free types only
    shapes::ShapeChecker(program_, diags_).Run();
}

}  // namespace cnet::compiler::sema
