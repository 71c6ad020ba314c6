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
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

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
