// project_writer.cc — `cnetc export`: writes the main program, the model header and their CMake project.
#include "compiler/driver/project_writer.h"

#include <cctype>
#include <filesystem>
#include <fstream>

#include "compiler/codegen/templates.h"
#include "compiler/driver/toolchain.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler {
namespace {

// The executable's target name: the source's stem when it is a plain CMake name, else "program".
std::string TargetName(const std::string& source_path) {
    std::string stem = std::filesystem::path(source_path).stem().string();
    if (stem.empty() || !std::isalpha(static_cast<unsigned char>(stem[0]))) return "program";
    for (const char c : stem) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return "program";
    }
    return stem;
}

bool WriteFile(const std::filesystem::path& path, const std::string& text, std::ostream& err) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) {
        err << "cnetc: error: cannot write '" << path.string() << "'\n";
        return false;
    }
    return true;
}

}  // namespace

std::string CMakeQuoted(const std::string& value) {
    std::string out = "\"";
    for (const char c : value) {
        if (c == '"' || c == '\\' || c == '$' || c == ';') out += '\\';
        out += c;
    }
    return out + "\"";
}

int WriteProject(const std::string& source_path, const codegen::ProjectSources& sources, const std::string& dir,
                 std::ostream& err) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        err << "cnetc: error: cannot create '" << dir << "': " << ec.message() << '\n';
        return 2;
    }
    const ProgramToolchain toolchain = CurrentToolchain();
    const std::string source_name = std::filesystem::path(source_path).filename().string();
    const std::string cmake = codegen::RenderTemplate(
        "CMakeLists.txt", {{"source_comment", sema::CppCommentText(source_name)},
                           {"target", TargetName(source_path)},
                           {"include_dir", CMakeQuoted(toolchain.include_dir)},
                           {"runtime_library", CMakeQuoted(toolchain.runtime_library)},
                           {"cxx_flags", CMakeQuoted(toolchain.cxx_flags)},
                           {"link_flags", CMakeQuoted(toolchain.link_flags)}});
    const std::filesystem::path root(dir);
    const bool ok = WriteFile(root / "main.cc", sources.main, err) && WriteFile(root / "model.h", sources.model, err) &&
                    WriteFile(root / "CMakeLists.txt", cmake, err);
    return ok ? 0 : 2;
}

}  // namespace cnet::compiler
