// driver.h — the cnetc command line (check, emit) as a library function, so tests run it in-process.
#pragma once

#include <ostream>

namespace cnet::compiler {

/// Runs cnetc with `argv` (argv[0] is the program name). Normal output goes to `out`, diagnostics
/// and usage errors to `err`. Returns the exit code: 0 ok, 1 errors in the program, 2 bad usage or
/// unreadable input, 3 internal compiler error (printed as such, never blamed on the program).
int RunDriver(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace cnet::compiler
