// toolchain.h — building emitted C++ into an executable against the prebuilt runtime (cnetc build/run).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace cnet::compiler {

struct BuildRequest {
    std::string cpp;          // the generated translation unit
    std::string source_path;  // the .cnet file (for messages)
    std::string output;       // the executable to write
    std::string opt_level = "-O2";
};

/// Writes the C++ next to the output (`<output>.cnet-build/<stem>.cc`) and compiles and links it.
/// Skips the compiler when the executable is newer than the runtime library and the C++ is unchanged.
/// Returns 0 on success, 2 when a file cannot be written, 3 when the C++ compiler fails (the generated
/// code should always compile, so that is a cnetc bug or a runtime/compiler mismatch).
int BuildExecutable(const BuildRequest& request, std::ostream& err);

/// The directory holding `output`'s generated sources.
std::string BuildDirFor(const std::string& output);

}  // namespace cnet::compiler
