// sema_fuzzer.cc — libFuzzer entry: any bytes through the whole compiler short of the C++ compiler (front end,
// sema, codegen to a string) must neither crash, hang nor raise an internal compiler error; a program sema
// accepts must produce C++. Building the C++ is the CI fuzz test's job (too slow for libFuzzer's loop).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

#include "compiler/codegen/cpp_codegen.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/parser/frontend.h"
#include "compiler/sema/sema.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cnet::compiler;
    SourceManager sources;
    DiagnosticEngine diags(sources);
    const FileId file = sources.AddFile("fuzz.cnet", std::string(reinterpret_cast<const char*>(data), size));
    std::unique_ptr<ast::Module> module = ParseSource(file, diags);
    // An InternalCompilerError escapes as an uncaught exception: libFuzzer records it as a crash.
    if (module != nullptr && !diags.HasErrors()) {
        std::unique_ptr<ir::Program> program = sema::Analyze(*module, diags);
        if (program == nullptr) std::abort();
        if (!diags.HasErrors() && codegen::GenerateCpp(*program).empty()) std::abort();
    }
    std::ostringstream sink;
    diags.Flush(sink);
    return 0;
}
