// codegen_skeleton.cc — the emitted files around the generated declarations: the model header and the main
// program from templates/ (model.h.tmpl, program.cc.tmpl), as one translation unit or as a project's two files.
#include <set>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/templates.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

std::string GenerateCpp(const ir::Program& program, const CodegenOptions& options) {
    Generator generator(program, options);
    return generator.Run();
}

ProjectSources GenerateProjectSources(const ir::Program& program, const CodegenOptions& options) {
    Generator generator(program, options);
    return generator.RunProject();
}

std::string Generator::Run() {
    const std::string model = ModelHeader();  // first: it numbers the temporaries before the entry's
    return MainProgram(model);
}

ProjectSources Generator::RunProject() {
    ProjectSources sources;
    sources.model = ModelHeader();
    sources.main = MainProgram("#include \"model.h\"\n");
    return sources;
}

// The includes are only what the program uses: cnet/program.h, what every program needs (precompiled for
// `cnetc build`), then the builtin table's headers for the names it calls.
std::string Generator::ModelHeader() {
    recursive_ = RecursiveFunctions();
    if (options_.fusion) fusion_ = kernel::PlanFusion(program_);
    std::set<std::string> includes = program_.headers;
    if (!fusion_.kernels.empty()) includes.insert("cnet/user_kernels/native.h");
    for (const auto& cls : program_.classes) {
        if (cls->IsLink()) includes.insert("cnet/links/link.h");
    }
    if (program_.entry != nullptr && program_.entry->def != nullptr && !program_.entry->params.empty()) {
        includes.insert("cnet/py/argparse.h");  // main's parameters are the command line
    }
    std::set<std::string> system;
    std::string runtime_includes;
    for (const std::string& h : includes) {
        if (h.find('/') == std::string::npos) {
            system.insert(h);
        } else {
            runtime_includes += "#include \"" + h + "\"\n";
        }
    }
    std::string system_includes;
    for (const std::string& h : system) system_includes += "#include <" + h + ">\n";

    CodeWriter declarations;
    std::swap(declarations, w_);
    EmitKernels();
    if (!program_.globals.empty()) {
        for (const auto& g : program_.globals) {
            fn_ = nullptr;
            w_.Comment(Source(*g->def));
            w_.Line("const " + sema::CppName(g->type) + " " + g->cpp_name + " = " + E(g->def->value(), g->type) + ";");
            if (g->late) DeclareGlobalFlag(*g);
        }
        w_.Line("");
    }
    for (const auto& cls : program_.classes) w_.Line("class " + cls->cpp_name + ";");
    EmitModuleVariables();
    std::vector<const ir::FunctionInfo*> free_functions;
    for (const auto& fn : program_.functions) {
        if (!fn->is_entry && !fn->unused) free_functions.push_back(fn.get());
    }
    for (const ir::FunctionInfo* fn : free_functions) EmitFunction(*fn, true);
    w_.Line("");
    for (const ir::ClassInfo* cls : ClassOrder()) {
        EmitClass(*cls);
        w_.Line("");
    }
    for (const ir::FunctionInfo* fn : free_functions) {
        EmitFunction(*fn, false);
        w_.Line("");
    }
    std::swap(declarations, w_);
    return RenderTemplate("model.h", {{"source_comment", sema::CppCommentText(program_.file_name)},
                                      {"source_literal", sema::CppStringLiteral(program_.file_name)},
                                      {"system_includes", system_includes},
                                      {"runtime_includes", runtime_includes},
                                      {"argc", sema::GeneratedName("program_argc")},
                                      {"argv", sema::GeneratedName("program_argv")},
                                      {"declarations", declarations.str()}});
}

std::string Generator::MainProgram(const std::string& model) {
    CNET_INTERNAL_CHECK(program_.entry != nullptr) << "codegen without an entry function";
    CodeWriter entry;
    std::swap(entry, w_);
    EmitEntry();
    w_.Line("");
    std::swap(entry, w_);
    return RenderTemplate("program.cc", {{"source_comment", sema::CppCommentText(program_.file_name)},
                                         {"model", model},
                                         {"entry", entry.str()},
                                         {"argc", sema::GeneratedName("program_argc")},
                                         {"argv", sema::GeneratedName("program_argv")},
                                         {"run_program", entry_name_}});
}

}  // namespace cnet::compiler::codegen
