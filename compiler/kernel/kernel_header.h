// kernel_header.h — `cnetc kernel FILE.cnet -o kernels.h`: every kernel of a .cnet file in one self-contained
// header (the CPU versions, and behind __CUDACC__ the CUDA kernels and their launchers), usable from any C++
// or CUDA project without the rest of cnet. docs/kernels.md shows its use.
#pragma once

#include <string>

#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/ir/program.h"

namespace cnet::compiler::kernel {

/// The header for the kernels of `program` (from `source_name`), or "" after reporting an error (no kernels,
/// two kernels with one name). The kernels are renamed to their own names (squared_diff_cpu, ...).
/// runtime_glue: also the glue to the cnet runtime (each kernel callable as in a .cnet program:
/// `cnet_kernels::squared_diff{}({x, y})`, and @elementwise kernels as differentiable functions on Variables).
std::string EmitHeader(ir::Program& program, const std::string& source_name, DiagnosticEngine& diags,
                       bool runtime_glue = false);

}  // namespace cnet::compiler::kernel
