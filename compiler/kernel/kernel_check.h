// kernel_check.h — name and type checks of a parsed kernel: every name is a parameter, a declared local, `i`
// or a known math function; inputs are read-only; only raw parameters are indexed; integer-only operators get
// integers. Errors are reported at the .cnet position inside the kernel string.
#pragma once

#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

/// Checks `def` (elementwise operation, or the reduction's map, reduce, post-map and identity); false after
/// reporting errors.
bool CheckKernel(const KernelDef& def, DiagnosticEngine& diags);

/// The math functions kernel code may call, with their arity (CUDA's and <cmath>'s names).
int MathFunctionArity(const std::string& name);  // -1: unknown

}  // namespace cnet::compiler::kernel
