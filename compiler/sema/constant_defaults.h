// constant_defaults.h — pruning the branches no call takes (Note [Parameters no call passes]).
#pragma once

#include "compiler/ast/module.h"

namespace cnet::compiler::sema {

/// Replaces each `if` on a module-level function's parameter that every call leaves at its literal default by the
/// branch it takes. Runs before analysis, on the module as parsed.
void PruneConstantDefaults(ast::Module& module);

}  // namespace cnet::compiler::sema
