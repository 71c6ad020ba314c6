// surface_program.h — the every-entry program: one C++ translation unit that spells, for every row of the
// runtime's surface tables (cnet/surface.def, cnet/functions/ops.def), the call codegen would emit, in the
// two forms codegen emits (the required arguments only, and every argument with the table's defaults
// filled in), inside decltype so nothing runs. Compiling it against the runtime headers checks that every
// row names a real C++ entity taking those arguments and returning the row's result type: a table that
// disagrees with a header fails the build (tests/surface).
#pragma once

#include <string>

namespace cnet::compiler::codegen {

/// The C++ source of the every-entry program.
std::string SurfaceProgram();

/// The C++ names of the library types in the tables (CNET_TYPE rows), one per line.
std::string SurfaceTypeNames();

}  // namespace cnet::compiler::codegen
