// native_builder.h — @elementwise functions: a Python expression subset (arithmetic, comparisons, `a if c else b`
// and where(c, a, b), math functions, several outputs, local names) becomes an elementwise kernel, and cnetc
// derives its gradient kernel symbolically (derivative.h), and that kernel's gradient for double backprop
// (Note [Native kernels] in runtime/include/cnet/user_kernels/native.h).
//
//   @elementwise
//   def muladd(x: T, y: T, z: T) -> T:
//       return x * y + z
#pragma once

#include <memory>

#include "compiler/ast/compound_stmt.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

/// The derivatives cnetc generates: the backward (order 1) and the double backward (order 2).
inline constexpr int kNativeDerivedOrders = 2;

/// True when `def` is decorated with @elementwise.
bool IsElementwiseFunction(const ast::FunctionDef& def);

/// Derives `def`'s gradient kernels (def->grad, its grad, ... up to kNativeDerivedOrders); def has `results`.
/// False when `def` itself is not differentiable (reported at `at` when diags is given).
bool DeriveGradients(KernelDef* def, const ast::Node& at, DiagnosticEngine* diags);

/// The kernel of an @elementwise function with its chain of derived gradient kernels; null after reporting.
std::unique_ptr<KernelDef> BuildNativeKernel(const ast::FunctionDef& def, DiagnosticEngine& diags);

}  // namespace cnet::compiler::kernel
