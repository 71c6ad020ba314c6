// kernel_emit.h — C++/CUDA for a checked kernel: one __host__ __device__ body, a CPU loop (flat and
// vectorizable, OpenMP for large sizes) and, behind __CUDACC__, a CUDA kernel with its launcher. The same text
// serves `cnetc kernel` (a self-contained header) and programs (plus the glue to the runtime's user_kernels).
#pragma once

#include <string>

#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

/// Includes, the CNET_KFN qualifier and the math functions kernel code calls (guarded: emitted once per file).
std::string EmitPrelude();

/// The body, the CPU function `<cpp_name>_cpu` and (under __CUDACC__) `<cpp_name>_cuda`, templated on the
/// kernel's placeholders. Elementwise: (n, per input: pointer [, step unless raw], per output: pointer [,
/// stream]); reduction: (n, size, per input: pointer, step, per output: pointer [, stream]).
std::string EmitKernel(const KernelDef& def, const std::string& origin);

/// The program glue: dtype dispatch from the runtime's UserLoop, the parameter spec and the callable struct
/// `<cpp_name>` (called with a list of arguments and size= / axis=, keepdims=).
std::string EmitProgramGlue(const KernelDef& def);

/// The program glue of an @elementwise kernel: the dtype entries of it and its gradient kernels, the chain of
/// cnet::user_kernels::NativeKernel, and the callable struct `<cpp_name>` (differentiable, on Variables).
std::string EmitNativeGlue(const KernelDef& def);

/// The C++ form of kernel code (names as written, `_ind.size()` as `_ind_size`); numbers cast to
/// `literal_type` when one is given.
std::string ExprCpp(const Expr& e, const std::string& literal_type = "");

}  // namespace cnet::compiler::kernel
