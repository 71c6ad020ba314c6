// late_globals.cc — a module constant assigned after a statement that runs code (Note [Late globals]).
//
// Note [Late globals]
// ~~~~~~~~~~~~~~~~~~~
// A module-level `G = 5` is a C++ constant, initialized before anything runs. Python binds it only when the
// module's statements reach it, so a function called earlier (`main()` above `G = 5`) or a module-level read
// above the assignment raises NameError. Such a global is *late*: it gets an "assigned" flag that the entry code
// sets where the module's statements reach its assignment (never, when `main()` runs the whole program before
// it), and every read that may come first goes through cnet::py::assigned_global, which raises NameError as
// CPython does. A constant assigned before any statement runs is read plainly.
#include <map>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Names the module's statements bind more than once (`accum_loss = 0`, later `accum_loss += loss` in a loop): a
// variable of the module's code, not a constant (Note [Late globals]), whatever its first value.
std::set<std::string> ModuleNamesBoundAgain(const ast::Module& module) {
    std::map<std::string, int> bindings;
    auto bind = [&](const ast::Expr& target) {
        if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) ++bindings[n->id()];
    };
    for (const ast::StmtPtr& s : module.body()) {
        if (ast::Isa<ast::FunctionDef>(*s) || ast::Isa<ast::ClassDef>(*s)) continue;
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                for (const auto& t : a->targets()) bind(*t);
            } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                bind(aug->target());
                bind(aug->target());  // (it reads the name too: never a constant)
            } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
                bind(f->target());
            }
        });
    }
    std::set<std::string> again;
    for (const auto& [name, count] : bindings) {
        if (count > 1) again.insert(name);
    }
    return again;
}

void Analyzer::MarkLateGlobals() {
    if (program_.script.empty()) return;
    SourceLocation first_run = program_.script.front()->range().begin;
    for (const ast::Stmt* s : program_.script) {
        if (s->range().begin < first_run) first_run = s->range().begin;
    }
    for (auto& g : program_.globals) {
        if (g->def != nullptr && first_run < g->def->range().begin) g->late = true;
    }
}

}  // namespace cnet::compiler::sema
