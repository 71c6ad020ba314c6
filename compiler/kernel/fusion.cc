// fusion.cc — finding the maximal elementwise trees on Variables and building their kernels (Note [Fusion]).
#include "compiler/kernel/fusion.h"

#include <map>
#include <set>

#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/traversal.h"
#include "compiler/kernel/derivative.h"
#include "compiler/kernel/native_builder.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::kernel {
namespace {

using sema::TypeKind;

/// chainer.functions with one argument that fuse, and their kernel formulas over `a`.
ExprPtr FunctionFormula(const std::string& fn, ExprPtr a) {
    auto one = [](const std::string& f, ExprPtr x) {
        std::vector<ExprPtr> args;
        args.push_back(std::move(x));
        return Call(f, std::move(args));
    };
    if (fn == "sigmoid") {
        return Binary("+", Binary("*", one("tanh", Binary("*", std::move(a), Number("0.5"))), Number("0.5")),
                      Number("0.5"));
    }
    if (fn == "relu") {
        auto e = std::make_unique<Expr>();
        e->kind = ExprKind::kTernary;
        e->text = "?:";
        e->kids.push_back(Binary(">", Clone(*a), Number("0.0")));
        e->kids.push_back(std::move(a));
        e->kids.push_back(Number("0.0"));
        return e;
    }
    if (fn == "square") return Binary("*", Clone(*a), std::move(a));
    static const std::map<std::string, std::string> direct = {
        {"tanh", "tanh"}, {"exp", "exp"},     {"log", "log"}, {"sqrt", "sqrt"}, {"log1p", "log1p"},
        {"expm1", "expm1"}, {"sin", "sin"}, {"cos", "cos"},   {"absolute", "fabs"}};
    auto it = direct.find(fn);
    return it == direct.end() ? nullptr : one(it->second, std::move(a));
}

class Planner {
public:
    explicit Planner(const ir::Program& program) : program_(program) {}

    void Walk(const ast::Node& root) {
        ast::WalkPreorder(root, [&](const ast::Node& n) {
            const ast::Expr* e = ast::DynCast<ast::BinaryExpr>(&n);
            if (e == nullptr) e = ast::DynCast<ast::UnaryExpr>(&n);
            if (e == nullptr) e = ast::DynCast<ast::CallExpr>(&n);
            if (e == nullptr || covered_.count(e) != 0 || !IsOp(*e)) return;
            TryFuse(*e);
        });
    }

    FusionPlan plan;

private:
    bool IsVariable(const ast::Expr& e) const {
        const sema::TypeRef t = program_.TypeOf(e);
        return t && t->kind == TypeKind::kVariable;
    }

    /// The chainer.functions name a call applies, or "".
    std::string FunctionName(const ast::CallExpr& c) const {
        const sema::TypeRef t = program_.TypeOf(c.func());
        if (!t || t->kind != TypeKind::kLibFunction || t->entry == nullptr || t->entry->owner != "chainer.functions") {
            return "";
        }
        if (c.args().size() != 1 || !c.keywords().empty()) return "";
        ExprPtr probe = FunctionFormula(t->entry->name, Number("0.0"));
        return probe ? t->entry->name : "";
    }

    bool IsOp(const ast::Expr& e) const {
        if (!IsVariable(e)) return false;
        if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
            switch (b->op()) {
                case ast::BinaryOp::kAdd:
                case ast::BinaryOp::kSub:
                case ast::BinaryOp::kMul:
                case ast::BinaryOp::kDiv:
                    return true;
                case ast::BinaryOp::kPow:
                    return ast::Isa<ast::IntLiteral>(b->rhs()) || ast::Isa<ast::FloatLiteral>(b->rhs());
                default:
                    return false;
            }
        }
        if (const auto* u = ast::DynCast<ast::UnaryExpr>(&e)) return u->op() == ast::UnaryOp::kMinus;
        if (const auto* c = ast::DynCast<ast::CallExpr>(&e)) return !FunctionName(*c).empty();
        return false;
    }

    /// The kernel expression of `e` (an operation or a leaf); null when a leaf cannot be an input.
    ExprPtr Convert(const ast::Expr& e, std::vector<const ast::Expr*>* ops) {
        if (IsOp(e)) {
            ops->push_back(&e);
            if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
                ExprPtr l = Convert(b->lhs(), ops), r = Convert(b->rhs(), ops);
                if (!l || !r) return nullptr;
                if (b->op() == ast::BinaryOp::kPow) {
                    std::vector<ExprPtr> args;
                    args.push_back(std::move(l));
                    args.push_back(std::move(r));
                    return Call("pow", std::move(args));
                }
                const char* op = b->op() == ast::BinaryOp::kAdd   ? "+"
                                 : b->op() == ast::BinaryOp::kSub ? "-"
                                 : b->op() == ast::BinaryOp::kMul ? "*"
                                                                  : "/";
                return Binary(op, std::move(l), std::move(r));
            }
            if (const auto* u = ast::DynCast<ast::UnaryExpr>(&e)) {
                ExprPtr a = Convert(u->operand(), ops);
                if (!a) return nullptr;
                auto n = std::make_unique<Expr>();
                n->kind = ExprKind::kUnary;
                n->text = "-";
                n->kids.push_back(std::move(a));
                return n;
            }
            const auto& c = ast::Cast<ast::CallExpr>(e);
            ExprPtr a = Convert(*c.args()[0], ops);
            if (!a) return nullptr;
            return FunctionFormula(FunctionName(c), std::move(a));
        }
        if (const auto* i = ast::DynCast<ast::IntLiteral>(&e)) return Number(FloatLiteralText(static_cast<double>(i->value())));
        if (const auto* f = ast::DynCast<ast::FloatLiteral>(&e)) return Number(FloatLiteralText(f->value()));
        const sema::TypeRef t = program_.TypeOf(e);
        if (!t || (t->kind != TypeKind::kVariable && t->kind != TypeKind::kInt && t->kind != TypeKind::kFloat)) {
            return nullptr;
        }
        // A name read twice is one input; any other leaf is evaluated once per occurrence.
        if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) {
            for (std::size_t k = 0; k < leaves_.size(); ++k) {
                const auto* m = ast::DynCast<ast::NameExpr>(leaves_[k]);
                if (m != nullptr && m->id() == n->id()) return Name("p" + std::to_string(k));
            }
        }
        leaves_.push_back(&e);
        return Name("p" + std::to_string(leaves_.size() - 1));
    }

    void TryFuse(const ast::Expr& root) {
        leaves_.clear();
        std::vector<const ast::Expr*> ops;
        ExprPtr result = Convert(root, &ops);
        if (!result || ops.size() < 2) return;
        bool has_variable = false;
        for (const ast::Expr* leaf : leaves_) has_variable = has_variable || IsVariable(*leaf);
        if (!has_variable) return;
        auto def = std::make_unique<KernelDef>();
        def->kind = KernelDef::Kind::kElementwise;
        def->native = true;
        def->name = "fused_" + program_.file_name.substr(0, program_.file_name.find('.')) + "_" +
                    std::to_string(root.range().begin.line);
        for (char& ch : def->name) {
            if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
        }
        def->range = root.range();
        for (std::size_t k = 0; k < leaves_.size(); ++k) {
            Param p;
            p.name = "p" + std::to_string(k);
            p.type = "T";
            def->in.push_back(p);
        }
        Param y;
        y.name = "y";
        y.type = "T";
        y.is_output = true;
        def->out.push_back(y);
        def->results.push_back(std::move(result));
        if (!DeriveGradients(def.get(), root, nullptr)) return;
        const int index = static_cast<int>(plan.kernels.size()) + 1;
        for (KernelDef* k = def.get(); k != nullptr; k = k->grad.get()) {
            k->cpp_name = sema::GeneratedName("fused_" + std::to_string(index) + (k->order == 0 ? "" : "_grad" + std::to_string(k->order)), index);
        }
        for (const ast::Expr* op : ops) covered_.insert(op);
        plan.at[&root] = FusedExpr{def.get(), leaves_};
        plan.kernels.push_back(std::move(def));
    }

    const ir::Program& program_;
    std::set<const ast::Node*> covered_;
    std::vector<const ast::Expr*> leaves_;
};

}  // namespace

FusionPlan PlanFusion(const ir::Program& program) {
    Planner planner(program);
    for (const auto& fn : program.functions) {
        // Not in a generic function's body: its instantiations share the nodes, not their types (Note [Generic
        // functions] in sema/generic_functions.cc).
        bool generic = fn->generic_of != nullptr;
        for (const auto& other : program.functions) generic = generic || other->generic_of == fn.get();
        if (fn->def != nullptr && !generic) planner.Walk(*fn->def);
    }
    for (const auto& cls : program.classes) {
        for (const auto& m : cls->methods) {
            if (m->def != nullptr) planner.Walk(*m->def);
        }
    }
    for (const ast::Stmt* s : program.script) planner.Walk(*s);
    return std::move(planner.plan);
}

}  // namespace cnet::compiler::kernel
