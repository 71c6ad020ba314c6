// shared_containers.cc — where a second name for a list, dict or set would show that cnet copied it.
//
// Note [Two names for one list]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Python's `b = a` (and `xs = self.items`) binds a second name to the same list; cnet's lists, dicts and sets are
// values, so the C++ copies it. The two agree until one of them is changed in place and the other is read
// afterwards: `xs = self.items; xs.append(v)` leaves the attribute as it was, where Python changed it. Rather than
// run such a program with other results, cnetc rejects it at the assignment, naming the change, and says what to
// write: change the original itself, or copy explicitly (`list(a)`, `copy.copy(d)`) where a copy is meant; the
// same for a `for` loop's name over a list of lists that the loop changes in place. It looks
// within one function, in source order: a name bound to a local, a parameter or an attribute of `self` of container
// type, then changed in place (a mutating method, an item store or deletion, `+=`) while the other is read later
// (an attribute of `self` always is: other methods read it), or the other way round, with neither name bound to
// anything else after the assignment.
#include <map>
#include <string>
#include <vector>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

using Position = std::pair<std::uint32_t, std::uint32_t>;  // line, column

Position At(const ast::Node& n) { return {n.range().begin.line, n.range().begin.column}; }

// `name` or `self.attr`: the path a container is read through; empty for anything else.
std::string PathOf(const ast::Expr& e) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) return n->id();
    const auto* a = ast::DynCast<ast::AttributeExpr>(&e);
    const auto* self = a != nullptr ? ast::DynCast<ast::NameExpr>(&a->value()) : nullptr;
    return self != nullptr && self->id() == "self" ? "self." + a->attr() : "";
}

bool IsMutatingMethod(const std::string& m) {
    return m == "append" || m == "extend" || m == "insert" || m == "pop" || m == "remove" || m == "clear" ||
           m == "reverse" || m == "sort" || m == "update" || m == "add" || m == "discard" || m == "setdefault" ||
           m == "popitem";
}

}  // namespace

// What one function does with each path, in source order.
struct Analyzer::ContainerUses {
    std::map<std::string, std::vector<std::pair<Position, const ast::Node*>>> changes;  // changed in place at
    std::map<std::string, std::vector<Position>> reads;
    std::map<std::string, std::vector<Position>> bindings;  // bound to another object at
};

namespace {

using Uses = Analyzer::ContainerUses;

void Collect(const ast::Node& body, Uses& uses) {
    auto item_target = [&](const ast::Expr& t, const ast::Node& at) {
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&t)) {
            const std::string p = PathOf(sub->value());
            if (!p.empty()) uses.changes[p].emplace_back(At(at), &at);
        }
    };
    auto bound = [&](const ast::Expr& t) {
        const std::string p = PathOf(t);
        if (!p.empty()) uses.bindings[p].push_back(At(t));
    };
    ast::WalkPreorderWhile(body, [&](const ast::Node& n) {
        if (&n != &body && ast::IsNestedScope(n)) return false;
        if (const auto* c = ast::DynCast<ast::CallExpr>(&n)) {
            const auto* m = ast::DynCast<ast::AttributeExpr>(&c->func());
            const std::string p = m != nullptr ? PathOf(m->value()) : "";
            if (!p.empty() && IsMutatingMethod(m->attr())) uses.changes[p].emplace_back(At(n), &n);
        } else if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
            for (const auto& t : a->targets()) {
                item_target(*t, n);
                bound(*t);
            }
        } else if (const auto* g = ast::DynCast<ast::AugAssignStmt>(&n)) {
            item_target(g->target(), n);
            const std::string p = PathOf(g->target());
            if (!p.empty()) uses.changes[p].emplace_back(At(n), &n);  // `xs += [...]` extends the list itself
        } else if (const auto* d = ast::DynCast<ast::DelStmt>(&n)) {
            for (const auto& t : d->targets()) item_target(*t, n);
        } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
            bound(f->target());
        }
        if (const auto* e = ast::DynCast<ast::Expr>(&n)) {
            const std::string p = PathOf(*e);
            if (!p.empty()) uses.reads[p].push_back(At(n));
        }
        return true;
    });
}

bool AnyAfter(const std::vector<Position>& at, Position p) {
    for (const Position& q : at) {
        if (q > p) return true;
    }
    return false;
}

// The first change of `changed` after `from` that a read of `other` follows (or any, for an attribute), or null.
const ast::Node* ObservedChange(const Uses& uses, const std::string& changed, const std::string& other, Position from) {
    const auto c = uses.changes.find(changed);
    if (c == uses.changes.end()) return nullptr;
    const auto r = uses.reads.find(other);
    for (const auto& [at, node] : c->second) {
        if (at <= from) continue;
        if (other.rfind("self.", 0) == 0 || (r != uses.reads.end() && AnyAfter(r->second, at))) return node;
    }
    return nullptr;
}

}  // namespace

void Analyzer::CheckSharedContainers(const std::vector<const ast::Node*>& roots) {
    ContainerUses uses;
    for (const ast::Node* root : roots) Collect(*root, uses);
    for (const ast::Node* root : roots) {
        ast::WalkPreorderWhile(*root, [&](const ast::Node& n) {
            if (&n != root && ast::IsNestedScope(n)) return false;
            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) CheckSecondName(*a, uses);
            if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) CheckLoopName(*f, uses);
            return true;
        });
    }
}

void Analyzer::CheckSecondName(const ast::AssignStmt& a, const ContainerUses& uses) {
    if (a.targets().size() != 1) return;
    const auto* target = ast::DynCast<ast::NameExpr>(a.targets()[0].get());
    const std::string source = PathOf(a.value());
    if (target == nullptr || source.empty() || source == target->id()) return;
    const TypeRef t = program_.TypeOf(a.value());
    if (t->kind != TypeKind::kList && t->kind != TypeKind::kDict && t->kind != TypeKind::kSet) return;
    const Position at = At(a);
    auto rebound_after = [&](const std::string& p) {
        const auto b = uses.bindings.find(p);
        if (b == uses.bindings.end()) return false;
        for (const Position& q : b->second) {
            if (q > at && q != At(*a.targets()[0])) return true;
        }
        return false;
    };
    if (rebound_after(target->id()) || rebound_after(source)) return;
    const ast::Node* change = ObservedChange(uses, target->id(), source, at);
    const bool through_copy = change != nullptr;
    if (change == nullptr) change = ObservedChange(uses, source, target->id(), at);
    if (change == nullptr) return;
    const std::string kind = t->kind == TypeKind::kList ? "list" : t->kind == TypeKind::kDict ? "dict" : "set";
    const std::string copy = t->kind == TypeKind::kDict ? "copy.copy(" + source + ")" : kind + "(" + source + ")";
    const std::string changed = through_copy ? target->id() : source;
    const std::string read = through_copy ? source : target->id();
    const std::string instead = through_copy ? "change '" + source + "' itself" : "read '" + source + "' itself";
    Error(a.range(), "in Python '" + target->id() + "' is the same " + kind + " as '" + source + "', and '" + changed +
                         "' is changed in place on line " + std::to_string(change->range().begin.line) + " while '" +
                         read + "' is read " + (read.rfind("self.", 0) == 0 ? "elsewhere" : "after it") +
                         "; cnet's " + kind + "s are values, so this assignment would copy it: " + instead +
                         ", or write '" + target->id() + " = " + copy + "' where a copy is meant (Note [Two names "
                         "for one list])");
}

// `for row in rows: row.append(x)`: in Python each `row` is the list in `rows`.
void Analyzer::CheckLoopName(const ast::ForStmt& f, const ContainerUses& uses) {
    const auto* target = ast::DynCast<ast::NameExpr>(&f.target());
    const std::string source = PathOf(f.iter());
    const TypeRef t = program_.TypeOf(f.iter());
    if (target == nullptr || source.empty() || t->kind != TypeKind::kList) return;
    const TypeKind element = t->args[0]->kind;
    if (element != TypeKind::kList && element != TypeKind::kDict && element != TypeKind::kSet) return;
    const auto changes = uses.changes.find(target->id());
    if (changes == uses.changes.end()) return;
    for (const auto& [at, node] : changes->second) {
        if (at < At(f) || at > Position{f.range().end.line, f.range().end.column}) continue;
        Error(f.target().range(), "in Python each '" + target->id() + "' is an element of '" + source + "' itself, "
                                  "changed in place on line " + std::to_string(node->range().begin.line) +
                                  "; cnet's lists are values, so the loop would change a copy: loop over the "
                                  "indices and change '" + source + "[i]' (Note [Two names for one list])");
        return;
    }
}

void Analyzer::CheckSharedContainersEverywhere() {
    auto check = [&](const ir::FunctionInfo& fn) {
        const ast::Node* body = fn.def != nullptr ? static_cast<const ast::Node*>(fn.def) : fn.lambda;
        if (body == nullptr || fn.unused) return;
        ir::InstanceScope facts(program_, fn);  // Note [Generic functions]
        CheckSharedContainers({body});
    };
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) check(*m);
    }
    for (auto& fn : program_.functions) check(*fn);
    if (program_.script_function != nullptr && program_.entry == program_.script_function.get()) {
        ir::InstanceScope facts(program_, *program_.script_function);  // the module's statements
        CheckSharedContainers(std::vector<const ast::Node*>(program_.script.begin(), program_.script.end()));
    }
}

}  // namespace cnet::compiler::sema
