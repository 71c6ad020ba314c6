// compilation.h — one input file through the compiler pipeline, stage by stage (the driver's core).
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/ast/module.h"
#include "compiler/ir/program.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/diagnostics/source_manager.h"

namespace cnet::compiler {

/// Process exit codes of cnetc.
enum class ExitCode : int { kOk = 0, kUserError = 1, kUsage = 2, kInternalError = 3 };

/// The pipeline's stages in order. `cnetc emit --stage=<name>` runs up to a stage and prints its
/// result; `cnetc check` runs them all. A new stage (sema, ir, cpp) adds an enumerator here, its
/// name in compilation.cc, and a step in Compilation::Run.
enum class Stage { kTokens, kAst, kIr, kCpp };

const char* StageName(Stage stage);
std::optional<Stage> StageFromName(std::string_view name);
std::vector<std::string> StageNames();
/// The last stage that exists today; `check` runs up to it.
inline constexpr Stage kLastStage = Stage::kCpp;

/// Options that apply to every command.
struct CompileOptions {
    int error_limit = DiagnosticEngine::kDefaultErrorLimit;  // 0 = unlimited
    bool line_directives = true;  // emit `#line` so C++ errors and debuggers point at the .cnet file
    std::string line_file;        // the file name #line gives (default: the source's base name)
    bool fusion = true;            // fuse elementwise chains (Note [Fusion] in compiler/kernel/fusion.h)
};

/// Owns the sources and diagnostics of one run and the results of each stage.
class Compilation {
public:
    explicit Compilation(CompileOptions options);

    /// Reads the input file. On failure prints "cnetc: error: cannot open 'PATH': REASON" to `err`.
    bool Load(const std::string& path, std::ostream& err);

    /// Runs the stages up to and including `last` and, if `dump` is set, prints the result of `last`
    /// there (only when the stage succeeded). Later stages run only when earlier ones had no errors.
    /// Returns true if no errors were reported.
    bool Run(Stage last, std::ostream* dump);

    /// Prints the diagnostics in source order, then "N errors generated." if there were any.
    void FlushDiagnostics(std::ostream& err);

    DiagnosticEngine& diags() { return diags_; }
    const ast::Module* module() const { return module_.get(); }
    const ir::Program* program() const { return program_.get(); }
    /// The generated C++ (after Run up to Stage::kCpp succeeded).
    const std::string& cpp() const { return cpp_; }

private:
    bool RunAfterParse(Stage last, std::ostream* dump);  // sema, codegen, dumps (on the parser's large stack)
    SourceManager sources_;
    DiagnosticEngine diags_;
    FileId file_ = kInvalidFileId;
    std::unique_ptr<ast::Module> module_;
    std::unique_ptr<ir::Program> program_;
    std::string cpp_;
    CompileOptions options_;
};

}  // namespace cnet::compiler
