// compilation.cc — the pipeline: load, lex/parse, (later: sema, ir, codegen), dump a stage.
#include "compiler/driver/compilation.h"

#include "compiler/ast/ast_dumper.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/codegen/cpp_codegen.h"
#include "compiler/parser/frontend.h"
#include "compiler/parser/large_stack.h"
#include "compiler/sema/sema.h"

namespace cnet::compiler {
namespace {

struct StageEntry {
    Stage stage;
    const char* name;
};

constexpr StageEntry kStages[] = {
    {Stage::kTokens, "tokens"},
    {Stage::kAst, "ast"},
    {Stage::kIr, "ir"},
    {Stage::kCpp, "cpp"},
};

}  // namespace

const char* StageName(Stage stage) {
    for (const StageEntry& entry : kStages) {
        if (entry.stage == stage) return entry.name;
    }
    return "?";
}

std::optional<Stage> StageFromName(std::string_view name) {
    for (const StageEntry& entry : kStages) {
        if (name == entry.name) return entry.stage;
    }
    return std::nullopt;
}

std::vector<std::string> StageNames() {
    std::vector<std::string> names;
    for (const StageEntry& entry : kStages) names.emplace_back(entry.name);
    return names;
}

Compilation::Compilation(CompileOptions options) : diags_(sources_), options_(options) {
    diags_.set_error_limit(options.error_limit);
}

bool Compilation::Load(const std::string& path, std::ostream& err) {
    std::string reason;
    const std::optional<FileId> file = sources_.LoadFile(path, &reason);
    if (!file) {
        err << "cnetc: error: cannot open '" << path << "': " << reason << '\n';
        return false;
    }
    file_ = *file;
    return true;
}

bool Compilation::Run(Stage last, std::ostream* dump) {
    CNET_INTERNAL_CHECK(file_ != kInvalidFileId) << "Compilation::Run before Load";
    if (last == Stage::kTokens) {
        const std::vector<TokenInfo> tokens = LexSource(file_, diags_);
        if (dump != nullptr) *dump << DumpTokens(tokens);
        return !diags_.HasErrors();
    }
    module_ = ParseSource(file_, diags_);
    if (diags_.HasErrors() || module_ == nullptr) return false;
    // Sema, codegen and the dumps recurse once per nesting level of the input, as the parser does: on its
    // large stack too (the lexer bounds the depth; the default stack holds it only without sanitizers).
    bool ok = true;
    RunWithLargeStack([&] { ok = RunAfterParse(last, dump); });
    return ok;
}

bool Compilation::RunAfterParse(Stage last, std::ostream* dump) {
    if (last == Stage::kAst) {
        if (dump != nullptr) ast::DumpAst(*module_, *dump);
        return true;
    }
    program_ = sema::Analyze(*module_, diags_);
    if (diags_.HasErrors()) return false;
    if (last == Stage::kIr) {
        if (dump != nullptr) ir::DumpProgram(*program_, *dump);
        return true;
    }
    codegen::CodegenOptions cg;
    cg.line_directives = options_.line_directives;
    cg.fusion = options_.fusion;
    cg.line_file = options_.line_file;
    cpp_ = codegen::GenerateCpp(*program_, cg);
    if (dump != nullptr) *dump << cpp_;
    return true;
}

void Compilation::FlushDiagnostics(std::ostream& err) {
    diags_.Flush(err);
    const int errors = diags_.error_count();
    const int warnings = diags_.warning_count();
    if (errors == 0 && warnings == 0) return;
    std::string summary;
    if (warnings > 0) summary = std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings");
    if (errors > 0) {
        summary += (summary.empty() ? "" : " and ") + std::to_string(errors) + (errors == 1 ? " error" : " errors");
    }
    err << summary << " generated.\n";
}

}  // namespace cnet::compiler
