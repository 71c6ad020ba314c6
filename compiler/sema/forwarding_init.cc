// forwarding_init.cc — `def __init__(self, *args, **kwargs)` of a library subclass passing its arguments on to
// the library base (Note [Forwarding constructors]); anywhere else *args / **kwargs parameters are rejected.
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {

// Note [Forwarding constructors]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Chainer's dcgan writes its updater as
//     class DCGANUpdater(chainer.training.updaters.StandardUpdater):
//         def __init__(self, *args, **kwargs):
//             self.gen, self.dis = kwargs.pop('models')
//             super(DCGANUpdater, self).__init__(*args, **kwargs)
// and constructs it with `DCGANUpdater(models=(gen, dis), iterator=..., optimizer={...}, device=...)`. Such an
// __init__ takes the names it pops (`kwargs.pop('name')`, or `kwargs.pop('name', default)` for an optional one)
// and, after them, the library constructor's own parameters: a call binds its arguments against both lists, so
// the library's names, defaults and argument checks apply as if the base were called directly. In C++ the
// popped names are the constructor's parameters and the library part builds the base object at the call site,
// passed last and moved into the base (`DCGANUpdater(models, StandardUpdater(iterator, {...}, {}, device))`).
// So the base exists before the body runs, wherever `super().__init__(*args, **kwargs)` stands in it: the
// statements before it may not read `self` (only assign its attributes), which keeps the order unobservable.
// `*args` and `**kwargs` are used only so (any other read of them is an error, in Analyzer::Name), and such
// parameters elsewhere are errors.

namespace {

// `kwargs.pop('name'...)`: the popped name, else empty.
std::string PoppedName(const ast::CallExpr& c, const std::string& kwargs) {
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&c.func());
    const auto* base = attr != nullptr ? ast::DynCast<ast::NameExpr>(&attr->value()) : nullptr;
    if (base == nullptr || base->id() != kwargs || attr->attr() != "pop") return {};
    if (c.args().empty() || c.args().size() > 2 || !c.keywords().empty()) return {};
    const auto* key = ast::DynCast<ast::StringLiteral>(c.args()[0].get());
    return key != nullptr ? key->value() : std::string();
}

// `super(...).__init__(*args, **kwargs)` with exactly those names.
bool IsForwardingSuperInit(const ast::CallExpr& c, const std::string& args, const std::string& kwargs) {
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&c.func());
    const auto* sup = attr != nullptr ? ast::DynCast<ast::CallExpr>(&attr->value()) : nullptr;
    const auto* name = sup != nullptr ? ast::DynCast<ast::NameExpr>(&sup->func()) : nullptr;
    if (name == nullptr || name->id() != "super" || attr->attr() != "__init__") return false;
    if (c.args().size() != 1 || c.keywords().size() != 1 || !c.keywords()[0]->IsDoubleStar()) return false;
    const auto* star = ast::DynCast<ast::StarredExpr>(c.args()[0].get());
    const auto* a = star != nullptr ? ast::DynCast<ast::NameExpr>(&star->value()) : nullptr;
    const auto* k = ast::DynCast<ast::NameExpr>(&c.keywords()[0]->value());
    return a != nullptr && a->id() == args && k != nullptr && k->id() == kwargs;
}

}  // namespace

void Analyzer::SetUpForwardingInits() {
    report_ = true;  // run once, before the fixpoint
    auto reject = [&](const ir::FunctionInfo& fn) {
        const ast::Param* first = fn.var_args != nullptr ? fn.var_args : fn.var_kwargs;
        if (first == nullptr) return;
        std::string names;
        if (fn.var_args != nullptr) names = "'*" + fn.var_args->name() + "'";
        if (fn.var_kwargs != nullptr) names += (names.empty() ? "'**" : " and '**") + fn.var_kwargs->name() + "'";
        Error(first->range(), names + " parameters are not supported; take a list parameter instead" +
                                  (fn.is_init ? std::string(" (an __init__ of a StandardUpdater subclass may pass *args, "
                                                            "**kwargs on with super().__init__(*args, **kwargs))")
                                              : std::string()));
    };
    for (auto& fn : program_.functions) reject(*fn);
    for (auto& fn : program_.closures) reject(*fn);
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) {
            ir::FunctionInfo& fn = *m;
            if (fn.var_args == nullptr && fn.var_kwargs == nullptr) continue;
            const BuiltinEntry* ctor = fn.is_init ? LibraryConstructor(*cls) : nullptr;
            const std::string args = fn.var_args != nullptr ? fn.var_args->name() : "";
            const std::string kwargs = fn.var_kwargs != nullptr ? fn.var_kwargs->name() : "";
            const ast::CallExpr* super_init = nullptr;
            std::vector<const ast::CallExpr*> pops;
            if (ctor != nullptr && fn.var_args != nullptr && fn.var_kwargs != nullptr) {
                ast::WalkPreorder(*fn.def, [&](const ast::Node& n) {
                    const auto* c = ast::DynCast<ast::CallExpr>(&n);
                    if (c == nullptr) return;
                    if (IsForwardingSuperInit(*c, args, kwargs)) super_init = c;
                    if (!PoppedName(*c, kwargs).empty()) pops.push_back(c);
                });
            }
            if (super_init == nullptr) {
                reject(fn);
                continue;
            }
            fn.forwarded_ctor = ctor;
            for (const ast::CallExpr* pop : pops) {
                const std::string name = PoppedName(*pop, kwargs);
                std::size_t index = fn.params.size();
                for (std::size_t i = 0; i < fn.params.size(); ++i) {
                    if (fn.params[i].name == name) index = i;
                }
                if (index == fn.params.size()) {
                    ir::ParamInfo p;
                    p.name = name;
                    p.cpp_name = "kw_" + CppIdentifier(name);  // no local or member of the class hides it
                    p.param = fn.var_kwargs;
                    p.default_value = pop->args().size() == 2 ? pop->args()[1].get() : nullptr;
                    p.type = types::Unknown();
                    fn.params.push_back(p);
                }
                program_.kwargs_pops[pop] = index;
            }
        }
    }
}

// `super().__init__(*args, **kwargs)` of a forwarding __init__: the base is built at the call site. The
// statements before it may not read `self` (Note [Forwarding constructors]).
TypeRef Analyzer::ForwardingSuperInit(const ast::CallExpr& e) {
    for (const ast::StmtPtr& s : fn_->def->body()) {
        bool is_call = false;
        ast::WalkPreorder(*s, [&](const ast::Node& n) { is_call = is_call || &n == &e; });
        if (is_call) break;
        std::unordered_set<const ast::Node*> stored;  // `self.x` as an assignment target
        if (const auto* a = ast::DynCast<ast::AssignStmt>(s.get())) {
            for (const auto& t : a->targets()) {
                ast::WalkPreorder(*t, [&](const ast::Node& n) {
                    if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&n)) stored.insert(&attr->value());
                });
            }
        }
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            const auto* name = ast::DynCast<ast::NameExpr>(&n);
            if (name != nullptr && name->id() == "self" && stored.count(&n) == 0) {
                Error(n.range(), "'self' is read before super().__init__(*args, **kwargs); the base object is built "
                                 "from the arguments before the body runs, so move this after that call");
            }
        });
    }
    return types::None();
}

bool Analyzer::KwargsPop(const ast::CallExpr& e, TypeRef* type) {
    auto it = program_.kwargs_pops.find(&e);
    if (it == program_.kwargs_pops.end() || fn_ == nullptr || fn_->forwarded_ctor == nullptr) return false;
    const ir::ParamInfo& p = fn_->params[it->second];
    if (e.args().size() == 2) {
        TypeRef d = Expr(*e.args()[1], p.type);
        if (!Assignable(d, p.type)) {
            Error(e.args()[1]->range(), "the default of '" + p.name + "' has type '" + PyName(d) + "' but the calls "
                                        "pass a '" + PyName(p.type) + "'");
        }
    }
    *type = p.type;
    return true;
}

void Analyzer::ConstructForwarding(const ast::CallExpr& e, ir::FunctionInfo& init, const std::string& what) {
    init.called = true;
    std::vector<BindParam> params = UserParams(init);
    const std::size_t own = params.size();
    for (BindParam& b : params) b.keyword_only = true;  // positional arguments go to *args, the base's
    for (BindParam& b : LibParams(*init.forwarded_ctor)) params.push_back(b);
    ir::CallInfo call;
    if (!Bind(e, what, params, call)) {
        for (const auto& a : e.args()) Expr(*a);
        for (const auto& k : e.keywords()) Expr(k->value());
        program_.CallSlot(e) = call;
        return;
    }
    ir::CallInfo popped, base;
    popped.args.assign(call.args.begin(), call.args.begin() + static_cast<std::ptrdiff_t>(own));
    base.args.assign(call.args.begin() + static_cast<std::ptrdiff_t>(own), call.args.end());
    UserArgTypes(&init, popped, what);
    CheckArgTypes(e, init.forwarded_ctor->name, base);
    popped.args.insert(popped.args.end(), base.args.begin(), base.args.end());
    program_.CallSlot(e) = popped;
}

}  // namespace cnet::compiler::sema
