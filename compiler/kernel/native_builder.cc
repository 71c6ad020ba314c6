// native_builder.cc — @elementwise functions to kernels (see native_builder.h): the body's local names are
// substituted into the returned expressions, so each output is one expression over the inputs, which the
// derivative needs; the gradient kernels are built from those expressions.
#include "compiler/kernel/native_builder.h"

#include <map>
#include <set>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/kernel/derivative.h"
#include "compiler/kernel/kernel_check.h"
#include "compiler/kernel/kernel_parser.h"

namespace cnet::compiler::kernel {
namespace {

class Converter {
public:
    Converter(DiagnosticEngine& diags, const std::set<std::string>& params) : diags_(diags), params_(params) {}

    /// The kernel expression of a Python expression, locals substituted; null after reporting.
    ExprPtr Convert(const ast::Expr& e) {
        if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) {
            if (auto it = locals_.find(n->id()); it != locals_.end()) return Clone(*it->second);
            if (params_.count(n->id()) != 0) return Name(n->id());
            return Fail(e, "unknown name '" + n->id() + "' in @elementwise function (the parameters and the names "
                           "assigned before are available)");
        }
        if (const auto* i = ast::DynCast<ast::IntLiteral>(&e)) return Number(FloatLiteralText(static_cast<double>(i->value())));
        if (const auto* f = ast::DynCast<ast::FloatLiteral>(&e)) return Number(FloatLiteralText(f->value()));
        if (const auto* u = ast::DynCast<ast::UnaryExpr>(&e)) {
            ExprPtr a = Convert(u->operand());
            if (!a) return nullptr;
            if (u->op() == ast::UnaryOp::kPlus) return a;
            if (u->op() == ast::UnaryOp::kInvert) return Fail(e, "'~' is not supported in an @elementwise function");
            auto out = std::make_unique<Expr>();
            out->kind = ExprKind::kUnary;
            out->text = u->op() == ast::UnaryOp::kMinus ? "-" : "!";
            out->kids.push_back(std::move(a));
            return out;
        }
        if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
            const char* op = nullptr;
            switch (b->op()) {
                case ast::BinaryOp::kAdd: op = "+"; break;
                case ast::BinaryOp::kSub: op = "-"; break;
                case ast::BinaryOp::kMul: op = "*"; break;
                case ast::BinaryOp::kDiv: op = "/"; break;
                case ast::BinaryOp::kPow: op = "**"; break;
                default:
                    return Fail(e, "this operator is not supported in an @elementwise function (it has no derivative); "
                                   "use + - * / ** and the math functions");
            }
            ExprPtr l = Convert(b->lhs()), r = Convert(b->rhs());
            if (!l || !r) return nullptr;
            if (std::string(op) == "**") {
                std::vector<ExprPtr> args;
                args.push_back(std::move(l));
                args.push_back(std::move(r));
                return Call("pow", std::move(args));
            }
            return Binary(op, std::move(l), std::move(r));
        }
        if (const auto* c = ast::DynCast<ast::CompareExpr>(&e)) {
            if (c->ops().size() != 1) return Fail(e, "chained comparisons are not supported in an @elementwise function");
            static const std::map<ast::CompareOp, const char*> ops = {
                {ast::CompareOp::kEq, "=="}, {ast::CompareOp::kNotEq, "!="}, {ast::CompareOp::kLt, "<"},
                {ast::CompareOp::kLtE, "<="}, {ast::CompareOp::kGt, ">"},   {ast::CompareOp::kGtE, ">="}};
            auto it = ops.find(c->ops()[0]);
            if (it == ops.end()) return Fail(e, "only < <= > >= == != compare in an @elementwise function");
            ExprPtr l = Convert(c->left()), r = Convert(*c->comparators()[0]);
            if (!l || !r) return nullptr;
            return Binary(it->second, std::move(l), std::move(r));
        }
        if (const auto* b = ast::DynCast<ast::BoolOpExpr>(&e)) {
            ExprPtr acc;
            for (const auto& v : b->values()) {
                ExprPtr x = Convert(*v);
                if (!x) return nullptr;
                acc = acc ? Binary(b->op() == ast::BoolOp::kAnd ? "&&" : "||", std::move(acc), std::move(x)) : std::move(x);
            }
            return acc;
        }
        if (const auto* c = ast::DynCast<ast::ConditionalExpr>(&e)) return Select(c->test(), c->body(), c->orelse());
        if (const auto* call = ast::DynCast<ast::CallExpr>(&e)) return ConvertCall(*call);
        return Fail(e, "this expression is not supported in an @elementwise function; use arithmetic, comparisons, "
                       "'a if c else b', where(c, a, b) and math functions");
    }

    void Bind(const std::string& name, ExprPtr value) { locals_[name] = std::move(value); }
    bool IsParam(const std::string& name) const { return params_.count(name) != 0; }

private:
    ExprPtr Fail(const ast::Node& at, const std::string& message) {
        diags_.Error(at.range(), message);
        return nullptr;
    }

    ExprPtr Select(const ast::Expr& cond, const ast::Expr& a, const ast::Expr& b) {
        ExprPtr c = Convert(cond), x = Convert(a), y = Convert(b);
        if (!c || !x || !y) return nullptr;
        auto out = std::make_unique<Expr>();
        out->kind = ExprKind::kTernary;
        out->text = "?:";
        out->kids.push_back(std::move(c));
        out->kids.push_back(std::move(x));
        out->kids.push_back(std::move(y));
        return out;
    }

    ExprPtr ConvertCall(const ast::CallExpr& call) {
        std::string fn;
        if (const auto* n = ast::DynCast<ast::NameExpr>(&call.func())) {
            fn = n->id();
        } else if (const auto* a = ast::DynCast<ast::AttributeExpr>(&call.func())) {
            const auto* m = ast::DynCast<ast::NameExpr>(&a->value());
            static const std::set<std::string> modules = {"np", "numpy", "math", "xp", "cupy", "F"};
            if (m != nullptr && modules.count(m->id()) != 0) fn = a->attr();
        }
        if (!call.keywords().empty()) return Fail(call, "keyword arguments are not supported in an @elementwise function");
        static const std::map<std::string, std::string> names = {
            {"exp", "exp"},   {"log", "log"},     {"log1p", "log1p"}, {"expm1", "expm1"}, {"sqrt", "sqrt"},
            {"tanh", "tanh"}, {"sin", "sin"},     {"cos", "cos"},     {"abs", "fabs"},    {"absolute", "fabs"},
            {"fabs", "fabs"}, {"floor", "floor"}, {"ceil", "ceil"},   {"maximum", "max"}, {"max", "max"},
            {"minimum", "min"}, {"min", "min"},   {"pow", "pow"},     {"power", "pow"}};
        if (fn == "where") {
            if (call.args().size() != 3) return Fail(call, "where takes 3 arguments (condition, x, y)");
            return Select(*call.args()[0], *call.args()[1], *call.args()[2]);
        }
        std::vector<ExprPtr> args;
        for (const auto& a : call.args()) {
            ExprPtr x = Convert(*a);
            if (!x) return nullptr;
            args.push_back(std::move(x));
        }
        if (fn == "sigmoid" && args.size() == 1) {
            // 1 / (1 + exp(-a))
            auto neg = std::make_unique<Expr>();
            neg->kind = ExprKind::kUnary;
            neg->text = "-";
            neg->kids.push_back(std::move(args[0]));
            std::vector<ExprPtr> e;
            e.push_back(std::move(neg));
            return Binary("/", Number("1.0"), Binary("+", Number("1.0"), Call("exp", std::move(e))));
        }
        auto it = names.find(fn);
        if (it == names.end()) {
            return Fail(call.func(), "unknown function in an @elementwise function; available: exp log log1p expm1 sqrt "
                                     "tanh sigmoid sin cos abs floor ceil maximum minimum pow where");
        }
        if (static_cast<int>(args.size()) != MathFunctionArity(it->second)) {
            return Fail(call, "'" + fn + "' takes " + std::to_string(MathFunctionArity(it->second)) + " argument(s)");
        }
        return Call(it->second, std::move(args));
    }

    DiagnosticEngine& diags_;
    const std::set<std::string>& params_;
    std::map<std::string, ExprPtr> locals_;
};

/// A name not among `taken` (appending '_'), then taken.
std::string Fresh(std::string name, std::set<std::string>* taken) {
    while (taken->count(name) != 0) name += "_";
    taken->insert(name);
    return name;
}

void SetBody(KernelDef* def) {
    def->body.clear();
    for (std::size_t j = 0; j < def->out.size(); ++j) {
        auto s = std::make_unique<Stmt>();
        s->kind = StmtKind::kExpr;
        s->expr = Binary("=", Name(def->out[j].name), Clone(*def->results[j]));
        def->body.push_back(std::move(s));
    }
}

/// The gradient kernel of `f`: inputs f.in + one gradient per output, outputs one gradient per input,
/// gx_k = sum_j gy_j * d y_j / d x_k. Null when an output is not differentiable.
std::unique_ptr<KernelDef> MakeGrad(const KernelDef& f, const ast::Node* at, DiagnosticEngine* diags) {
    auto g = std::make_unique<KernelDef>();
    g->kind = KernelDef::Kind::kElementwise;
    g->native = true;
    g->order = f.order + 1;
    g->name = f.name + "_grad";
    g->range = f.range;
    std::set<std::string> taken;
    for (const Param& p : f.in) taken.insert(p.name);
    g->in = f.in;
    std::vector<std::string> gy;
    for (const Param& p : f.out) {
        Param q = p;
        q.is_output = false;
        q.name = Fresh("g" + p.name, &taken);
        gy.push_back(q.name);
        g->in.push_back(q);
    }
    for (const Param& p : f.in) {
        Param q = p;
        q.is_output = true;
        q.name = Fresh("g" + p.name, &taken);
        g->out.push_back(q);
    }
    for (const Param& x : f.in) {
        ExprPtr sum;
        for (std::size_t j = 0; j < f.out.size(); ++j) {
            ExprPtr d = Derive(*f.results[j], x.name);
            if (!d) {
                if (diags != nullptr) {
                    diags->Error(at->range(), "cannot differentiate '" + f.name + "' with respect to '" + x.name + "'");
                }
                return nullptr;
            }
            ExprPtr term = Simplify(Binary("*", Name(gy[j]), std::move(d)));
            sum = sum ? Simplify(Binary("+", std::move(sum), std::move(term))) : std::move(term);
        }
        g->results.push_back(std::move(sum));
    }
    SetBody(g.get());
    return g;
}

}  // namespace

bool IsElementwiseFunction(const ast::FunctionDef& def) {
    for (const auto& d : def.decorators()) {
        if (const auto* n = ast::DynCast<ast::NameExpr>(d.get()); n != nullptr && n->id() == "elementwise") return true;
    }
    return false;
}

std::unique_ptr<KernelDef> BuildNativeKernel(const ast::FunctionDef& fn, DiagnosticEngine& diags) {
    auto def = std::make_unique<KernelDef>();
    def->kind = KernelDef::Kind::kElementwise;
    def->native = true;
    def->name = fn.name();
    def->range = fn.name_range();
    if (fn.decorators().size() != 1) {
        diags.Error(fn.decorators()[1]->range(), "an @elementwise function takes no other decorator");
        return nullptr;
    }
    auto type_of = [&](const ast::Expr* annotation, const ast::Node& at, std::string* out) {
        std::string t;
        if (const auto* n = annotation != nullptr ? ast::DynCast<ast::NameExpr>(annotation) : nullptr) t = n->id();
        if (const auto* a = annotation != nullptr ? ast::DynCast<ast::AttributeExpr>(annotation) : nullptr) t = a->attr();
        const bool placeholder = t.size() == 1 && std::isupper(static_cast<unsigned char>(t[0]));
        if (!placeholder && !(IsCTypeName(t) && CppTypeName(t) != t)) {
            diags.Error(annotation != nullptr ? annotation->range() : at.range(),
                        "annotate the parameters and the result of an @elementwise function with a type placeholder "
                        "(T) or a dtype (float32, float64)");
            return false;
        }
        *out = t;
        return true;
    };
    std::set<std::string> params;
    for (const auto& p : fn.params()) {
        if (p->param_kind() != ast::Param::Kind::kNormal || p->default_value() != nullptr) {
            diags.Error(p->range(), "an @elementwise function takes plain parameters only");
            return nullptr;
        }
        Param q;
        q.name = p->name();
        q.range = p->range();
        if (!type_of(p->annotation(), *p, &q.type)) return nullptr;
        def->in.push_back(q);
        params.insert(q.name);
    }
    if (def->in.empty()) {
        diags.Error(fn.name_range(), "an @elementwise function needs at least one parameter");
        return nullptr;
    }
    Converter conv(diags, params);
    const ast::Expr* returned = nullptr;
    for (const auto& s : fn.body()) {
        if (returned != nullptr) {
            diags.Error(s->range(), "statements after 'return' in an @elementwise function");
            return nullptr;
        }
        if (const auto* a = ast::DynCast<ast::AssignStmt>(s.get())) {
            const auto* target = a->targets().size() == 1 ? ast::DynCast<ast::NameExpr>(a->targets()[0].get()) : nullptr;
            if (target == nullptr || conv.IsParam(target->id())) {
                diags.Error(s->range(), "an @elementwise function may assign new local names only ('t = x * y')");
                return nullptr;
            }
            ExprPtr value = conv.Convert(a->value());
            if (!value) return nullptr;
            conv.Bind(target->id(), std::move(value));
        } else if (const auto* r = ast::DynCast<ast::ReturnStmt>(s.get()); r != nullptr && r->value() != nullptr) {
            returned = r->value();
        } else if (const auto* e = ast::DynCast<ast::ExprStmt>(s.get());
                   e != nullptr && ast::Isa<ast::StringLiteral>(e->value())) {
            continue;  // a docstring
        } else {
            diags.Error(s->range(), "an @elementwise function is assignments and one 'return'; use 'a if c else b' or "
                                    "where(c, a, b) for conditions");
            return nullptr;
        }
    }
    if (returned == nullptr) {
        diags.Error(fn.name_range(), "an @elementwise function must return its result(s)");
        return nullptr;
    }
    std::vector<const ast::Expr*> outs;
    if (const auto* t = ast::DynCast<ast::TupleExpr>(returned)) {
        for (const auto& el : t->elements()) outs.push_back(el.get());
    } else {
        outs.push_back(returned);
    }
    // Result types: `-> T`, or `-> tuple[T, U]`; by default the first parameter's type.
    std::vector<std::string> out_types(outs.size(), def->in[0].type);
    if (const ast::Expr* ann = fn.returns()) {
        std::vector<const ast::Expr*> anns;
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(ann)) {
            if (const auto* t = ast::DynCast<ast::TupleExpr>(&sub->index())) {
                for (const auto& el : t->elements()) anns.push_back(el.get());
            } else {
                anns.push_back(&sub->index());
            }
        } else {
            anns.push_back(ann);
        }
        if (anns.size() != outs.size()) {
            diags.Error(ann->range(), "the result annotation names " + std::to_string(anns.size()) +
                                          " type(s) but the function returns " + std::to_string(outs.size()));
            return nullptr;
        }
        for (std::size_t j = 0; j < anns.size(); ++j) {
            if (!type_of(anns[j], *ann, &out_types[j])) return nullptr;
        }
    }
    std::set<std::string> taken = params;
    for (std::size_t j = 0; j < outs.size(); ++j) {
        ExprPtr value = conv.Convert(*outs[j]);
        if (!value) return nullptr;
        Param q;
        q.name = Fresh(outs.size() == 1 ? "y" : "y" + std::to_string(j), &taken);
        q.type = out_types[j];
        q.is_output = true;
        def->out.push_back(q);
        def->results.push_back(std::move(value));
    }
    SetBody(def.get());
    if (!DeriveGradients(def.get(), fn, &diags)) return nullptr;
    return def;
}

bool DeriveGradients(KernelDef* def, const ast::Node& at, DiagnosticEngine* diags) {
    SetBody(def);
    // The gradient chain: order 1 must exist (the function is differentiable), later orders while they can.
    KernelDef* last = def;
    for (int order = 1; order <= kNativeDerivedOrders; ++order) {
        std::unique_ptr<KernelDef> g = MakeGrad(*last, &at, order == 1 ? diags : nullptr);
        if (!g) return order > 1;
        last->grad = std::move(g);
        last = last->grad.get();
    }
    return true;
}

}  // namespace cnet::compiler::kernel
