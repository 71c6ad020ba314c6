// rebinding.cc — a local name rebound to a value of another type: one C++ variable per type, and which one each
// read means (Note [Rebinding to another type]).
#include <algorithm>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Note [Rebinding to another type]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Python lets a name hold values of different types over time, and Chainer code does it often (seq2seq):
//     def __call__(self, xs, ys):          # xs: a list of arrays
//         eys = self.embed_y(ys)           # a Variable
//         eys = F.split_axis(eys, n, 0)    # a list of Variables from here on
//         xs = chainer.Variable(xs[0])     # a parameter rebound to a Variable
// A C++ variable has one type. A name's *first* variable takes the first value assigned to it and every later
// value that joins its type (as before); an assignment of a value that does not fit it binds the name to a
// *version*: another C++ variable of the same name (`eys_2`), one per type, declared like any other local
// (analyzer_placement.cc). Which variable a read means comes from the forward walk sema makes anyway: a state
// (the variables each rebound name may be bound to) that assignments change and control flow merges:
//   - after `if`/`else`, the union of the branches' states (a branch that returns or raises adds nothing);
//   - at a loop's head, the state before the loop merged with the state at the end of its body and at each
//     `continue` (the previous fixpoint pass's, which sema repeats until nothing changes); after the loop, the
//     head's merged with the state at each `break`;
//   - in an `except` handler, any state the `try` body passed through.
// A read where the name may be bound to more than one variable is an error naming the types (it is a different
// value on different paths; the program assigns it on every path or uses two names), as is a read of a name with
// versions from a nested def or lambda (it would capture one of the variables). Module variables, which
// functions read, keep one type.

Analyzer::Bindings Analyzer::MergeBindings(const Bindings& a, const Bindings& b) {
    if (!a.reachable) return b;
    if (!b.reachable) return a;
    Bindings out;
    auto add = [&out](const Bindings& from, const Bindings& other) {
        for (const auto& [first, vars] : from.of) {
            std::set<ir::VarInfo*>& merged = out.of[first];
            merged.insert(vars.begin(), vars.end());
            // The other path left the name bound to its first variable.
            if (other.of.count(first) == 0) merged.insert(const_cast<ir::VarInfo*>(first));
        }
    };
    add(a, b);
    add(b, a);
    return out;
}

ir::VarInfo* Analyzer::SingleBinding(const ir::VarInfo& first) const {
    auto it = bindings_.of.find(&first);
    if (!bindings_.reachable || it == bindings_.of.end()) return const_cast<ir::VarInfo*>(&first);
    return it->second.size() == 1 ? *it->second.begin() : nullptr;
}

ir::VarInfo* Analyzer::BoundVariable(ir::VarInfo& first, const ast::NameExpr& read, bool nested) {
    if (first.versions.empty()) return &first;
    if (nested) {
        Error(read.range(), "'" + first.name + "' is rebound to values of other types in the function around this "
                            "one, so a nested function or lambda cannot read it; give the rebound values another name");
        return &first;
    }
    if (ir::VarInfo* bound = SingleBinding(first)) return bound;
    std::vector<std::string> types;
    for (const ir::VarInfo* v : bindings_.of.at(&first)) types.push_back("'" + PyName(v->type) + "'");
    std::sort(types.begin(), types.end());
    std::string listed;
    for (std::size_t i = 0; i < types.size(); ++i) {
        listed += (i == 0 ? "" : i + 1 == types.size() ? " or " : ", ") + types[i];
    }
    Error(read.range(), "'" + first.name + "' may be " + listed + " here, depending on the path taken to it (it is "
                        "rebound to another type above); assign it on every path, or give one of the values another name");
    return &first;
}

TypeRef Analyzer::BoundType(ir::VarInfo& first) const {
    const ir::VarInfo* bound = SingleBinding(first);
    return bound != nullptr ? bound->type : first.type;
}

// `def get_dbpedia(vocab=None): if vocab is None: vocab = make_vocab(train)` (text_classification): a parameter
// that is only ever None (its default; no call passes another value) takes a value assigned to it as `T | None`,
// the type a call passing a T would give it, not a new variable; narrowing then reads it as a T where it is one.
bool Analyzer::WidenNoneParameter(ir::VarInfo& first, const TypeRef& value) {
    if (!first.is_param || fn_ == nullptr || !value || !IsComplete(value)) return false;
    for (ir::ParamInfo& p : fn_->params) {
        if (p.name == first.name) return WidenNoneParameter(*fn_, p, value);
    }
    return false;
}

bool Analyzer::WidenNoneParameter(ir::FunctionInfo& fn, ir::ParamInfo& p, const TypeRef& value) {
    if (!p.type || p.type->kind != TypeKind::kNone || (p.param != nullptr && p.param->annotation() != nullptr) ||
        !value || value->kind == TypeKind::kNone || IsNever(value)) {
        return false;
    }
    const TypeRef widened = Join(p.type, value);
    if (!widened) return false;
    p.type = widened;
    if (ir::VarInfo* v = fn.FindLocal(p.name)) v->type = widened;
    changed_ = true;
    return true;
}

bool Analyzer::FitsFirst(const ir::VarInfo& first, const TypeRef& value) {
    const TypeRef& t = first.type;
    if (!t || t->kind == TypeKind::kUnknown || !value || value->kind == TypeKind::kUnknown || IsNever(value)) {
        return true;
    }
    // (a value of another data type makes a version, not an object: Note [Values typed at run time])
    if (first.is_param) {
        return !IsComplete(t) || !IsComplete(value) || (Assignable(value, t) && StaticJoin(t, value) != nullptr);
    }
    // (AnalyzeAssign: `loss = 0; loss += F.foo(x)`, and a number stored in an array name)
    if ((IsNumeric(t) && IsArrayLike(value)) || (IsArrayLike(t) && IsNumeric(value))) return true;
    return StaticJoin(t, value) != nullptr;
}

ir::VarInfo* Analyzer::VariableFor(ir::VarInfo& first, const TypeRef& value, const ast::Node& at) {
    if (ir::VarInfo* bound = SingleBinding(first);
        bound != nullptr && bound != &first && StaticJoin(bound->type, value)) {
        return bound;
    }
    if (WidenNoneParameter(first, value)) return &first;
    if (FitsFirst(first, value)) return &first;
    for (ir::VarInfo* v : first.versions) {
        if (StaticJoin(v->type, value) != nullptr) return v;
    }
    if (fn_ == nullptr || first.module_variable || first.in_comprehension || IsClassAlias(value) ||
        IsClassAlias(first.type)) {
        return &first;
    }
    std::string cpp_name;
    for (std::size_t n = first.versions.size() + 2;; ++n) {
        cpp_name = first.cpp_name + "_" + std::to_string(n);
        const bool taken = std::any_of(fn_->locals.begin(), fn_->locals.end(),
                                       [&](const auto& v) { return v->cpp_name == cpp_name; });
        if (!taken) break;
    }
    auto version = std::make_unique<ir::VarInfo>();
    version->name = first.name;
    version->cpp_name = cpp_name;
    version->type = value;
    version->version_of = &first;
    version->first_def = &at;
    version->hoisted = true;
    ir::VarInfo* v = version.get();
    first.versions.push_back(v);
    fn_->locals.push_back(std::move(version));
    changed_ = true;
    return v;
}

void Analyzer::BindTo(const ir::VarInfo& first, ir::VarInfo& var) {
    if (&var == &first) {
        bindings_.of.erase(&first);
    } else {
        bindings_.of[&first] = {&var};
    }
    for (Bindings* states : try_states_) *states = MergeBindings(*states, bindings_);
}

Analyzer::Bindings Analyzer::EnterLoopBindings(const ast::Stmt& loop) {
    loop_exits_.emplace_back();
    if (auto it = loop_end_bindings_.find({fn_, &loop}); it != loop_end_bindings_.end()) {
        bindings_ = MergeBindings(bindings_, it->second);
    }
    return bindings_;
}

void Analyzer::LeaveLoopBindings(const ast::Stmt& loop, const Bindings& head) {
    const LoopExits exits = loop_exits_.back();
    loop_exits_.pop_back();
    const Bindings end = MergeBindings(bindings_, exits.at_continue);
    auto [it, inserted] = loop_end_bindings_.try_emplace({fn_, &loop}, end);
    if (!inserted && !(it->second == end)) {
        it->second = end;
        changed_ = true;  // the head of the next pass starts from it
    } else if (inserted && !end.of.empty()) {
        changed_ = true;
    }
    bindings_ = MergeBindings(head, exits.at_break);
}

void Analyzer::LeaveToLoopExit(bool is_break) {
    if (!loop_exits_.empty()) {
        Bindings& exit = is_break ? loop_exits_.back().at_break : loop_exits_.back().at_continue;
        exit = MergeBindings(exit, bindings_);
    }
    bindings_.reachable = false;
}

}  // namespace cnet::compiler::sema
