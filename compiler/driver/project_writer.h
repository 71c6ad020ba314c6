// project_writer.h — `cnetc export`: a generated program as a CMake project a user can build, edit and debug.
#pragma once

#include <ostream>
#include <string>

#include "compiler/codegen/cpp_codegen.h"

namespace cnet::compiler {

/// Writes DIR/main.cc, DIR/model.h and DIR/CMakeLists.txt (templates/CMakeLists.txt.tmpl, with the runtime's
/// paths and flags). Returns 0, or 2 when DIR or a file cannot be written.
int WriteProject(const std::string& source_path, const codegen::ProjectSources& sources, const std::string& dir,
                 std::ostream& err);

/// `value` as one quoted CMake argument: `"`, `\`, `$` and `;` escaped, so it stays one literal string.
std::string CMakeQuoted(const std::string& value);

}  // namespace cnet::compiler
