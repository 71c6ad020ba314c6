// kernel_builder.h — a KernelDef from the .cnet construction of a CuPy-form kernel:
//   cuda.elementwise(in_params, out_params, operation, name)      cupy.ElementwiseKernel(..., name='kernel')
//   cuda.reduce(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name)
//   cupy.ReductionKernel(..., identity, name='reduce_kernel', reduce_type=None)
// Every string argument must be a literal: the kernel is compiled ahead of time.
#pragma once

#include <memory>
#include <string>

#include "compiler/ast/postfix_expr.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

enum class Form { kCudaElementwise, kElementwiseKernel, kCudaReduce, kReductionKernel };

/// The form a call's callee names (module path of its receiver + attribute), if it is one.
bool KernelForm(const std::string& module, const std::string& attr, Form* form);

/// Parses and checks the kernel; null after reporting errors.
std::unique_ptr<KernelDef> BuildCupyKernel(const ast::CallExpr& call, Form form, DiagnosticEngine& diags);

}  // namespace cnet::compiler::kernel
