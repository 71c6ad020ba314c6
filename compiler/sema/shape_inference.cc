// shape_inference.cc — the shapes of expressions and the checked operations: F.concat, @ / F.matmul and the links'
// inputs (Note [Static shape checks]).
#include <algorithm>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/sema/shape_check.h"

namespace cnet::compiler::sema::shapes {

Shape ShapeChecker::LocalShape(const ir::VarInfo* v, Ctx& ctx) {
    if (auto it = ctx.memo.find(v); it != ctx.memo.end()) return it->second;
    if (v->is_param) {
        const auto& all = Sources(*ctx.fn);
        auto p = ctx.params.find(v);
        if (p == ctx.params.end() || all.count(v) != 0) return std::nullopt;  // reassigned: unknown
        return p->second;
    }
    if (!ctx.busy.insert(v).second) return std::nullopt;
    Shape out;
    if (auto s = OnlySource(*ctx.fn, v)) {
        if (const ast::Expr* el = Element(*s)) out = ShapeOf(*el, ctx);
    }
    ctx.busy.erase(v);
    ctx.memo[v] = out;
    return out;
}

bool ShapeChecker::IsScalar(const ast::Expr& e) const {
    TypeRef t = p_.TypeOf(e);
    return t && IsNumeric(t);
}

Shape ShapeChecker::ShapeOf(const ast::Expr& e, Ctx& ctx) {
    if (ast::Isa<ast::NameExpr>(e)) {
        const ir::ExprInfo* info = p_.Info(e);
        if (info != nullptr && info->local != nullptr) return LocalShape(info->local, ctx);
        return std::nullopt;
    }
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&e)) {
        TypeRef t = p_.TypeOf(a->value());
        if (!t || !IsArrayLike(t)) return std::nullopt;
        if (a->attr() == "array" || a->attr() == "data") return ShapeOf(a->value(), ctx);
        if (a->attr() == "T") {
            Shape s = ShapeOf(a->value(), ctx);
            if (s) std::reverse(s->begin(), s->end());
            return s;
        }
        return std::nullopt;
    }
    if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
        if (b->op() == ast::BinaryOp::kMatMul) return MatmulResult(ShapeOf(b->lhs(), ctx), ShapeOf(b->rhs(), ctx));
        if (b->op() == ast::BinaryOp::kAdd || b->op() == ast::BinaryOp::kSub || b->op() == ast::BinaryOp::kMul ||
            b->op() == ast::BinaryOp::kDiv) {
            if (IsScalar(b->lhs())) return ShapeOf(b->rhs(), ctx);
            if (IsScalar(b->rhs())) return ShapeOf(b->lhs(), ctx);
            Shape l = ShapeOf(b->lhs(), ctx);
            Shape r = ShapeOf(b->rhs(), ctx);
            if (l && r && *l == *r) return l;
        }
        return std::nullopt;
    }
    if (const auto* c = ast::DynCast<ast::CallExpr>(&e)) return CallShape(*c, ctx);
    return std::nullopt;
}

Shape ShapeChecker::CallShape(const ast::CallExpr& e, Ctx& ctx) {
    const std::string name = Callee(e);
    const ir::FunctionInfo* fn = ctx.fn;
    auto arg0 = [&]() -> const ast::Expr* { return e.args().empty() ? nullptr : e.args()[0].get(); };
    if (name == "numpy.zeros" || name == "numpy.ones" || name == "numpy.empty" || name == "numpy.full") {
        return arg0() != nullptr ? ShapeArg(*arg0(), fn) : std::nullopt;
    }
    if (name == "numpy.random.rand" || name == "numpy.random.randn") return IntList(e.args(), fn);
    if (name == "numpy.random.uniform" || name == "numpy.random.normal") {
        const ast::Expr* size = Arg(e, "size");
        return size != nullptr ? ShapeArg(*size, fn) : std::nullopt;
    }
    if (name == "chainer.Variable" || name == "numpy.asarray" || name == "numpy.array") {
        if (name != "chainer.Variable" && arg0() != nullptr && !IsArrayLike(p_.TypeOf(*arg0()))) return std::nullopt;
        return arg0() != nullptr ? ShapeOf(*arg0(), ctx) : std::nullopt;
    }
    static const std::set<std::string> kSameShape = {
        "relu", "sigmoid", "tanh", "leaky_relu", "elu", "dropout", "exp", "log", "softplus", "clipped_relu",
        "absolute", "sqrt", "square", "identity", "batch_normalization", "local_response_normalization",
        "softmax", "log_softmax", "crelu_free"};
    const std::string fprefix = "chainer.functions.";
    if (name.compare(0, fprefix.size(), fprefix) == 0) {
        const std::string f = name.substr(fprefix.size());
        if (kSameShape.count(f) != 0 && arg0() != nullptr) return ShapeOf(*arg0(), ctx);
        if (f == "concat") return ConcatCheck(e, ctx, false);
        if (f == "matmul") return MatmulCheck(e, ctx, false);
        if (f == "reshape") {
            const ast::Expr* s = Arg(e, "shape");
            Shape to = s != nullptr ? ShapeArg(*s, fn) : std::nullopt;
            return to ? Reshaped(arg0() != nullptr ? ShapeOf(*arg0(), ctx) : std::nullopt, *to) : std::nullopt;
        }
        if ((f == "max_pooling_2d" || f == "average_pooling_2d") && arg0() != nullptr && !Given(e, "return_indices")) {
            Shape x = ShapeOf(*arg0(), ctx);
            if (x && x->size() == 4) return Dims{(*x)[0], (*x)[1], kUnknownDim, kUnknownDim};
        }
        return std::nullopt;
    }
    if (LibMethod(e) == "astype" || LibMethod(e) == "copy") {
        const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func());
        if (attr == nullptr || !IsArrayLike(p_.TypeOf(attr->value()))) return std::nullopt;
        return ShapeOf(attr->value(), ctx);
    }
    if (LibMethod(e) == "reshape") {
        const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func());
        if (attr == nullptr || !IsArrayLike(p_.TypeOf(attr->value()))) return std::nullopt;
        Shape to = e.args().size() == 1 ? ShapeArg(*e.args()[0], fn) : IntList(e.args(), fn);
        return to ? Reshaped(ShapeOf(attr->value(), ctx), *to) : std::nullopt;
    }
    if (auto link = LinkOf(e.func(), ctx)) return LinkCheck(e, *link, ctx, false);
    return std::nullopt;
}

Shape ShapeChecker::MatmulResult(const Shape& a, const Shape& b) {
    if (!a || !b || a->size() != 2 || b->size() != 2) return std::nullopt;
    return Dims{(*a)[0], (*b)[1]};
}

Shape ShapeChecker::MatmulCheck(const ast::CallExpr& e, Ctx& ctx, bool report) {
    if (e.args().empty()) return std::nullopt;
    const ast::Expr* ae = Arg(e, "a");
    const ast::Expr* be = Arg(e, "b");
    if (ae == nullptr || be == nullptr) return std::nullopt;
    bool ta = false;
    bool tb = false;
    for (auto [pname, flag] : {std::pair<const char*, bool*>{"transa", &ta}, {"transb", &tb}}) {
        if (const ast::Expr* v = Arg(e, pname)) {
            const auto* lit = ast::DynCast<ast::BoolLiteral>(v);
            if (lit == nullptr) return std::nullopt;
            *flag = lit->value();
        }
    }
    Shape a = ShapeOf(*ae, ctx);
    Shape b = ShapeOf(*be, ctx);
    if (!a || !b || a->size() != 2 || b->size() != 2) return std::nullopt;
    if (ta) std::swap((*a)[0], (*a)[1]);
    if (tb) std::swap((*b)[0], (*b)[1]);
    if (report && Known((*a)[1]) && Known((*b)[0]) && (*a)[1] != (*b)[0]) {
        Report(e, "F.matmul of shapes " + Str(*a) + " and " + Str(*b) + (ta || tb ? " (after transa/transb)" : "") +
                      ": the inner sizes " + std::to_string((*a)[1]) + " and " + std::to_string((*b)[0]) +
                      " differ",
               ctx);
    }
    return MatmulResult(a, b);
}

void ShapeChecker::MatmulOperator(const ast::BinaryExpr& e, Ctx& ctx) {
    Shape a = ShapeOf(e.lhs(), ctx);
    Shape b = ShapeOf(e.rhs(), ctx);
    if (!a || !b || a->size() != 2 || b->size() != 2) return;
    if (Known((*a)[1]) && Known((*b)[0]) && (*a)[1] != (*b)[0]) {
        Report(e, "'@' of shapes " + Str(*a) + " and " + Str(*b) + ": the inner sizes " + std::to_string((*a)[1]) +
                      " and " + std::to_string((*b)[0]) + " differ",
               ctx);
    }
}

Shape ShapeChecker::ConcatCheck(const ast::CallExpr& e, Ctx& ctx, bool report) {
    const ast::Expr* xs = Arg(e, "xs");
    const ast::ExprList* items = nullptr;
    if (const auto* t = ast::DynCast<ast::TupleExpr>(xs)) items = &t->elements();
    if (const auto* l = ast::DynCast<ast::ListExpr>(xs)) items = &l->elements();
    if (items == nullptr || items->empty()) return std::nullopt;
    std::int64_t axis = 1;
    if (const ast::Expr* a = Arg(e, "axis")) {
        auto v = IntValue(*a, ctx.fn);
        if (!v) return std::nullopt;
        axis = *v;
    }
    std::vector<Dims> shapes;
    for (const auto& x : *items) {
        if (ast::Isa<ast::StarredExpr>(*x)) return std::nullopt;
        Shape s = ShapeOf(*x, ctx);
        if (!s) return std::nullopt;
        shapes.push_back(*s);
    }
    const std::size_t rank = shapes[0].size();
    for (const Dims& s : shapes) {
        if (s.size() != rank) return std::nullopt;  // the run time names a rank mismatch
    }
    if (axis < 0) axis += static_cast<std::int64_t>(rank);
    if (axis < 0 || axis >= static_cast<std::int64_t>(rank)) return std::nullopt;
    Dims out = shapes[0];
    for (std::size_t i = 1; i < shapes.size(); ++i) {
        for (std::size_t d = 0; d < rank; ++d) {
            if (static_cast<std::int64_t>(d) == axis) continue;
            if (Known(out[d]) && Known(shapes[i][d]) && out[d] != shapes[i][d]) {
                if (report) {
                    Report(e, "F.concat along axis " + std::to_string(axis) + ": shapes " + Str(shapes[0]) +
                                  " and " + Str(shapes[i]) + " differ in axis " + std::to_string(d),
                           ctx);
                }
                return std::nullopt;
            }
            if (!Known(out[d])) out[d] = shapes[i][d];
        }
        out[axis] = Known(out[axis]) && Known(shapes[i][axis]) ? out[axis] + shapes[i][axis] : kUnknownDim;
    }
    return out;
}

std::optional<std::int64_t> ShapeChecker::ConvOut(std::int64_t in, std::optional<std::int64_t> k,
                                           std::optional<std::int64_t> s, std::optional<std::int64_t> p,
                                           bool deconv) {
    if (!Known(in) || !k || !s || !p || *s <= 0) return std::nullopt;
    std::int64_t out = deconv ? *s * (in - 1) + *k - 2 * *p : (in + 2 * *p - *k) / *s + 1;
    return out > 0 ? std::optional<std::int64_t>(out) : std::nullopt;
}

Shape ShapeChecker::LinkCheck(const ast::CallExpr& e, const LinkCtor& link, Ctx& ctx, bool report) {
    if (e.args().size() != 1 || !e.keywords().empty()) return std::nullopt;
    Shape x = ShapeOf(*e.args()[0], ctx);
    const std::string& k = link.kind;
    if (k == "Linear") {
        bool has_out = Given(*link.call, "out_size");
        const std::int64_t in = has_out ? LinkInt(link, "in_size").value_or(kUnknownDim) : kUnknownDim;
        auto out = has_out ? LinkInt(link, "out_size") : LinkInt(link, "in_size");
        if (!x || x->size() < 2) return std::nullopt;
        std::int64_t features = 1;  // Linear flattens the non-batch axes
        for (std::size_t i = 1; i < x->size() && Known(features); ++i) {
            features = Known((*x)[i]) ? features * (*x)[i] : kUnknownDim;
        }
        if (report && Known(in) && Known(features) && features != in) {
            Report(e, "L.Linear with in_size " + std::to_string(in) + " is given an input of shape " + Str(*x) +
                          ", which has " + std::to_string(features) + " features per example",
                   ctx);
        }
        return Dims{(*x)[0], out.value_or(kUnknownDim)};
    }
    if (k == "Convolution2D" || k == "Deconvolution2D") {
        const bool deconv = k == "Deconvolution2D";
        const bool three_args = Given(*link.call, "ksize");  // else Chainer's (out_channels, ksize) form
        const std::int64_t in = three_args ? LinkInt(link, "in_channels").value_or(kUnknownDim) : kUnknownDim;
        auto out = three_args ? LinkInt(link, "out_channels") : LinkInt(link, "in_channels");
        if (!x || x->size() != 4) return std::nullopt;
        if (report && Known(in) && Known((*x)[1]) && (*x)[1] != in) {
            Report(e, "L." + k + " with in_channels " + std::to_string(in) + " is given an input of shape " +
                          Str(*x) + ", which has " + std::to_string((*x)[1]) + " channels",
                   ctx);
        }
        auto ksize = three_args ? LinkInt(link, "ksize") : LinkInt(link, "out_channels");
        auto stride = Given(*link.call, "stride") ? LinkInt(link, "stride") : std::optional<std::int64_t>(1);
        auto pad = Given(*link.call, "pad") ? LinkInt(link, "pad") : std::optional<std::int64_t>(0);
        const bool plain = !Given(*link.call, "dilate") && !Given(*link.call, "outsize");
        Dims r{(*x)[0], out.value_or(kUnknownDim), kUnknownDim, kUnknownDim};
        for (int i = 2; i < 4 && plain; ++i) r[i] = ConvOut((*x)[i], ksize, stride, pad, deconv).value_or(kUnknownDim);
        return r;
    }
    if (k == "BatchNormalization") return x;
    if (k == "EmbedID") {
        auto out = LinkInt(link, "out_size");
        if (!x) return std::nullopt;
        Dims r = *x;
        r.push_back(out.value_or(kUnknownDim));
        return r;
    }
    return std::nullopt;
}

}  // namespace cnet::compiler::sema::shapes
