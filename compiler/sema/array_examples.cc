// array_examples.cc — which batches hold examples that are bare arrays, for concat_examples' result type.
//
// Note [Datasets of arrays]
// Chainer's get_mnist(withlabel=False) is a plain array, so each example is an image and concat_examples of a
// batch of them is one array; a batch of (x, t) pairs gives a tuple. The runtime holds every example as a tuple
// of arrays (an unlabelled dataset holds 1-tuples), so the C++ types cannot tell the two apart. Sema does where
// the batch is traced, within one function, to a dataset of arrays:
// - the batch is `it.next()`, `it.__next__()` or `next(it)`, or a local bound only to one of them or as the
//   target of `for batch in it`;
// - `it` is a local bound only to SerialIterator / MultithreadIterator / MultiprocessIterator (or `with ... as`
//   one) over such a dataset;
// - the dataset is get_mnist, get_fashion_mnist, get_cifar10 or get_cifar100 with withlabel=False, an
//   ImageDataset, an ndarray or a list of ndarrays (Chainer takes any sequence: each row or array an example), a
//   slice of one, or a part of split_dataset(_random) of one, through locals bound only so.
// That concat_examples is typed ndarray and printed as cnet::dataset::concat_examples_of_arrays (a ValueError
// should an example hold other than one array). A batch traced no further keeps the tuple form (list[ndarray]),
// which is what `x, t = concat_examples(batch)` unpacks.
// In a StandardUpdater subclass (dcgan's `batch = self.get_iterator('main').next()` then
// `self.converter(batch, self.device)`), the main iterator is traced to every place the class is constructed
// with `iterator=` (a forwarding __init__ or none, Note [Forwarding constructors]): when each passes an iterator
// over arrays, traced in its own function, the converter's result is the one array (cnet::dataset::the_array_of).
#include <set>

#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

constexpr int kMaxDepth = 8;

/// One binding of a local: `value` (element `index` of it when the target was a tuple), or null when it is
/// bound in a way not traced (a parameter, `+=`, a nested target, an except name).
struct Binding {
    const ast::Expr* value = nullptr;
    int index = -1;
    bool loop = false;  // the target of `for name in value`
};

// The statements of `fn`'s body (the script's for the entry point made of it).
class Tracer {
  public:
    Tracer(const ir::Program& p, const std::vector<const ast::Stmt*>& body) : p_(p), body_(body) {}

    /// Whether what decides (a TransformDataset's transform's result) was not typed yet in this pass.
    bool waiting() const { return waiting_; }

    bool BatchOfArrays(const ast::Expr& batch, int depth) {
        if (depth > kMaxDepth) return false;
        // A list of arrays given as the batch (text_classification: `concat_examples(xs, padding=-1)`).
        if (const TypeRef t = p_.TypeOf(batch); t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kNdarray) return true;
        if (const auto* c = ast::DynCast<ast::CallExpr>(&batch)) return NextOfArrays(*c, depth);  // concat_examples(next(it))
        return ForEachBinding(batch, [&](const Binding& b) {
            if (b.loop) return IteratorOverArrays(*b.value, depth + 1);
            if (b.index >= 0) return false;
            const auto* c = ast::DynCast<ast::CallExpr>(b.value);
            return c != nullptr && NextOfArrays(*c, depth);
        });
    }

    /// `it.next()`, `it.__next__()` or `next(it)` of an iterator over arrays.
    bool NextOfArrays(const ast::CallExpr& c, int depth) {
        const TypeRef f = p_.TypeOf(c.func());
        if (f->kind == TypeKind::kBoundMethod && f->entry != nullptr &&
            (f->entry->name == "next" || f->entry->name == "__next__")) {
            const auto* attr = ast::DynCast<ast::AttributeExpr>(&c.func());
            return attr != nullptr && IteratorOverArrays(attr->value(), depth + 1);
        }
        return Callee(c) == "builtins.next" && c.args().size() == 1 && IteratorOverArrays(*c.args()[0], depth + 1);
    }

    /// Whether `e` (element `index` of it when it is a tuple of datasets) is a dataset of bare arrays.
    bool DatasetOfArrays(const ast::Expr& e, int index, int depth) {
        if (depth > kMaxDepth) return false;
        if (index < 0 && IsSequenceOfArrays(p_.TypeOf(e))) return true;
        if (ast::Isa<ast::NameExpr>(e)) {
            if (index >= 0) return false;  // a tuple held in a local: not traced
            return ForEachBinding(e, [&](const Binding& b) { return !b.loop && DatasetOfArrays(*b.value, b.index, depth + 1); });
        }
        return DatasetExprOfArrays(e, index, depth);
    }

  private:
    bool IteratorOverArrays(const ast::Expr& e, int depth) {
        if (depth > kMaxDepth) return false;
        if (ast::Isa<ast::NameExpr>(e)) {
            return ForEachBinding(e, [&](const Binding& b) { return !b.loop && b.index < 0 && IteratorOverArrays(*b.value, depth + 1); });
        }
        const auto* c = ast::DynCast<ast::CallExpr>(&e);
        if (c == nullptr) return false;
        if (const ir::ClassInfo* updater = MainIteratorOf(*c)) return UpdaterIteratesArrays(*updater, depth + 1);
        const std::string name = Callee(*c);
        if (name != "chainer.iterators.SerialIterator" && name != "chainer.iterators.MultithreadIterator" &&
            name != "chainer.iterators.MultiprocessIterator") {
            return false;
        }
        const ast::Expr* ds = Arg(*c, "dataset");
        return ds != nullptr && DatasetOfArrays(*ds, -1, depth + 1);
    }

    /// A dataset-valued expression that is not a local.
    bool DatasetExprOfArrays(const ast::Expr& e, int index, int depth) {
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&e)) {
            if (index < 0 && ast::Isa<ast::SliceExpr>(sub->index())) return DatasetOfArrays(sub->value(), -1, depth + 1);
            const auto* i = ast::DynCast<ast::IntLiteral>(&sub->index());  // get_mnist(withlabel=False)[0]
            return index < 0 && i != nullptr && DatasetOfArrays(sub->value(), static_cast<int>(i->value()), depth + 1);
        }
        const auto* c = ast::DynCast<ast::CallExpr>(&e);
        if (c == nullptr) return false;
        const std::string name = Callee(*c);
        if (index < 0 && name == "chainer.datasets.TransformDataset") {  // Note [Dataset transforms]
            const ast::Expr* transform = Arg(*c, "transform");
            const TypeRef f = transform != nullptr ? p_.TypeOf(*transform) : nullptr;
            if (f == nullptr || f->function == nullptr) return false;
            const TypeRef result = f->function->return_type;
            if (result == nullptr || !IsComplete(result)) waiting_ = true;  // typed by this very call: not yet
            return result != nullptr && result->kind == TypeKind::kNdarray;
        }
        if (index < 0) return name == "chainer.datasets.ImageDataset";
        if (name == "chainer.datasets.split_dataset" || name == "chainer.datasets.split_dataset_random") {
            const ast::Expr* ds = Arg(*c, "dataset");
            return ds != nullptr && DatasetOfArrays(*ds, -1, depth + 1);
        }
        if (name == "chainer.datasets.get_mnist" || name == "chainer.datasets.get_fashion_mnist" ||
            name == "chainer.datasets.get_cifar10" || name == "chainer.datasets.get_cifar100") {
            const auto* label = ast::DynCast<ast::BoolLiteral>(Arg(*c, "withlabel"));
            return label != nullptr && !label->value();
        }
        return false;
    }

    /// `self.get_iterator('main')` in a method of a user updater class: that class, else null.
    const ir::ClassInfo* MainIteratorOf(const ast::CallExpr& c) const {
        const TypeRef f = p_.TypeOf(c.func());
        const auto* attr = ast::DynCast<ast::AttributeExpr>(&c.func());
        if (f->kind != TypeKind::kBoundMethod || f->entry == nullptr || f->entry->name != "get_iterator" ||
            attr == nullptr || c.args().size() != 1) {
            return nullptr;
        }
        const auto* key = ast::DynCast<ast::StringLiteral>(c.args()[0].get());
        const TypeRef receiver = p_.TypeOf(attr->value());
        if (key == nullptr || key->value() != "main" || receiver->kind != TypeKind::kUserClass) return nullptr;
        return receiver->user_class;
    }

    /// Whether every construction of `cls` passes `iterator=` an iterator over arrays (at least one does).
    bool UpdaterIteratesArrays(const ir::ClassInfo& cls, int depth) {
        if (depth > kMaxDepth) return false;
        bool any = false, all = true;
        auto visit = [&](const ir::FunctionInfo& fn) {
            const std::vector<const ast::Stmt*> body = p_.Body(fn);
            for (const ast::Stmt* s : body) {
                ast::WalkPreorder(*s, [&](const ast::Node& n) {
                    const auto* c = ast::DynCast<ast::CallExpr>(&n);
                    if (c == nullptr || !all) return;
                    const TypeRef f = p_.TypeOf(c->func());
                    if (f->kind != TypeKind::kUserClassRef || f->user_class != &cls) return;
                    const ast::Expr* it = Arg(*c, "iterator");
                    Tracer there(p_, body);
                    all = it != nullptr && there.IteratorOverArrays(*it, depth + 1);
                    any = true;
                });
            }
        };
        for (const auto& fn : p_.functions) visit(*fn);
        for (const auto& c : p_.classes) {
            for (const auto& m : c->methods) visit(*m);
        }
        if (p_.entry != nullptr && p_.entry->def == nullptr) visit(*p_.entry);
        return any && all;
    }

    /// Calls `ok` on every binding of the local `name` in the body; true when there is one and all pass.
    template <typename F>
    bool ForEachBinding(const ast::Expr& name, F ok) {
        const auto* n = ast::DynCast<ast::NameExpr>(&name);
        const ir::ExprInfo* info = n != nullptr ? p_.Info(*n) : nullptr;
        if (info == nullptr || info->local == nullptr || info->local->is_param) return false;
        // `train = split_dataset(train, 100)[0]`: a binding from the local itself holds what its others do.
        if (!visiting_.insert(info->local).second) return true;
        const bool all = AllBindings(*n, ok);
        visiting_.erase(info->local);
        return all;
    }

    template <typename F>
    bool AllBindings(const ast::NameExpr& n, F ok) {
        std::vector<Binding> bindings;
        auto is_name = [&](const ast::Node& t) {
            const auto* tn = ast::DynCast<ast::NameExpr>(&t);
            return tn != nullptr && tn->id() == n.id();
        };
        auto untraced_if_bound = [&](const ast::Node& target) {
            ast::WalkPreorder(target, [&](const ast::Node& t) {
                if (is_name(t)) bindings.push_back(Binding{});
            });
        };
        for (const ast::Stmt* s : body_) {
            ast::WalkPreorderWhile(*s, [&](const ast::Node& node) {
                if (ast::IsNestedScope(node)) return false;
                if (const auto* a = ast::DynCast<ast::AssignStmt>(&node)) {
                    for (const auto& t : a->targets()) {
                        if (is_name(*t)) {
                            bindings.push_back(Binding{&a->value(), -1, false});
                        } else if (const auto* tuple = ast::DynCast<ast::TupleExpr>(t.get())) {
                            for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                                if (is_name(*tuple->elements()[i])) {
                                    bindings.push_back(Binding{&a->value(), static_cast<int>(i), false});
                                } else {
                                    untraced_if_bound(*tuple->elements()[i]);
                                }
                            }
                        } else {
                            untraced_if_bound(*t);
                        }
                    }
                } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&node)) {
                    if (is_name(ann->target())) bindings.push_back(Binding{ann->value(), -1, false});
                } else if (const auto* f = ast::DynCast<ast::ForStmt>(&node)) {
                    if (is_name(f->target())) {
                        bindings.push_back(Binding{&f->iter(), -1, true});
                    } else {
                        untraced_if_bound(f->target());
                    }
                } else if (const auto* w = ast::DynCast<ast::WithItem>(&node)) {
                    if (w->target() != nullptr && is_name(*w->target())) {
                        bindings.push_back(Binding{&w->context(), -1, false});
                    } else if (w->target() != nullptr) {
                        untraced_if_bound(*w->target());
                    }
                } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&node)) {
                    untraced_if_bound(aug->target());
                } else if (const auto* named = ast::DynCast<ast::NamedExpr>(&node)) {
                    untraced_if_bound(named->target());
                } else if (const auto* h = ast::DynCast<ast::ExceptHandler>(&node)) {
                    if (h->name() == n.id()) bindings.push_back(Binding{});
                }
                return true;
            });
        }
        if (bindings.empty()) return false;
        for (const Binding& b : bindings) {
            if (b.value == nullptr || !ok(b)) return false;
        }
        return true;
    }

    std::string Callee(const ast::CallExpr& c) const {
        const TypeRef f = p_.TypeOf(c.func());
        if ((f->kind == TypeKind::kLibFunction || f->kind == TypeKind::kLibClass) && f->entry != nullptr) {
            return f->entry->QualifiedName();
        }
        return "";
    }

    /// The argument bound to parameter `name` in this pass (null when absent or not bound yet).
    const ast::Expr* Arg(const ast::CallExpr& c, const std::string& name) const {
        const ir::CallInfo* call = p_.Call(c);
        if (call == nullptr) return nullptr;
        for (const ir::BoundArg& a : call->args) {
            if (a.spec != nullptr && a.spec->name == name) return a.value;
        }
        return nullptr;
    }

    const ir::Program& p_;
    const std::vector<const ast::Stmt*>& body_;
    std::set<const ir::VarInfo*> visiting_;
    bool waiting_ = false;
};

}  // namespace

std::optional<bool> Analyzer::ExamplesAreArrays(const ast::Expr& e) {
    if (fn_ == nullptr) return false;
    example_exprs_.emplace_back(&e, fn_);
    auto it = examples_are_arrays_.find(&e);
    if (it == examples_are_arrays_.end()) return std::nullopt;
    if (it->second) program_.array_examples.insert(&e);
    return it->second;
}

bool Analyzer::SettleArrayExamples() {
    bool changed = false;
    for (const auto& [e, fn] : example_exprs_) {
        const std::vector<const ast::Stmt*> body = program_.Body(*fn);
        Tracer tracer(program_, body);
        bool arrays = false;
        if (program_.iterated_datasets.count(e) != 0) {
            arrays = tracer.DatasetOfArrays(*e, -1, 0);
        } else if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(e)) {
            arrays = tracer.DatasetOfArrays(sub->value(), -1, 0);
        } else if (const ir::CallInfo* call = program_.Call(*e);
                   call != nullptr && !call->args.empty() && call->args[0].value != nullptr) {
            // (A batch whose type a call has yet to give, a forward's parameter, is decided once it has one.)
            if (!forward_params_default_ && !IsComplete(program_.TypeOf(*call->args[0].value))) continue;
            arrays = tracer.BatchOfArrays(*call->args[0].value, 0);
        }
        if (tracer.waiting() && !forward_params_default_) continue;
        // Decided once, after the first pass has bound every name: a later flip could not be joined into the
        // types already inferred from it.
        if (examples_are_arrays_.emplace(e, arrays).second) changed = true;
    }
    return changed;
}

}  // namespace cnet::compiler::sema
