// sema.h — semantic analysis: imports, name resolution, type inference, arity/keyword checks and
// unsupported-construct diagnostics; produces the bound IR (ir::Program) that codegen lowers to C++.
#pragma once

#include <memory>

#include "compiler/ast/module.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/ir/program.h"

namespace cnet::compiler::sema {

/// Analyzes `module`, reporting every error to `diags`. Returns the program (also when there were
/// errors, for dumps); codegen runs only when diags has no errors. First drops from `module` the branches no call
/// can take (Note [Parameters no call passes] in constant_defaults.cc).
std::unique_ptr<ir::Program> Analyze(ast::Module& module, DiagnosticEngine& diags);

}  // namespace cnet::compiler::sema
