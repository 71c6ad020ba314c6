// driver.cc — cnetc's command line: subcommands, options, exit codes, internal-error reporting.
#include "compiler/driver/driver.h"

#include <CLI/CLI.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/codegen/cpp_codegen.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/kernel/kernel_header.h"
#include "compiler/driver/compilation.h"
#include "compiler/driver/project_writer.h"
#include "compiler/driver/toolchain.h"

namespace cnet::compiler {
namespace {

struct CommandLine {
    CompileOptions options;
    std::string input;
    std::string stage = "ast";
    std::string output;  // emit: file to write instead of stdout; build: the executable
    std::vector<std::string> run_args;  // run: arguments after `--`
    bool runtime_glue = false;           // kernel: also the glue to the cnet runtime
    bool no_pch = false;                 // build/run: compile without the precompiled runtime API
};

std::string StageList() {
    std::string list;
    for (const std::string& name : StageNames()) list += (list.empty() ? "" : "|") + name;
    return list;
}

// `cnetc check FILE`: all diagnostics, no output.
int RunCheck(const CommandLine& cl, std::ostream& err) {
    Compilation compilation(cl.options);
    if (!compilation.Load(cl.input, err)) return static_cast<int>(ExitCode::kUsage);
    const bool ok = compilation.Run(kLastStage, nullptr);
    compilation.FlushDiagnostics(err);
    return static_cast<int>(ok ? ExitCode::kOk : ExitCode::kUserError);
}

// `cnetc emit --stage=S FILE [-o OUT]`: the result of stage S, or the diagnostics that stopped it.
int RunEmit(const CommandLine& cl, std::ostream& out, std::ostream& err) {
    const std::optional<Stage> stage = StageFromName(cl.stage);
    CNET_INTERNAL_CHECK(stage.has_value()) << "CLI11 accepted unknown stage '" << cl.stage << "'";
    Compilation compilation(cl.options);
    if (!compilation.Load(cl.input, err)) return static_cast<int>(ExitCode::kUsage);
    std::ofstream file;
    if (!cl.output.empty()) {
        file.open(cl.output, std::ios::binary);
        if (!file) {
            err << "cnetc: error: cannot write '" << cl.output << "'\n";
            return static_cast<int>(ExitCode::kUsage);
        }
    }
    const bool ok = compilation.Run(*stage, cl.output.empty() ? &out : &file);
    compilation.FlushDiagnostics(err);
    return static_cast<int>(ok ? ExitCode::kOk : ExitCode::kUserError);
}

// `cnetc kernel FILE -o HEADER`: the file's kernels as one self-contained C++/CUDA header.
int RunKernel(const CommandLine& cl, std::ostream& out, std::ostream& err) {
    Compilation compilation(cl.options);
    if (!compilation.Load(cl.input, err)) return static_cast<int>(ExitCode::kUsage);
    if (!compilation.Run(Stage::kIr, nullptr)) {
        compilation.FlushDiagnostics(err);
        return static_cast<int>(ExitCode::kUserError);
    }
    const std::size_t slash = cl.input.find_last_of('/');
    const std::string name = slash == std::string::npos ? cl.input : cl.input.substr(slash + 1);
    const std::string header =
        kernel::EmitHeader(const_cast<ir::Program&>(*compilation.program()), name, compilation.diags(), cl.runtime_glue);
    compilation.FlushDiagnostics(err);
    if (header.empty()) return static_cast<int>(ExitCode::kUserError);
    if (cl.output.empty()) {
        out << header;
        return static_cast<int>(ExitCode::kOk);
    }
    std::ofstream file(cl.output, std::ios::binary);
    file << header;
    if (!file) {
        err << "cnetc: error: cannot write '" << cl.output << "'\n";
        return static_cast<int>(ExitCode::kUsage);
    }
    return static_cast<int>(ExitCode::kOk);
}

// The absolute path of `path` (as given when it cannot be resolved), for #line: a debugger then finds the source
// from any directory.
std::string AbsolutePath(const std::string& path) {
    char resolved[4096];
    return realpath(path.c_str(), resolved) != nullptr ? resolved : path;
}

// `cnetc build FILE -o EXE`: check, emit C++, compile it against the runtime.
int RunBuild(const CommandLine& cl, std::ostream& err) {
    CompileOptions options = cl.options;
    options.line_file = AbsolutePath(cl.input);
    Compilation compilation(options);
    if (!compilation.Load(cl.input, err)) return static_cast<int>(ExitCode::kUsage);
    const bool ok = compilation.Run(Stage::kCpp, nullptr);
    compilation.FlushDiagnostics(err);
    if (!ok) return static_cast<int>(ExitCode::kUserError);
    BuildRequest request;
    request.cpp = compilation.cpp();
    request.source_path = cl.input;
    request.output = cl.output;
    request.use_pch = !cl.no_pch;
    if (request.output.empty()) {
        std::string base = cl.input.substr(cl.input.find_last_of('/') == std::string::npos ? 0 : cl.input.find_last_of('/') + 1);
        request.output = base.substr(0, base.rfind('.'));
    }
    return BuildExecutable(request, err);
}

// `cnetc export FILE -o DIR`: the program as a CMake project (templates/CMakeLists.txt.tmpl) in DIR.
int RunExport(const CommandLine& cl, std::ostream& err) {
    CompileOptions options = cl.options;
    options.line_file = AbsolutePath(cl.input);
    Compilation compilation(options);
    if (!compilation.Load(cl.input, err)) return static_cast<int>(ExitCode::kUsage);
    const bool ok = compilation.Run(Stage::kIr, nullptr);
    compilation.FlushDiagnostics(err);
    if (!ok) return static_cast<int>(ExitCode::kUserError);
    codegen::CodegenOptions cg;
    cg.line_file = options.line_file;
    return WriteProject(cl.input, codegen::GenerateProjectSources(*compilation.program(), cg), cl.output, err);
}

// Note [Private run directory]
// `cnetc run` caches builds under $TMPDIR/cnet-run-UID/ and executes what it finds there when it is up to date,
// so whoever controls that directory controls what runs. It is created mode 0700; an existing one is used only
// when it is a real directory (not a symlink) owned by this user and closed to others, otherwise cnetc refuses.
// Everything below it is then out of other users' reach.
std::optional<std::string> PrivateRunDir(std::ostream& err) {
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/cnet-run-" +
                            std::to_string(getuid());
    if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
        err << "cnetc: error: cannot create '" << dir << "': " << std::strerror(errno) << '\n';
        return std::nullopt;
    }
    struct stat st;
    std::string problem;
    if (lstat(dir.c_str(), &st) != 0) {
        problem = std::strerror(errno);
    } else if (!S_ISDIR(st.st_mode)) {
        problem = S_ISLNK(st.st_mode) ? "it is a symbolic link" : "it is not a directory";
    } else if (st.st_uid != getuid()) {
        problem = "it is owned by uid " + std::to_string(st.st_uid) + ", not by you (uid " +
                  std::to_string(getuid()) + ")";
    } else if ((st.st_mode & 077) != 0) {
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
        problem = std::string("other users can write or read it (mode ") + mode + ", expected 0700)";
    }
    if (!problem.empty()) {
        err << "cnetc: error: refusing to build in '" << dir << "': " << problem
            << "\nnote: cnetc run executes the programs cached there; remove it or set TMPDIR to a private directory\n";
        return std::nullopt;
    }
    return dir;
}

// `cnetc run FILE -- ARGS`: build into a private cache directory if stale, then replace this process with it.
int RunRun(CommandLine cl, std::ostream& err) {
    char resolved[4096];
    const std::string abs = realpath(cl.input.c_str(), resolved) != nullptr ? resolved : cl.input;
    const std::optional<std::string> cache = PrivateRunDir(err);
    if (!cache) return static_cast<int>(ExitCode::kUsage);
    std::string base = cl.input.substr(cl.input.find_last_of('/') == std::string::npos ? 0 : cl.input.find_last_of('/') + 1);
    cl.output = *cache + "/" + std::to_string(std::hash<std::string>()(abs)) + "/" + base.substr(0, base.rfind('.'));
    const int code = RunBuild(cl, err);
    if (code != 0) return code;
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(cl.output.c_str()));
    for (const std::string& a : cl.run_args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    err.flush();
    execv(cl.output.c_str(), argv.data());
    err << "cnetc: error: cannot run '" << cl.output << "'\n";
    return static_cast<int>(ExitCode::kUsage);
}

void DefineCommands(CLI::App& app, CommandLine& cl) {
    app.require_subcommand(1);
    app.add_option("--error-limit", cl.options.error_limit, "stop printing after N errors (0: no limit)")
        ->capture_default_str();

    CLI::App* check = app.add_subcommand("check", "parse and check FILE; print diagnostics only");
    check->add_option("FILE", cl.input, "the .cnet source file")->required();

    CLI::App* emit = app.add_subcommand("emit", "print the result of one compiler stage for FILE");
    emit->add_option("--stage", cl.stage, "the stage to print: " + StageList())
        ->check(CLI::IsMember(StageNames()))
        ->capture_default_str();
    emit->add_option("-o,--output", cl.output, "write to this file instead of standard output");
    emit->add_option("FILE", cl.input, "the .cnet source file")->required();
    emit->add_flag("--no-fusion{false}", cl.options.fusion, "keep every elementwise operation separate (no fused kernels)");
    emit->add_flag("--line-directives,!--no-line-directives", cl.options.line_directives,
                   "#line directives (the default) so C++ errors and debuggers point at the .cnet file, or "
                   "`// file.cnet:N` comments");

    CLI::App* build = app.add_subcommand("build", "compile FILE to a native executable (C++ against the runtime)");
    build->add_option("-o,--output", cl.output, "the executable to write (default: FILE without .cnet)");
    build->add_option("FILE", cl.input, "the .cnet source file")->required();
    build->add_flag("--line-directives,!--no-line-directives", cl.options.line_directives,
                    "#line directives in the C++ (the default), or `// file.cnet:N` comments");
    build->add_flag("--no-fusion{false}", cl.options.fusion, "run every elementwise operation separately (no fused kernels)");
    build->add_flag("--no-pch", cl.no_pch, "compile without the precompiled runtime headers (slower; for comparison)");

    CLI::App* exp = app.add_subcommand("export", "write FILE's C++ as a CMake project: DIR/main.cc, model.h, CMakeLists.txt");
    exp->add_option("-o,--output", cl.output, "the project directory (created)")->required();
    exp->add_option("FILE", cl.input, "the .cnet source file")->required();

    CLI::App* kernel = app.add_subcommand("kernel", "write FILE's kernels as one self-contained C++/CUDA header");
    kernel->add_option("-o,--output", cl.output, "the header to write (default: standard output)");
    kernel->add_option("FILE", cl.input, "the .cnet source file")->required();
    kernel->add_flag("--runtime-glue", cl.runtime_glue,
                     "also make each kernel callable with the cnet runtime (Arrays; Variables for @elementwise)");

    CLI::App* run = app.add_subcommand("run", "build FILE if it changed, then run it: cnetc run FILE -- ARGS");
    run->add_option("FILE", cl.input, "the .cnet source file")->required();
    run->add_option("ARGS", cl.run_args, "arguments for the program (after --)");
}

int RunDriverUnchecked(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    CLI::App app("cnetc: the .cnet compiler (Chainer models and training scripts, compiled to C++)", "cnetc");
    CommandLine cl;
    DefineCommands(app, cl);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return std::string("cnetc: error: ") + e.what() + "\nRun 'cnetc --help' for usage.\n";
    });
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e, out, err);  // prints help (code 0) or the usage error
        return code == 0 ? static_cast<int>(ExitCode::kOk) : static_cast<int>(ExitCode::kUsage);
    }
    if (app.got_subcommand("check")) return RunCheck(cl, err);
    if (app.got_subcommand("build")) return RunBuild(cl, err);
    if (app.got_subcommand("run")) return RunRun(cl, err);
    if (app.got_subcommand("kernel")) return RunKernel(cl, out, err);
    if (app.got_subcommand("export")) return RunExport(cl, err);
    return RunEmit(cl, out, err);
}

}  // namespace

int RunDriver(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    try {
        return RunDriverUnchecked(argc, argv, out, err);
    } catch (const InternalCompilerError& e) {
        err << e.Format() << "\nnote: this is a bug in cnetc, not in your program; please report it with the input file\n";
    } catch (const std::exception& e) {
        err << "internal compiler error: unexpected exception: " << e.what()
            << "\nnote: this is a bug in cnetc, not in your program; please report it with the input file\n";
    }
    return static_cast<int>(ExitCode::kInternalError);
}

}  // namespace cnet::compiler
