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
    bool use_pch = true;      // -include the precompiled runtime API when it is there and current (Note [Program PCH])
};

/// Writes the C++ next to the output (`<output>.cnet-build/<stem>.cc`) and compiles and links it.
/// Skips the compiler when the executable is newer than the runtime library and the C++ is unchanged.
/// The compile flags are the configured CNET_PROGRAM_CXX_FLAGS (cmake/CnetProgramPch.cmake).
/// Returns 0 on success, 2 when a file cannot be written, 3 when the C++ compiler fails (the generated
/// code should always compile, so that is a cnetc bug or a runtime/compiler mismatch).
int BuildExecutable(const BuildRequest& request, std::ostream& err);

/// How programs are compiled and linked against the runtime (as configured, or the installed runtime's paths).
struct ProgramToolchain {
    std::string include_dir;
    std::string runtime_library;
    std::string cxx_flags;   // CNET_PROGRAM_CXX_FLAGS
    std::string link_flags;  // the runtime's dependencies
};
ProgramToolchain CurrentToolchain();

/// The directory holding `output`'s generated sources.
std::string BuildDirFor(const std::string& output);

}  // namespace cnet::compiler
