// shape_bindings.cc — what the program binds, for the shape checks (Note [Static shape checks]): the one value of a
// local, call arguments by parameter, ints known at compile time, the construction of a link held in a field, and
// the examples of a dataset.
#include <functional>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/sema/optimizer_setup.h"
#include "compiler/sema/shape_check.h"

namespace cnet::compiler::sema::shapes {

const std::map<const ir::VarInfo*, std::vector<Source>>& ShapeChecker::Sources(const ir::FunctionInfo& fn) {
    auto [it, fresh] = sources_.try_emplace(&fn);
    if (!fresh) return it->second;
    auto& out = it->second;
    auto local = [&](const ast::Node& n) -> const ir::VarInfo* {
        const ir::ExprInfo* info = ast::Isa<ast::NameExpr>(n) ? p_.Info(n) : nullptr;
        return info != nullptr ? info->local : nullptr;
    };
    auto untracked = [&](const ast::Node& target) {  // every name bound by `target` loses its shape
        ast::WalkPreorderWhile(target, [&](const ast::Node& n) {
            if (const ir::VarInfo* v = local(n)) out[v].push_back(Source{});
            return true;
        });
    };
    std::function<void(const ast::Node&, bool)> scan = [&](const ast::Node& root, bool nested) {
        ast::WalkPreorderWhile(root, [&](const ast::Node& n) {
            if (&n != &root && ast::IsNestedScope(n)) {
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
    for (const ast::Stmt* s : p_.Body(fn)) scan(*s, false);
    return out;
}

/// The one value assigned to local `v` (element index of it), when it has exactly one binding.
std::optional<Source> ShapeChecker::OnlySource(const ir::FunctionInfo& fn, const ir::VarInfo* v) {
    const auto& all = Sources(fn);
    auto it = all.find(v);
    if (v->is_param || it == all.end() || it->second.size() != 1 || it->second[0].value == nullptr) {
        return std::nullopt;
    }
    return it->second[0];
}

/// `value` if it is not unpacked, else element `index` of the tuple literal `value`.
const ast::Expr* ShapeChecker::Element(const Source& s) {
    if (s.index < 0) return s.value;
    const auto* tuple = ast::DynCast<ast::TupleExpr>(s.value);
    if (tuple == nullptr || s.index >= static_cast<int>(tuple->elements().size())) return nullptr;
    return tuple->elements()[s.index].get();
}

std::string ShapeChecker::Callee(const ast::CallExpr& e) const {
    TypeRef t = p_.TypeOf(e.func());
    if (t && (t->kind == TypeKind::kLibFunction || t->kind == TypeKind::kLibClass) && t->entry != nullptr) {
        return t->entry->QualifiedName();
    }
    return "";
}

std::string ShapeChecker::LibMethod(const ast::CallExpr& e) const {
    TypeRef t = p_.TypeOf(e.func());
    if (t && t->kind == TypeKind::kBoundMethod && t->entry != nullptr) return t->entry->name;
    return "";
}

/// The argument bound to parameter `name` (null when absent or defaulted); `given` says whether it was written.
const ast::Expr* ShapeChecker::Arg(const ast::CallExpr& e, const std::string& name, bool* given) const {
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

bool ShapeChecker::Given(const ast::CallExpr& e, const std::string& name) const {
    bool given = false;
    Arg(e, name, &given);
    return given;
}

std::optional<std::int64_t> ShapeChecker::IntValue(const ast::Expr& e, const ir::FunctionInfo* fn, int depth) {
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
std::optional<std::int64_t> ShapeChecker::InitParamValue(const ir::FunctionInfo& fn, const ir::VarInfo& v, int depth) {
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

Shape ShapeChecker::ShapeArg(const ast::Expr& e, const ir::FunctionInfo* fn) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) return IntList(t->elements(), fn);
    if (const auto* l = ast::DynCast<ast::ListExpr>(&e)) return IntList(l->elements(), fn);
    TypeRef type = p_.TypeOf(e);
    if (type && type->kind == TypeKind::kInt) return Dims{IntValue(e, fn).value_or(kUnknownDim)};
    return std::nullopt;
}

Shape ShapeChecker::IntList(const ast::ExprList& xs, const ir::FunctionInfo* fn) {
    Dims d;
    for (const auto& x : xs) {
        if (ast::Isa<ast::StarredExpr>(*x)) return std::nullopt;
        d.push_back(IntValue(*x, fn).value_or(kUnknownDim));
    }
    return d;
}

Shape ShapeChecker::Reshaped(const Shape& from, Dims to) {
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

std::optional<ShapeChecker::LinkCtor> ShapeChecker::LinkOf(const ast::Expr& callee, const Ctx& ctx) {
    const ir::ExprInfo* info = p_.Info(callee);
    if (info == nullptr) return std::nullopt;
    const ast::Expr* value = nullptr;
    const ir::FunctionInfo* where = nullptr;
    if (info->field != nullptr) {
        std::vector<std::pair<const ast::Expr*, const ir::FunctionInfo*>> found;
        for (const auto& cls : p_.classes) {
            for (const auto& m : cls->methods) {
                for (const ast::StmtPtr& s : Body(*m)) {
                    ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
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
std::optional<std::int64_t> ShapeChecker::LinkInt(const LinkCtor& link, const std::string& name) {
    const ast::Expr* v = Arg(*link.call, name);
    if (v == nullptr) return std::nullopt;
    return IntValue(*v, link.fn);
}

std::optional<ShapeChecker::Example> ShapeChecker::DatasetOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth) {
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
std::optional<ShapeChecker::Example> ShapeChecker::Builtin(const ast::CallExpr& c, const ir::FunctionInfo& fn) {
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
const ir::ClassInfo* ShapeChecker::PredictorOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth) {
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
const ir::ClassInfo* ShapeChecker::Constructed(const ast::Expr& e, const ir::FunctionInfo& fn, int depth) {
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
const ast::Expr* ShapeChecker::SetupTarget(const ast::Expr& opt, const ir::FunctionInfo& fn) {
    return OptimizerSetupTarget(p_, opt, fn);
}

}  // namespace cnet::compiler::sema::shapes
