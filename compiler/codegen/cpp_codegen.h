// cpp_codegen.h — the back end: the bound IR to one readable C++17 translation unit that links the cnet
// runtime. Statements map one to one (`// model.cnet:LINE` before each, and CNET_LINE so runtime errors
// name the .cnet line); classes deriving chainer.Chain become cnet::Chain subclasses.
#pragma once

#include <string>

#include "compiler/ir/program.h"

namespace cnet::compiler::codegen {

struct CodegenOptions {
    /// Emit `#line N "file.cnet"` before each statement (instead of a `// file.cnet:N` comment), so C++
    /// diagnostics and debuggers point at the source.
    bool line_directives = true;
    /// The file name the directives give (default: the source's base name, as in messages); `cnetc build` gives
    /// the absolute path, so a debugger finds the source from any directory.
    std::string line_file;
    /// Fuse straight-line elementwise chains on Variables into generated kernels (Note [Fusion]).
    bool fusion = true;
};

/// The C++ source of `program` (which must have no sema errors): the main program (templates/program.cc.tmpl)
/// with the model header (templates/model.h.tmpl) inline, one translation unit.
std::string GenerateCpp(const ir::Program& program, const CodegenOptions& options = {});

/// The same program as two files: `main` includes "model.h", whose text is `model` (`cnetc export`).
struct ProjectSources {
    std::string main;
    std::string model;
};
ProjectSources GenerateProjectSources(const ir::Program& program, const CodegenOptions& options = {});

}  // namespace cnet::compiler::codegen
