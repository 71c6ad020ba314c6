// shape_check.cc — static shape checks over the bound IR (Note [Static shape checks]).
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
// `@` / F.matmul (2-d, with transa/transb).
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

constexpr std::int64_t kUnknownDim = -1;
constexpr std::int64_t kBatchDim = -2;  // the batch axis of a dataset's batches: unknown, printed as N
using Dims = std::vector<std::int64_t>;
using Shape = std::optional<Dims>;

bool Known(std::int64_t d) { return d >= 0; }

std::string Str(const Dims& d) {
    std::string s = "(";
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (i > 0) s += ", ";
        s += d[i] == kBatchDim ? "N" : Known(d[i]) ? std::to_string(d[i]) : "?";
    }
    return s + (d.size() == 1 ? ",)" : ")");
}

/// One analysis of a function: its parameters' shapes where known (from a call site or a dataset).
struct Ctx {
    const ir::FunctionInfo* fn = nullptr;
    std::map<const ir::VarInfo*, Dims> params;
    const ast::Node* note_at = nullptr;  // where the parameters' shapes come from (a note on each error)
    std::string note;
    int depth = 0;
    std::map<const ir::VarInfo*, Shape> memo;
    std::set<const ir::VarInfo*> busy;
};

/// One binding of a local: the assigned value (element `index` of it when unpacked), or null for a binding
/// whose value is not tracked (loop target, augmented assignment, ...).
struct Source {
    const ast::Expr* value = nullptr;
    int index = -1;
};

template <typename Fn>
void Walk(const ast::Node& root, Fn&& visit) {  // iterative: deeply nested input must not exhaust the stack
    std::vector<const ast::Node*> stack{&root};
    while (!stack.empty()) {
        const ast::Node* n = stack.back();
        stack.pop_back();
        if (!visit(*n)) continue;
        std::vector<const ast::Node*> children;
        ast::ForEachChild(*n, [&](const char*, const ast::Node& c) { children.push_back(&c); });
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
}

bool IsNestedScope(const ast::Node& n) {
    return ast::Isa<ast::FunctionDef>(n) || ast::Isa<ast::ClassDef>(n) || ast::Isa<ast::LambdaExpr>(n);
}

class ShapeChecker {
public:
    ShapeChecker(const ir::Program& program, DiagnosticEngine& diags) : p_(program), diags_(diags) {}

    void Run() {
        for (const ir::FunctionInfo* fn : AllFunctions()) {
            for (const ast::Stmt* s : BodyStmts(*fn)) {
                Walk(*s, [&](const ast::Node& n) {
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

private:
    std::vector<const ir::FunctionInfo*> AllFunctions() const {
        std::vector<const ir::FunctionInfo*> out;
        for (const auto& cls : p_.classes) {
            for (const auto& m : cls->methods) out.push_back(m.get());
        }
        for (const auto& fn : p_.functions) out.push_back(fn.get());
        if (p_.entry != nullptr && p_.entry == p_.script_function.get()) out.push_back(p_.entry);
        return out;
    }

    std::vector<const ast::Stmt*> BodyStmts(const ir::FunctionInfo& fn) const {
        std::vector<const ast::Stmt*> out;
        if (fn.def == nullptr) {
            if (&fn == p_.entry) out = p_.script;
            return out;
        }
        for (const ast::StmtPtr& s : fn.def->body()) out.push_back(s.get());
        return out;
    }
    const ast::StmtList& Body(const ir::FunctionInfo& fn) const {
        static const ast::StmtList kEmpty;
        return fn.def != nullptr ? fn.def->body() : kEmpty;
    }

    // ---- bindings of locals
    const std::map<const ir::VarInfo*, std::vector<Source>>& Sources(const ir::FunctionInfo& fn) {
        auto [it, fresh] = sources_.try_emplace(&fn);
        if (!fresh) return it->second;
        auto& out = it->second;
        auto local = [&](const ast::Node& n) -> const ir::VarInfo* {
            const ir::ExprInfo* info = ast::Isa<ast::NameExpr>(n) ? p_.Info(n) : nullptr;
            return info != nullptr ? info->local : nullptr;
        };
        auto untracked = [&](const ast::Node& target) {  // every name bound by `target` loses its shape
            Walk(target, [&](const ast::Node& n) {
                if (const ir::VarInfo* v = local(n)) out[v].push_back(Source{});
                return true;
            });
        };
        std::function<void(const ast::Node&, bool)> scan = [&](const ast::Node& root, bool nested) {
            Walk(root, [&](const ast::Node& n) {
                if (&n != &root && IsNestedScope(n)) {
                    scan(n, true);
                    return false;
                }
                if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                    for (const auto& t : a->targets()) {
                        if (const ir::VarInfo* v = local(*t)) {
                            out[v].push_back(nested ? Source{} : Source{&a->value(), -1});
                        } else if (const auto* tuple = ast::DynCast<ast::TupleExpr>(t.get())) {
                            for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                                const ast::Expr& el = *tuple->elements()[i];
                                if (const ir::VarInfo* v = local(el)) {
                                    out[v].push_back(nested ? Source{} : Source{&a->value(), static_cast<int>(i)});
                                } else {
                                    untracked(el);
                                }
                            }
                        } else {
                            untracked(*t);
                        }
                    }
                } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n)) {
                    if (const ir::VarInfo* v = local(ann->target())) {
                        out[v].push_back(ann->value() != nullptr && !nested ? Source{ann->value(), -1} : Source{});
                    }
                } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                    untracked(aug->target());
                } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
                    untracked(f->target());
                } else if (const auto* w = ast::DynCast<ast::WithItem>(&n)) {
                    if (w->target() != nullptr) untracked(*w->target());
                } else if (const auto* named = ast::DynCast<ast::NamedExpr>(&n)) {
                    untracked(named->target());
                } else if (const auto* d = ast::DynCast<ast::DelStmt>(&n)) {
                    for (const auto& t : d->targets()) untracked(*t);
                } else if (const auto* h = ast::DynCast<ast::ExceptHandler>(&n)) {
                    if (const ir::VarInfo* v = fn.FindLocal(h->name())) out[v].push_back(Source{});
                }
                return true;
            });
        };
        for (const ast::Stmt* s : BodyStmts(fn)) scan(*s, false);
        return out;
    }

    /// The one value assigned to local `v` (element index of it), when it has exactly one binding.
    std::optional<Source> OnlySource(const ir::FunctionInfo& fn, const ir::VarInfo* v) {
        const auto& all = Sources(fn);
        auto it = all.find(v);
        if (v->is_param || it == all.end() || it->second.size() != 1 || it->second[0].value == nullptr) {
            return std::nullopt;
        }
        return it->second[0];
    }

    /// `value` if it is not unpacked, else element `index` of the tuple literal `value`.
    static const ast::Expr* Element(const Source& s) {
        if (s.index < 0) return s.value;
        const auto* tuple = ast::DynCast<ast::TupleExpr>(s.value);
        if (tuple == nullptr || s.index >= static_cast<int>(tuple->elements().size())) return nullptr;
        return tuple->elements()[s.index].get();
    }

    // ---- calls
    std::string Callee(const ast::CallExpr& e) const {  // "chainer.links.Linear", "numpy.zeros", ""
        TypeRef t = p_.TypeOf(e.func());
        if (t && (t->kind == TypeKind::kLibFunction || t->kind == TypeKind::kLibClass) && t->entry != nullptr) {
            return t->entry->QualifiedName();
        }
        return "";
    }
    std::string LibMethod(const ast::CallExpr& e) const {  // "reshape" of x.reshape(...), ""
        TypeRef t = p_.TypeOf(e.func());
        if (t && t->kind == TypeKind::kBoundMethod && t->entry != nullptr) return t->entry->name;
        return "";
    }
    /// The argument bound to parameter `name` (null when absent or defaulted); `given` says whether it was written.
    const ast::Expr* Arg(const ast::CallExpr& e, const std::string& name, bool* given = nullptr) const {
        if (given != nullptr) *given = false;
        const ir::CallInfo* call = p_.Call(e);
        if (call == nullptr) return nullptr;
        for (const ir::BoundArg& a : call->args) {
            const std::string& n = a.spec != nullptr ? a.spec->name : a.param != nullptr ? a.param->name : "";
            if (n != name) continue;
            if (given != nullptr) *given = a.value != nullptr || !a.rest.empty();
            return a.value;
        }
        return nullptr;
    }
    bool Given(const ast::CallExpr& e, const std::string& name) const {
        bool given = false;
        Arg(e, name, &given);
        return given;
    }

    // ---- integers known at compile time
    std::optional<std::int64_t> IntValue(const ast::Expr& e, const ir::FunctionInfo* fn, int depth = 0) {
        if (depth > 8) return std::nullopt;
        if (const auto* lit = ast::DynCast<ast::IntLiteral>(&e)) return lit->value();
        if (const auto* u = ast::DynCast<ast::UnaryExpr>(&e); u != nullptr && u->op() == ast::UnaryOp::kMinus) {
            if (auto v = IntValue(u->operand(), fn, depth + 1)) return -*v;
            return std::nullopt;
        }
        if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
            auto l = IntValue(b->lhs(), fn, depth + 1);
            auto r = IntValue(b->rhs(), fn, depth + 1);
            if (!l || !r) return std::nullopt;
            switch (b->op()) {
                case ast::BinaryOp::kAdd: return *l + *r;
                case ast::BinaryOp::kSub: return *l - *r;
                case ast::BinaryOp::kMul: return *l * *r;
                case ast::BinaryOp::kFloorDiv:
                    if (*r > 0 && *l >= 0) return *l / *r;
                    return std::nullopt;
                default: return std::nullopt;
            }
        }
        const ir::ExprInfo* info = ast::Isa<ast::NameExpr>(e) ? p_.Info(e) : nullptr;
        if (info == nullptr || info->local == nullptr || fn == nullptr) return std::nullopt;
        const ir::VarInfo* v = info->local;
        if (v->is_param) return InitParamValue(*fn, *v, depth + 1);
        if (auto s = OnlySource(*fn, v)) {
            if (const ast::Expr* el = Element(*s)) return IntValue(*el, fn, depth + 1);
        }
        return std::nullopt;
    }

    /// A parameter of a link's __init__: known when every construction of the class passes the same int.
    std::optional<std::int64_t> InitParamValue(const ir::FunctionInfo& fn, const ir::VarInfo& v, int depth) {
        if (!fn.is_init || fn.owner == nullptr) return std::nullopt;
        const ir::ClassInfo* cls = fn.owner;
        for (const auto& other : p_.classes) {
            if (other->user_base == cls) return std::nullopt;  // super().__init__(...) passes other values
        }
        const ir::ParamInfo* param = nullptr;
        for (const ir::ParamInfo& pi : fn.params) {
            if (pi.name == v.name) param = &pi;
        }
        if (param == nullptr) return std::nullopt;
        std::optional<std::int64_t> agreed;
        int sites = 0;
        for (const auto& [call, where] : enclosing_) {
            TypeRef t = p_.TypeOf(call->func());
            if (!t || t->kind != TypeKind::kUserClassRef || t->user_class != cls) continue;
            ++sites;
            bool given = false;
            const ast::Expr* value = Arg(*call, param->name, &given);
            if (!given) value = param->default_value;
            if (value == nullptr) return std::nullopt;
            auto n = IntValue(*value, given ? where : nullptr, depth + 1);
            if (!n || (agreed && *agreed != *n)) return std::nullopt;
            agreed = n;
        }
        return sites > 0 ? agreed : std::nullopt;
    }

    Shape ShapeArg(const ast::Expr& e, const ir::FunctionInfo* fn) {  // np.zeros's `shape`: an int or a tuple
        if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) return IntList(t->elements(), fn);
        if (const auto* l = ast::DynCast<ast::ListExpr>(&e)) return IntList(l->elements(), fn);
        TypeRef type = p_.TypeOf(e);
        if (type && type->kind == TypeKind::kInt) return Dims{IntValue(e, fn).value_or(kUnknownDim)};
        return std::nullopt;
    }
    Shape IntList(const ast::ExprList& xs, const ir::FunctionInfo* fn) {
        Dims d;
        for (const auto& x : xs) {
            if (ast::Isa<ast::StarredExpr>(*x)) return std::nullopt;
            d.push_back(IntValue(*x, fn).value_or(kUnknownDim));
        }
        return d;
    }
    static Shape Reshaped(const Shape& from, Dims to) {  // resolves one -1 when the size is known
        int infer = -1;
        std::int64_t known = 1;
        for (std::size_t i = 0; i < to.size(); ++i) {
            if (to[i] == -1 && infer < 0) {
                infer = static_cast<int>(i);
            } else if (Known(to[i])) {
                known *= to[i];
            } else {
                return to;
            }
        }
        if (infer >= 0) {
            to[infer] = kUnknownDim;
            if (from && known > 0) {
                std::int64_t total = 1;
                for (std::int64_t d : *from) {
                    if (!Known(d)) return to;
                    total *= d;
                }
                if (total % known == 0) to[infer] = total / known;
            }
        }
        return to;
    }

    // ---- links held in fields: the construction call
    struct LinkCtor {
        const ast::CallExpr* call = nullptr;
        const ir::FunctionInfo* fn = nullptr;  // the method constructing it
        std::string kind;                      // "Linear", "Convolution2D", ...
    };
    std::optional<LinkCtor> LinkOf(const ast::Expr& callee, const Ctx& ctx) {
        const ir::ExprInfo* info = p_.Info(callee);
        if (info == nullptr) return std::nullopt;
        const ast::Expr* value = nullptr;
        const ir::FunctionInfo* where = nullptr;
        if (info->field != nullptr) {
            std::vector<std::pair<const ast::Expr*, const ir::FunctionInfo*>> found;
            for (const auto& cls : p_.classes) {
                for (const auto& m : cls->methods) {
                    for (const ast::StmtPtr& s : Body(*m)) {
                        Walk(*s, [&](const ast::Node& n) {
                            const ast::Expr* target = nullptr;
                            const ast::Expr* v = nullptr;
                            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                                for (const auto& t : a->targets()) {
                                    if (p_.Info(*t) != nullptr && p_.Info(*t)->field == info->field) target = t.get();
                                }
                                v = &a->value();
                            } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                                target = &aug->target();
                            } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n)) {
                                target = &ann->target();
                                v = ann->value();
                            }
                            if (target != nullptr && p_.Info(*target) != nullptr &&
                                p_.Info(*target)->field == info->field) {
                                found.emplace_back(ast::Isa<ast::AssignStmt>(n) ? v : nullptr, m.get());
                            }
                            return true;
                        });
                    }
                }
            }
            if (found.size() != 1 || found[0].first == nullptr) return std::nullopt;
            value = found[0].first;
            where = found[0].second;
        } else if (info->local != nullptr) {
            auto s = OnlySource(*ctx.fn, info->local);
            if (!s) return std::nullopt;
            value = Element(*s);
            where = ctx.fn;
        }
        const auto* call = value != nullptr ? ast::DynCast<ast::CallExpr>(value) : nullptr;
        if (call == nullptr) return std::nullopt;
        const std::string name = Callee(*call);
        const std::string prefix = "chainer.links.";
        if (name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
        return LinkCtor{call, where, name.substr(prefix.size())};
    }

    /// A link's int argument: the parameter of the constructor if written as an int, else nullopt.
    std::optional<std::int64_t> LinkInt(const LinkCtor& link, const std::string& name) {
        const ast::Expr* v = Arg(*link.call, name);
        if (v == nullptr) return std::nullopt;
        return IntValue(*v, link.fn);
    }

    // ---- shapes of expressions
    Shape LocalShape(const ir::VarInfo* v, Ctx& ctx) {
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

    bool IsScalar(const ast::Expr& e) const {
        TypeRef t = p_.TypeOf(e);
        return t && IsNumeric(t);
    }

    Shape ShapeOf(const ast::Expr& e, Ctx& ctx) {
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

    Shape CallShape(const ast::CallExpr& e, Ctx& ctx) {
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

    // ---- the checked operations (report=false: the result shape only)
    static Shape MatmulResult(const Shape& a, const Shape& b) {
        if (!a || !b || a->size() != 2 || b->size() != 2) return std::nullopt;
        return Dims{(*a)[0], (*b)[1]};
    }

    Shape MatmulCheck(const ast::CallExpr& e, Ctx& ctx, bool report) {
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

    void MatmulOperator(const ast::BinaryExpr& e, Ctx& ctx) {
        Shape a = ShapeOf(e.lhs(), ctx);
        Shape b = ShapeOf(e.rhs(), ctx);
        if (!a || !b || a->size() != 2 || b->size() != 2) return;
        if (Known((*a)[1]) && Known((*b)[0]) && (*a)[1] != (*b)[0]) {
            Report(e, "'@' of shapes " + Str(*a) + " and " + Str(*b) + ": the inner sizes " + std::to_string((*a)[1]) +
                          " and " + std::to_string((*b)[0]) + " differ",
                   ctx);
        }
    }

    Shape ConcatCheck(const ast::CallExpr& e, Ctx& ctx, bool report) {
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

    static std::optional<std::int64_t> ConvOut(std::int64_t in, std::optional<std::int64_t> k,
                                               std::optional<std::int64_t> s, std::optional<std::int64_t> p,
                                               bool deconv) {
        if (!Known(in) || !k || !s || !p || *s <= 0) return std::nullopt;
        std::int64_t out = deconv ? *s * (in - 1) + *k - 2 * *p : (in + 2 * *p - *k) / *s + 1;
        return out > 0 ? std::optional<std::int64_t>(out) : std::nullopt;
    }

    Shape LinkCheck(const ast::CallExpr& e, const LinkCtor& link, Ctx& ctx, bool report) {
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

    // ---- datasets and the Classifier pipeline
    struct Example {
        Dims dims;  // one example's x
        const ast::Node* origin = nullptr;
    };
    std::optional<Example> DatasetOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0) {
        if (depth > 8) return std::nullopt;
        if (ast::Isa<ast::NameExpr>(e)) {
            const ir::ExprInfo* info = p_.Info(e);
            if (info == nullptr || info->local == nullptr) return std::nullopt;
            auto s = OnlySource(fn, info->local);
            if (!s) return std::nullopt;
            if (const auto* c = ast::DynCast<ast::CallExpr>(s->value); c != nullptr && s->index >= 0) {
                return Builtin(*c, fn);  // train, test = get_mnist(): both halves have the same examples
            }
            const ast::Expr* el = Element(*s);
            return el != nullptr ? DatasetOf(*el, fn, depth + 1) : std::nullopt;
        }
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&e)) {  // get_mnist()[0]
            if (const auto* c = ast::DynCast<ast::CallExpr>(&sub->value())) return Builtin(*c, fn);
            return std::nullopt;
        }
        const auto* c = ast::DynCast<ast::CallExpr>(&e);
        if (c == nullptr) return std::nullopt;
        const std::string name = Callee(*c);
        if (name == "chainer.iterators.SerialIterator") {
            const ast::Expr* ds = Arg(*c, "dataset");
            return ds != nullptr ? DatasetOf(*ds, fn, depth + 1) : std::nullopt;
        }
        if (name == "chainer.datasets.TupleDataset") {
            if (c->args().size() != 2 || !c->keywords().empty()) return std::nullopt;  // (x, t) for a Classifier
            if (ast::Isa<ast::StarredExpr>(*c->args()[0])) return std::nullopt;
            Ctx ctx;
            ctx.fn = &fn;
            Shape x = ShapeOf(*c->args()[0], ctx);
            if (!x || x->empty()) return std::nullopt;
            return Example{Dims(x->begin() + 1, x->end()), c};
        }
        return std::nullopt;
    }
    /// The examples of get_mnist(...) and the like (the x of an (x, t) pair), or nullopt.
    std::optional<Example> Builtin(const ast::CallExpr& c, const ir::FunctionInfo& fn) {
        const std::string name = Callee(c);
        const bool mnist = name == "chainer.datasets.get_mnist" || name == "chainer.datasets.get_fashion_mnist";
        const bool cifar = name == "chainer.datasets.get_cifar10";
        if (!mnist && !cifar) return std::nullopt;
        if (const ast::Expr* w = Arg(c, "withlabel")) {
            const auto* lit = ast::DynCast<ast::BoolLiteral>(w);
            if (lit == nullptr || !lit->value()) return std::nullopt;
        }
        std::int64_t ndim = mnist ? 1 : 3;
        if (const ast::Expr* n = Arg(c, "ndim")) {
            auto v = IntValue(*n, &fn);
            if (!v) return std::nullopt;
            ndim = *v;
        }
        const std::int64_t side = mnist ? 28 : 32;
        const std::int64_t ch = mnist ? 1 : 3;
        if (ndim == 1) return Example{{ch * side * side}, &c};
        if (ndim == 2 && mnist) return Example{{side, side}, &c};
        if (ndim == 3) return Example{{ch, side, side}, &c};
        return std::nullopt;
    }

    /// The user class a Classifier built by `e` predicts with, when `e` is (through locals) `L.Classifier(C(...))`.
    const ir::ClassInfo* PredictorOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0) {
        if (depth > 8) return nullptr;
        if (ast::Isa<ast::NameExpr>(e)) {
            const ir::ExprInfo* info = p_.Info(e);
            if (info == nullptr || info->local == nullptr) return nullptr;
            auto s = OnlySource(fn, info->local);
            const ast::Expr* el = s ? Element(*s) : nullptr;
            return el != nullptr ? PredictorOf(*el, fn, depth + 1) : nullptr;
        }
        const auto* c = ast::DynCast<ast::CallExpr>(&e);
        if (c == nullptr || Callee(*c) != "chainer.links.Classifier") return nullptr;
        const ast::Expr* pred = Arg(*c, "predictor");
        return pred != nullptr ? Constructed(*pred, fn, depth + 1) : nullptr;
    }
    /// The exact user class of `e` when it is (through locals) a construction `C(...)`.
    const ir::ClassInfo* Constructed(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0) {
        if (depth > 8) return nullptr;
        if (ast::Isa<ast::NameExpr>(e)) {
            const ir::ExprInfo* info = p_.Info(e);
            if (info == nullptr || info->local == nullptr) return nullptr;
            auto s = OnlySource(fn, info->local);
            const ast::Expr* el = s ? Element(*s) : nullptr;
            return el != nullptr ? Constructed(*el, fn, depth + 1) : nullptr;
        }
        const auto* c = ast::DynCast<ast::CallExpr>(&e);
        if (c == nullptr) return nullptr;
        TypeRef t = p_.TypeOf(c->func());
        return t && t->kind == TypeKind::kUserClassRef ? t->user_class : nullptr;
    }

    /// The optimizer `opt`'s target: `opt.setup(model)` in `fn`.
    const ast::Expr* SetupTarget(const ast::Expr& opt, const ir::FunctionInfo& fn) {
        const ir::ExprInfo* oi = p_.Info(opt);
        if (oi == nullptr || oi->local == nullptr) return nullptr;
        const ast::Expr* target = nullptr;
        int count = 0;
        for (const ast::Stmt* s : BodyStmts(fn)) {
            Walk(*s, [&](const ast::Node& n) {
                const auto* c = ast::DynCast<ast::CallExpr>(&n);
                const auto* a = c != nullptr ? ast::DynCast<ast::AttributeExpr>(&c->func()) : nullptr;
                if (a != nullptr && a->attr() == "setup" && c->args().size() == 1 && p_.Info(a->value()) != nullptr &&
                    p_.Info(a->value())->local == oi->local) {
                    target = c->args()[0].get();
                    ++count;
                }
                return !IsNestedScope(n);
            });
        }
        return count == 1 ? target : nullptr;
    }

    /// Evaluator(it, model) / StandardUpdater(it, optimizer): the predictor's forward gets the dataset's batches.
    void Pipeline(const ast::CallExpr& c, Ctx& ctx) {
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
    void UserCall(const ast::CallExpr& c, Ctx& ctx) {
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
    const ir::ClassInfo* FieldClass(const ast::AttributeExpr& a) {
        const ir::ExprInfo* info = p_.Info(a);
        if (info == nullptr || info->field == nullptr) return nullptr;
        const ir::ClassInfo* found = nullptr;
        int count = 0;
        for (const auto& cls : p_.classes) {
            for (const auto& m : cls->methods) {
                for (const ast::StmtPtr& s : Body(*m)) {
                    Walk(*s, [&](const ast::Node& n) {
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

    // ---- the walk
    void Enter(Ctx& sub) {
        if (sub.depth > 4 || ++contexts_ > 500) return;
        Check(sub);
    }

    /// Checks the operations that run whenever the function runs: not those in an `if` branch, a conditional
    /// expression, the right of `and`/`or` or an `except` block, which may be guarded by a test of the shapes.
    void Check(Ctx& ctx) {
        std::function<bool(const ast::Node&)> visit = [&](const ast::Node& n) {
                if (IsNestedScope(n) || ast::Isa<ast::ExceptHandler>(n)) return false;
                if (const auto* i = ast::DynCast<ast::IfStmt>(&n)) {
                    Walk(i->test(), visit);
                    return false;
                }
                if (const auto* ce = ast::DynCast<ast::ConditionalExpr>(&n)) {
                    Walk(ce->test(), visit);
                    return false;
                }
                if (const auto* bo = ast::DynCast<ast::BoolOpExpr>(&n)) {
                    if (!bo->values().empty()) Walk(*bo->values()[0], visit);
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
        for (const ast::Stmt* s : BodyStmts(*ctx.fn)) Walk(*s, visit);
    }

    void Report(const ast::Node& at, const std::string& message, const Ctx& ctx) {
        if (!reported_.insert(&at).second) return;
        DiagnosticBuilder d = diags_.Error(at.range(), message);
        if (ctx.note_at != nullptr) d.Note(ctx.note_at->range(), ctx.note);
    }

    const ir::Program& p_;
    DiagnosticEngine& diags_;
    std::map<const ir::FunctionInfo*, std::map<const ir::VarInfo*, std::vector<Source>>> sources_;
    std::map<const ast::CallExpr*, const ir::FunctionInfo*> enclosing_;
    std::set<const ast::Node*> reported_;
    int contexts_ = 0;
};

}  // namespace

void Analyzer::CheckShapes() {
    if (diags_.HasErrors()) return;  // over settled, error-free types only
    ShapeChecker(program_, diags_).Run();
}

}  // namespace cnet::compiler::sema
