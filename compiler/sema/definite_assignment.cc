// definite_assignment.cc — reads of a local before it is assigned (Note [Definite assignment]).
//
// Note [Definite assignment]
// Python raises UnboundLocalError (NameError at module level) when a local is read while it holds no value; the
// C++ that codegen writes would read a default-constructed value instead (a null handle: a crash). Each read is
// classified by a forward pass over the function body that tracks, at every point, the locals assigned on every
// path to it (`definite`) and those assigned on some path (`possible`):
//   definite        nothing to do;
//   possible only   the read is checked at run time: the local gets an "assigned" flag that every assignment sets,
//                   and the read raises UnboundLocalError naming the .cnet line when the flag is false
//                   (ir::VarInfo::check_assigned, ir::Program::checked_reads) — exactly Python's behaviour;
//   neither         a compile error: no path assigns the local before this read, so the read always fails.
// Loops: a local assigned anywhere in a loop body may be assigned at the loop's head (a later iteration);
// `while True` leaves only through `break`. Code after return/raise/break/continue is unreachable and unchecked.
// Statements the pass does not model (nested def/class, future forms) count as assigning every local they name.
#include <set>
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

using VarSet = std::set<const ir::VarInfo*>;

struct State {
    bool reachable = true;
    VarSet definite;
    VarSet possible;
};

State Join(const State& a, const State& b) {
    if (!a.reachable) return b;
    if (!b.reachable) return a;
    State out;
    for (const ir::VarInfo* v : a.definite) {
        if (b.definite.count(v) != 0) out.definite.insert(v);
    }
    out.possible = a.possible;
    out.possible.insert(b.possible.begin(), b.possible.end());
    return out;
}

State Unreachable() {
    State s;
    s.reachable = false;
    return s;
}

// Children of `root` in source order, without recursion (deeply nested input must not exhaust the stack).
template <typename Fn>
void WalkIteratively(const ast::Node& root, Fn&& visit) {
    std::vector<const ast::Node*> stack{&root};
    while (!stack.empty()) {
        const ast::Node* n = stack.back();
        stack.pop_back();
        if (!visit(*n)) continue;  // false: do not descend
        std::vector<const ast::Node*> children;
        ast::ForEachChild(*n, [&](const char*, const ast::Node& child) { children.push_back(&child); });
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
}

class DefiniteAssignment {
public:
    DefiniteAssignment(ir::Program& program, ir::FunctionInfo& fn, bool module_level)
        : program_(program), fn_(fn), module_level_(module_level) {
        for (const auto& v : fn.locals) {
            if (!v->is_param && !v->in_comprehension) tracked_.insert(v.get());
        }
    }

    template <typename List>
    void Run(const List& body) {
        State start;
        Block(body, start);
        for (ir::VarInfo* v : flagged_) {
            if (other_binding_.count(v) != 0) continue;  // bound where codegen sets no flag: leave it unchecked
            v->check_assigned = true;
            v->hoisted = true;  // the flag and the value live at function scope
            for (const ast::Node* read : maybe_reads_[v]) program_.checked_reads.insert(read);
        }
    }

    /// Reads that no path assigns before: each a compile error.
    std::vector<std::pair<const ast::NameExpr*, const ir::VarInfo*>> never;
    bool module_level() const { return module_level_; }

private:
    ir::VarInfo* Local(const ast::Node& n) const {
        const auto* name = ast::DynCast<ast::NameExpr>(&n);
        if (name == nullptr) return nullptr;
        const ir::ExprInfo* info = program_.Info(n);
        if (info == nullptr || info->local == nullptr) return nullptr;
        auto* v = const_cast<ir::VarInfo*>(info->local);
        return tracked_.count(v) != 0 ? v : nullptr;
    }

    static void Bind(const ir::VarInfo* v, State& st) {
        st.definite.insert(v);
        st.possible.insert(v);
    }

    void Read(const ast::Node& e, State& st) {
        if (!st.reachable) return;
        std::vector<const ast::Expr*> walrus_targets;
        WalkIteratively(e, [&](const ast::Node& n) {
            if (ast::Isa<ast::LambdaExpr>(n)) return false;  // its own scope, run later
            if (const auto* named = ast::DynCast<ast::NamedExpr>(&n)) {
                walrus_targets.push_back(&named->target());
                Read(named->value(), st);
                return false;
            }
            if (ir::VarInfo* v = Local(n)) {
                if (st.definite.count(v) != 0) return false;
                if (st.possible.count(v) != 0) {
                    flagged_.insert(v);
                    maybe_reads_[v].push_back(&n);
                } else {
                    never.emplace_back(&ast::Cast<ast::NameExpr>(n), v);
                }
            }
            return true;
        });
        for (const ast::Expr* t : walrus_targets) Target(*t, st, /*via_assign=*/false);
    }

    // An assignment target: names are bound, the containers of attribute and item targets are read.
    void Target(const ast::Expr& t, State& st, bool via_assign) {
        if (ir::VarInfo* v = Local(t)) {
            if (!via_assign) other_binding_.insert(v);
            if (st.reachable) Bind(v, st);
        } else if (const auto* a = ast::DynCast<ast::AttributeExpr>(&t)) {
            Read(a->value(), st);
        } else if (const auto* s = ast::DynCast<ast::SubscriptExpr>(&t)) {
            Read(s->value(), st);
            Read(s->index(), st);
        } else if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&t)) {
            for (const auto& el : tuple->elements()) Target(*el, st, via_assign);
        } else if (const auto* list = ast::DynCast<ast::ListExpr>(&t)) {
            for (const auto& el : list->elements()) Target(*el, st, via_assign);
        } else if (const auto* star = ast::DynCast<ast::StarredExpr>(&t)) {
            Target(star->value(), st, via_assign);
        } else {
            Read(t, st);
        }
    }

    // The locals an assignment target binds (`a, (b, c)`), into `out`.
    void TargetNames(const ast::Expr& t, VarSet& out) const {
        if (ir::VarInfo* v = Local(t)) {
            out.insert(v);
        } else if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&t)) {
            for (const auto& el : tuple->elements()) TargetNames(*el, out);
        } else if (const auto* list = ast::DynCast<ast::ListExpr>(&t)) {
            for (const auto& el : list->elements()) TargetNames(*el, out);
        } else if (const auto* star = ast::DynCast<ast::StarredExpr>(&t)) {
            TargetNames(star->value(), out);
        }
    }

    void NamedLocal(const std::string& name, VarSet& out) const {
        if (ir::VarInfo* v = fn_.FindLocal(name); v != nullptr && tracked_.count(v) != 0) out.insert(v);
    }

    static bool Modelled(const ast::Node& n) {
        switch (n.kind()) {
            case ast::NodeKind::kFunctionDef:
            case ast::NodeKind::kClassDef: return false;
            default: return true;
        }
    }

    // Every local a statement list may assign (anywhere inside it), for loop heads and exception handlers.
    template <typename List>
    VarSet AssignedIn(const List& body) const {
        VarSet out;
        for (const auto& s : body) {
            WalkIteratively(*s, [&](const ast::Node& n) {
                if (ast::Isa<ast::LambdaExpr>(n)) return false;
                if (ast::Isa<ast::Stmt>(n) && !Modelled(n)) {  // counts as assigning every local it names
                    if (const auto* def = ast::DynCast<ast::FunctionDef>(&n)) NamedLocal(def->name(), out);
                    if (const auto* cls = ast::DynCast<ast::ClassDef>(&n)) NamedLocal(cls->name(), out);
                    WalkIteratively(n, [&](const ast::Node& m) {
                        if (ir::VarInfo* v = Local(m)) out.insert(v);
                        return true;
                    });
                    return false;
                }
                if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                    for (const auto& t : a->targets()) TargetNames(*t, out);
                } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                    TargetNames(aug->target(), out);
                } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n); ann != nullptr && ann->value()) {
                    TargetNames(ann->target(), out);
                } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
                    TargetNames(f->target(), out);
                } else if (const auto* w = ast::DynCast<ast::WithItem>(&n); w != nullptr && w->target()) {
                    TargetNames(*w->target(), out);
                } else if (const auto* named = ast::DynCast<ast::NamedExpr>(&n)) {
                    TargetNames(named->target(), out);
                } else if (const auto* h = ast::DynCast<ast::ExceptHandler>(&n); h != nullptr && !h->name().empty()) {
                    NamedLocal(h->name(), out);
                }
                return true;
            });
        }
        return out;
    }

    template <typename List>
    void Block(const List& body, State& st) {
        for (const auto& s : body) Stmt(*s, st);
    }

    static bool AlwaysTrue(const ast::Expr& test) {
        if (const auto* b = ast::DynCast<ast::BoolLiteral>(&test)) return b->value();
        if (const auto* i = ast::DynCast<ast::IntLiteral>(&test)) return i->value() != 0;
        return false;
    }

    template <typename List>
    void Loop(const List& body, const List& orelse, State& st, const ast::Expr* target, const ast::Expr* test) {
        State head = st;
        if (head.reachable) {
            for (const ir::VarInfo* v : AssignedIn(body)) head.possible.insert(v);
            if (target != nullptr) TargetNames(*target, head.possible);
        }
        if (test != nullptr) Read(*test, head);
        State iteration = head;
        if (target != nullptr) Target(*target, iteration, true);
        breaks_.emplace_back();
        Block(body, iteration);
        std::vector<State> breaks = std::move(breaks_.back());
        breaks_.pop_back();
        State exit = head;  // the loop ends normally before an iteration (or after the last)
        if (iteration.reachable) exit.possible.insert(iteration.possible.begin(), iteration.possible.end());
        if (test != nullptr && AlwaysTrue(*test)) exit = Unreachable();
        Block(orelse, exit);
        for (const State& b : breaks) exit = Join(exit, b);
        st = exit;
    }

    void Stmt(const ast::Stmt& s, State& st) {
        switch (s.kind()) {
            case ast::NodeKind::kExprStmt: return Read(ast::Cast<ast::ExprStmt>(s).value(), st);
            case ast::NodeKind::kAssignStmt: {
                const auto& a = ast::Cast<ast::AssignStmt>(s);
                Read(a.value(), st);
                for (const auto& t : a.targets()) Target(*t, st, true);
                return;
            }
            case ast::NodeKind::kAugAssignStmt: {
                const auto& a = ast::Cast<ast::AugAssignStmt>(s);
                Read(a.target(), st);
                Read(a.value(), st);
                return Target(a.target(), st, true);
            }
            case ast::NodeKind::kAnnAssignStmt: {
                const auto& a = ast::Cast<ast::AnnAssignStmt>(s);
                if (a.value() == nullptr) return;  // `x: int` declares, assigns nothing
                Read(*a.value(), st);
                return Target(a.target(), st, true);
            }
            case ast::NodeKind::kIfStmt: {
                const auto& i = ast::Cast<ast::IfStmt>(s);
                Read(i.test(), st);
                State orelse = st;
                Block(i.body(), st);
                Block(i.orelse(), orelse);
                st = Join(st, orelse);
                return;
            }
            case ast::NodeKind::kWhileStmt: {
                const auto& w = ast::Cast<ast::WhileStmt>(s);
                return Loop(w.body(), w.orelse(), st, nullptr, &w.test());
            }
            case ast::NodeKind::kForStmt: {
                const auto& f = ast::Cast<ast::ForStmt>(s);
                Read(f.iter(), st);
                return Loop(f.body(), f.orelse(), st, &f.target(), nullptr);
            }
            case ast::NodeKind::kWithStmt: {
                const auto& w = ast::Cast<ast::WithStmt>(s);
                for (const auto& item : w.items()) {
                    Read(item->context(), st);
                    // Bound through codegen's Assign, which sets the "assigned" flag like any assignment.
                    if (item->target() != nullptr) Target(*item->target(), st, true);
                }
                return Block(w.body(), st);
            }
            case ast::NodeKind::kTryStmt: return Try(ast::Cast<ast::TryStmt>(s), st);
            case ast::NodeKind::kReturnStmt:
                if (const ast::Expr* v = ast::Cast<ast::ReturnStmt>(s).value()) Read(*v, st);
                st = Unreachable();
                return;
            case ast::NodeKind::kRaiseStmt: {
                const auto& r = ast::Cast<ast::RaiseStmt>(s);
                if (r.exception() != nullptr) Read(*r.exception(), st);
                if (r.cause() != nullptr) Read(*r.cause(), st);
                st = Unreachable();
                return;
            }
            case ast::NodeKind::kBreakStmt:
                if (!breaks_.empty() && st.reachable) breaks_.back().push_back(st);
                st = Unreachable();
                return;
            case ast::NodeKind::kContinueStmt: st = Unreachable(); return;
            case ast::NodeKind::kAssertStmt: {
                const auto& a = ast::Cast<ast::AssertStmt>(s);
                Read(a.test(), st);
                if (a.message() != nullptr) Read(*a.message(), st);
                return;
            }
            case ast::NodeKind::kDelStmt:
                for (const auto& t : ast::Cast<ast::DelStmt>(s).targets()) {
                    Read(*t, st);
                    if (ir::VarInfo* v = Local(*t)) {
                        st.definite.erase(v);
                        other_binding_.insert(v);
                    }
                }
                return;
            case ast::NodeKind::kPassStmt:
            case ast::NodeKind::kGlobalStmt:
            case ast::NodeKind::kNonlocalStmt:
            case ast::NodeKind::kImportStmt:
            case ast::NodeKind::kImportFromStmt: return;
            default:
                // Not modelled (a nested def or class): it assigns whatever it names, reads are unchecked.
                if (!st.reachable) return;
                for (const ir::VarInfo* v : AssignedIn(std::vector<const ast::Stmt*>{&s})) {
                    other_binding_.insert(v);
                    Bind(v, st);
                }
                return;
        }
    }

    void Try(const ast::TryStmt& t, State& st) {
        const State entry = st;
        // A handler may start anywhere in the body: what the body assigns is possible there, not definite.
        State handler_entry = entry;
        if (handler_entry.reachable) {
            for (const ir::VarInfo* v : AssignedIn(t.body())) handler_entry.possible.insert(v);
        }
        State body = entry;
        Block(t.body(), body);
        Block(t.orelse(), body);
        State out = body;
        for (const auto& h : t.handlers()) {
            State hs = handler_entry;
            if (h->type() != nullptr) Read(*h->type(), hs);
            if (!h->name().empty()) {
                if (ir::VarInfo* v = fn_.FindLocal(h->name()); v != nullptr && tracked_.count(v) != 0) {
                    other_binding_.insert(v);
                    if (hs.reachable) Bind(v, hs);
                }
            }
            Block(h->body(), hs);
            out = Join(out, hs);
        }
        if (!t.finalbody().empty()) {
            State fin = handler_entry;  // reached from anywhere, also by an exception in a handler
            if (fin.reachable) {
                fin.possible.insert(out.possible.begin(), out.possible.end());
                for (const auto& h : t.handlers()) {
                    for (const ir::VarInfo* v : AssignedIn(h->body())) fin.possible.insert(v);
                }
            }
            const VarSet before = fin.definite;
            Block(t.finalbody(), fin);
            if (!fin.reachable) {
                out = Unreachable();
            } else if (out.reachable) {
                for (const ir::VarInfo* v : fin.definite) {
                    if (before.count(v) == 0) out.definite.insert(v);
                }
                out.possible.insert(fin.possible.begin(), fin.possible.end());
            }
        }
        st = out;
    }

    ir::Program& program_;
    ir::FunctionInfo& fn_;
    bool module_level_;
    std::set<const ir::VarInfo*> tracked_;
    std::set<ir::VarInfo*> flagged_;
    std::set<const ir::VarInfo*> other_binding_;
    std::map<const ir::VarInfo*, std::vector<const ast::Node*>> maybe_reads_;
    std::vector<std::vector<State>> breaks_;
};

}  // namespace

void Analyzer::CheckDefiniteAssignment(ir::FunctionInfo& fn, const std::vector<const ast::Stmt*>& body,
                                       bool module_level) {
    ir::InstanceScope facts(program_, fn);  // Note [Generic functions]
    DefiniteAssignment pass(program_, fn, module_level);
    pass.Run(body);
    std::set<const ir::VarInfo*> reported;  // one error per local: its first read
    for (const auto& [read, v] : pass.never) {
        if (!reported.insert(v).second) continue;
        Error(read->range(), module_level ? "name '" + read->id() + "' is used before it is assigned"
                                          : "local variable '" + read->id() + "' is referenced before assignment");
    }
}

void Analyzer::CheckDefiniteAssignmentEverywhere() {
    auto body_of = [](const ir::FunctionInfo& fn) {
        std::vector<const ast::Stmt*> body;
        for (const ast::StmtPtr& s : fn.def->body()) body.push_back(s.get());
        return body;
    };
    if (program_.entry == program_.script_function.get() && program_.entry != nullptr) {
        CheckDefiniteAssignment(*program_.entry, program_.script, true);
    }
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) CheckDefiniteAssignment(*m, body_of(*m), false);
    }
    for (auto& fn : program_.functions) CheckDefiniteAssignment(*fn, body_of(*fn), false);
}

}  // namespace cnet::compiler::sema
