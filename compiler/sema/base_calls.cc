// base_calls.cc — a base class's constructor and methods called by name, and the construction of a user class
// derived from another user class. C++ constructs the base before the derived constructor's body runs, so the
// base's constructor arguments come from `super().__init__(args)` as the first statement (checked where the call
// is analyzed, analyzer_call.cc); a derived `__init__` that never calls it leaves C++ no way to construct a base
// whose `__init__` takes arguments.
#include <set>

#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// `chainer.Chain.__init__(self)` or `Base.__init__(self)` (imagenet's models): the base class's constructor called
// by name, as Python 2 code does. Without arguments beyond self it is super().__init__(); with arguments, the
// message says to write that.
bool Analyzer::ExplicitBaseInit(const ast::CallExpr& e) {
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func());
    if (attr == nullptr || attr->attr() != "__init__" || cls_ == nullptr || fn_ == nullptr || !fn_->is_init) return false;
    const auto* self = e.args().empty() ? nullptr : ast::DynCast<ast::NameExpr>(e.args()[0].get());
    if (self == nullptr || self->id() != "self") return false;
    const TypeRef base = Expr(attr->value());
    const ir::ClassInfo* root = cls_;  // the class deriving from the library class
    while (root->user_base != nullptr) root = root->user_base;
    const bool lib_base =
        base->kind == TypeKind::kLibClass && base->lib_type != nullptr &&
        ((base->lib_type->name == "Chain" && root->kind == ir::ClassInfo::Kind::kChain) ||
         (base->lib_type->name == "ChainList" && root->kind == ir::ClassInfo::Kind::kChainList) ||
         (base->lib_type->name == "Link" && root->kind == ir::ClassInfo::Kind::kLink) ||
         (root->lib_base != nullptr && base->lib_type == root->lib_base));
    const bool user_base = base->kind == TypeKind::kUserClassRef && base->user_class == cls_->user_base &&
                           cls_->user_base != nullptr;
    if (!lib_base && !user_base) return false;
    if (e.args().size() > 1 || !e.keywords().empty()) {
        Error(e.range(), "write the base class's constructor call as 'super().__init__(...)'");
    } else if (cls_->user_base != nullptr && cls_->user_base->Init() != nullptr &&
               !cls_->user_base->Init()->params.empty()) {
        Error(e.range(), "the base class '" + cls_->user_base->name + "' takes arguments to construct; call "
                         "'super().__init__(...)' with them first");
    } else if (lib_base && cls_->user_base != nullptr) {
        CheckSkippedBaseInit(e);
    }
    program_.base_init_calls.insert(&e);
    return true;
}

namespace {

// The attributes `self.x = ...` assigns in `fn`'s body (not in nested functions).
std::set<std::string> AssignedSelfAttributes(const ir::FunctionInfo& fn) {
    std::set<std::string> out;
    if (fn.def == nullptr) return out;
    auto target = [&](const ast::Node& t) {
        ast::WalkPreorderWhile(t, [&](const ast::Node& n) {
            const auto* a = ast::DynCast<ast::AttributeExpr>(&n);
            const auto* self = a != nullptr ? ast::DynCast<ast::NameExpr>(&a->value()) : nullptr;
            if (self != nullptr && self->id() == "self") out.insert(a->attr());
            return a == nullptr;
        });
    };
    for (const ast::StmtPtr& s : fn.def->body()) {
        ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
            if (ast::IsNestedScope(n)) return false;
            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                for (const auto& t : a->targets()) target(*t);
            } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n)) {
                target(ann->target());
            }
            return true;
        });
    }
    return out;
}

}  // namespace

// `chainer.Chain.__init__(self)` in a class derived from a user class (imagenet's AlexFp16(Alex)) skips the user
// bases' __init__, which C++ cannot: it constructs the base first. That is the same object only when this
// __init__ assigns again every attribute the skipped ones assign (AlexFp16 makes all of Alex's links anew, in
// float16), so each one it does not is an error.
void Analyzer::CheckSkippedBaseInit(const ast::CallExpr& e) {
    const std::set<std::string> here = AssignedSelfAttributes(*fn_);
    std::vector<std::string>& skipped = program_.skipped_base_attributes[&e];
    skipped.clear();
    for (const ir::ClassInfo* b = cls_->user_base; b != nullptr; b = b->user_base) {
        const ir::FunctionInfo* init = nullptr;
        for (const auto& m : b->methods) {
            if (m->is_init) init = m.get();
        }
        if (init == nullptr) continue;
        for (const std::string& attr : AssignedSelfAttributes(*init)) {
            if (here.count(attr) != 0) {
                skipped.push_back(attr);
                continue;
            }
            Error(e.range(), "this skips '" + b->name + ".__init__', which C++ cannot do (it constructs the base "
                             "class first), and '" + b->name + ".__init__' sets 'self." + attr + "', which this "
                             "'__init__' does not; call 'super().__init__()' instead, or set 'self." + attr + "' here");
            return;
        }
    }
}

// `Alex.__call__(self, x, t)` / `Base.method(self, ...)` in a method of a class derived from Base: Base's method
// itself, not an override (imagenet's AlexFp16 casts its input to float16 and calls Alex's forward). C++ calls it
// qualified, `Alex::forward(...)`. Null when `e` is not such a call.
TypeRef Analyzer::ExplicitBaseMethodCall(const ast::CallExpr& e) {
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func());
    if (attr == nullptr || attr->attr() == "__init__" || cls_ == nullptr || fn_ == nullptr) return nullptr;
    const auto* self = e.args().empty() ? nullptr : ast::DynCast<ast::NameExpr>(e.args()[0].get());
    if (self == nullptr || self->id() != "self") return nullptr;
    const auto* base_name = ast::DynCast<ast::NameExpr>(&attr->value());
    if (base_name == nullptr) return nullptr;
    const TypeRef base = Expr(*base_name);
    if (base->kind != TypeKind::kUserClassRef || !UserDerives(cls_, base->user_class)) return nullptr;
    ir::FunctionInfo* method = base->user_class->FindMethod(attr->attr());
    if (method == nullptr) return nullptr;
    Expr(*self);
    method->called = true;
    ir::CallInfo call;
    const std::string what = base->user_class->name + "." + attr->attr();
    if (!Bind(e, what, UserParams(*method), call, 1)) {
        for (std::size_t i = 1; i < e.args().size(); ++i) Expr(*e.args()[i]);
        for (const auto& k : e.keywords()) Expr(k->value());
        return types::Unknown();
    }
    UserArgTypes(method, call, what);
    program_.CallSlot(e) = call;
    program_.base_method_calls[&e] = method;
    return method->return_type ? method->return_type : types::Unknown();
}


void Analyzer::CheckBaseConstruction() {
    for (auto& cls : program_.classes) {
        if (cls->user_base == nullptr) continue;
        const ir::FunctionInfo* base_init = cls->user_base->Init();
        if (base_init == nullptr || base_init->params.empty()) continue;
        for (auto& m : cls->methods) {
            if (!m->is_init || m->base_init_call != nullptr || m->def == nullptr) continue;
            Error(m->def->name_range(), "'" + cls->name + ".__init__' must call 'super().__init__(...)' first: the "
                                        "base class '" + cls->user_base->name + "' takes arguments to construct");
        }
    }
}

}  // namespace cnet::compiler::sema
