// cpp_codegen.h — the back end: the bound IR to one readable C++17 translation unit that links the cnet
// runtime. Statements map one to one (`// model.cnet:LINE` before each, and CNET_LINE so runtime errors
// name the .cnet line); classes deriving chainer.Chain become cnet::Chain subclasses.
#pragma once

#include <string>

#include "compiler/ir/program.h"

namespace cnet::compiler::codegen {

struct CodegenOptions {
    /// Emit `#line N "file.cnet"` before each statement so C++ diagnostics and debuggers point at the source.
    bool line_directives = false;
    /// Fuse straight-line elementwise chains on Variables into generated kernels (Note [Fusion]).
    bool fusion = true;
};

/// The C++ source of `program` (which must have no sema errors).
std::string GenerateCpp(const ir::Program& program, const CodegenOptions& options = {});

}  // namespace cnet::compiler::codegen
