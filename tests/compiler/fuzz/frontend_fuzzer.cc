// frontend_fuzzer.cc — libFuzzer entry: any bytes through lexer, parser and AST builder must neither
// crash nor hang, and a failed parse must come with an error diagnostic.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "compiler/ast/ast_dumper.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/parser/frontend.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cnet::compiler;
    SourceManager sources;
    DiagnosticEngine diags(sources);
    const FileId file = sources.AddFile("fuzz.cnet", std::string(reinterpret_cast<const char*>(data), size));
    ParseStats stats;
    std::unique_ptr<ast::Module> module = ParseSource(file, diags, &stats);
    if ((stats.syntax_errors > 0 || stats.aborted || module == nullptr) && !diags.HasErrors()) std::abort();
    std::ostringstream sink;
    diags.Flush(sink);
    if (module != nullptr) ast::DumpAst(*module, sink);
    return 0;
}
