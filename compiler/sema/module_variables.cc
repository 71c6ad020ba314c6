// module_variables.cc — names the module's statements assign, read inside functions (Note [Module variables]).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Note [Module variables]
// ~~~~~~~~~~~~~~~~~~~~~~~
// Chainer's sentiment example is a script: `args = parser.parse_args()`, `xp = cuda.cupy if args.gpu >= 0 else
// np`, `n_label = args.label` at module level, read inside `traverse` and `RecursiveNet.__init__`. A name the
// module's statements assign (a local of the module's entry function) and a function or method reads without
// assigning it is that module variable, as Python's global lookup finds it. In C++ it is declared at namespace
// scope (after the class forward declarations, so a user object fits), the module's statements assign it, and an
// "assigned" flag set beside each assignment makes a read before the first one raise NameError, as CPython does
// (cnet::py::assigned_global). Assigning it inside a function makes a local, as in Python without `global`.
TypeRef Analyzer::ModuleVariable(const std::string& id, ir::ExprInfo& info) {
    ir::FunctionInfo* module = program_.script_function.get();
    if (module == nullptr || fn_ == nullptr || fn_ == module || program_.entry != module) return nullptr;
    ir::VarInfo* v = module->FindLocal(id);
    if (v == nullptr) return nullptr;
    v->module_variable = true;
    info.local = v;
    return v->type ? v->type : types::Unknown();
}

}  // namespace cnet::compiler::sema
