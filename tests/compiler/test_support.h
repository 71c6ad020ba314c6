// test_support.h — helpers shared by the compiler tests: in-memory front-end runs and file listing.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/ast/module.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/diagnostics/source_manager.h"
#include "compiler/parser/frontend.h"

namespace cnet::compiler::testing {

/// One front-end run over in-memory text, with everything it produced.
struct FrontendRun {
    SourceManager sources;
    DiagnosticEngine diags{sources};
    FileId file = kInvalidFileId;
    std::unique_ptr<ast::Module> module;
    ParseStats stats;

    /// The engine's printed output (flushes the pending diagnostics).
    std::string Render();
};

/// Parses `text` registered as `path`. The error limit is off so tests see every diagnostic.
std::unique_ptr<FrontendRun> ParseText(const std::string& path, const std::string& text);

/// The files in `directory` whose names end with `suffix`, sorted by name.
std::vector<std::string> ListFiles(const std::string& directory, const std::string& suffix);

std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& contents);

/// Directory of this test tree's sources (tests/compiler), set by CMake.
std::string TestDataDir();

}  // namespace cnet::compiler::testing
