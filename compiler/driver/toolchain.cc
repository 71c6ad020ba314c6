// toolchain.cc — the C++ compiler invocation for `cnetc build`, configured at CMake time
// (see Note [Toolchain config] in compiler/CMakeLists.txt).
#include "compiler/driver/toolchain.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cnet_toolchain_config.h"

namespace cnet::compiler {
namespace {

std::string Quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') {
            out += "'\\''";
        } else {
            out += c;
        }
    }
    return out + "'";
}

bool ReadAll(const std::string& path, std::string* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    *out = ss.str();
    return true;
}

bool MakeDirs(const std::string& dir) {
    std::string partial;
    std::stringstream ss(dir);
    std::string part;
    if (!dir.empty() && dir[0] == '/') partial = "/";
    while (std::getline(ss, part, '/')) {
        if (part.empty()) continue;
        partial += part + "/";
        if (mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
    return true;
}

double MTime(const std::string& path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return -1;
    return static_cast<double>(st.st_mtim.tv_sec) + st.st_mtim.tv_nsec * 1e-9;
}

// Note [Installed runtime]: after `cmake --install`, cnetc lives in <prefix>/bin next to <prefix>/include/cnet
// and <prefix>/lib/libcnet_runtime.a; it uses those. Run from the build tree, it uses the paths recorded at
// configure time.
struct RuntimePaths {
    std::string include_dir;
    std::string library;
    std::string pch;  // the precompiled runtime API's header; its .gch lies beside it (Note [Program PCH])
};

RuntimePaths FindRuntime() {
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        std::string exe(self, static_cast<std::size_t>(n));
        const std::string bin_dir = exe.substr(0, exe.find_last_of('/'));
        const std::string prefix = bin_dir.substr(0, bin_dir.find_last_of('/'));
        RuntimePaths installed{prefix + "/include", prefix + "/lib/libcnet_runtime.a",
                               prefix + "/lib/cnet/cnet_program.h"};
        if (MTime(installed.library) >= 0 && MTime(installed.include_dir + "/cnet/core/array.h") >= 0) return installed;
    }
    return {CNET_TOOLCHAIN_INCLUDE_DIR, CNET_TOOLCHAIN_RUNTIME_LIBRARY, CNET_TOOLCHAIN_PCH};
}

// The PCH is used only when its .gch is newer than every runtime header: GCC does not check that the headers it
// was made from are unchanged, and a stale one would compile the program against old declarations. Without it
// the program compiles as before, only slower.
bool PchIsCurrent(const RuntimePaths& paths) {
    const double gch = MTime(paths.pch + ".gch");
    if (gch < 0 || MTime(paths.pch) < 0) return false;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(paths.include_dir + "/cnet", ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (MTime(it->path().string()) > gch) return false;
    }
    return !ec;
}

// Runs `command` through the shell, appending its stdout and stderr to `output`; the exit status, -1 if it
// could not be started.
int RunCommand(const std::string& command, std::string* output) {
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) return -1;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output->append(buffer, n);
    return pclose(pipe);
}

std::string Stem(const std::string& path) {
    std::string base = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const std::size_t dot = base.rfind('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

}  // namespace

ProgramToolchain CurrentToolchain() {
    const RuntimePaths paths = FindRuntime();
    return {paths.include_dir, paths.library, CNET_TOOLCHAIN_CXX_FLAGS, CNET_TOOLCHAIN_LINK_FLAGS};
}

std::string BuildDirFor(const std::string& output) { return output + ".cnet-build"; }

int BuildExecutable(const BuildRequest& request, std::ostream& err) {
    const std::string dir = BuildDirFor(request.output);
    if (!MakeDirs(dir)) {
        err << "cnetc: error: cannot create '" << dir << "'\n";
        return 2;
    }
    const std::string cc_path = dir + "/" + Stem(request.source_path) + ".cc";
    const RuntimePaths paths = FindRuntime();
    const std::string& runtime = paths.library;
    if (MTime(runtime) < 0) {
        err << "cnetc: error: the cnet runtime library is not built ('" << runtime
            << "'); build the 'cnet_runtime' target first\n";
        return 2;
    }
    std::string previous;
    const bool unchanged = ReadAll(cc_path, &previous) && previous == request.cpp;
    if (!unchanged) {
        std::ofstream out(cc_path, std::ios::binary);
        out << request.cpp;
        if (!out) {
            err << "cnetc: error: cannot write '" << cc_path << "'\n";
            return 2;
        }
    }
    const double exe_time = MTime(request.output);
    if (unchanged && exe_time >= MTime(cc_path) && exe_time >= MTime(runtime)) return 0;  // up to date

    // Compile, then link: one command for both would pass the link flags (-fopenmp) to the compile, which no longer
    // matches the PCH; and ccache caches compiles, not links.
    const std::string object = dir + "/" + Stem(request.source_path) + ".o";
    std::string compile;
    std::string pch_flags;
    const bool pch = request.use_pch && PchIsCurrent(paths);
    if (pch) pch_flags = " -include " + Quote(paths.pch) + " -Winvalid-pch";
    const std::string launcher = CNET_TOOLCHAIN_LAUNCHER;
    if (!launcher.empty()) {
        // ccache caches a compile that uses a PCH only with these (it then hashes the .gch); otherwise it runs the
        // compiler uncached.
        if (pch) {
            compile += "CCACHE_SLOPPINESS=\"${CCACHE_SLOPPINESS:+$CCACHE_SLOPPINESS,}pch_defines,time_macros\" ";
            pch_flags += " -fpch-preprocess";
        }
        compile += launcher + " ";
    }
    compile += Quote(CNET_TOOLCHAIN_CXX) + " " + CNET_TOOLCHAIN_CXX_FLAGS + pch_flags + " -I" + Quote(paths.include_dir) +
               " -c -o " + Quote(object) + " " + Quote(cc_path);
    const std::string link = Quote(CNET_TOOLCHAIN_CXX) + " " + CNET_TOOLCHAIN_CXX_FLAGS + " -o " + Quote(request.output) +
                             " " + Quote(object) + " " + Quote(runtime) + " " + CNET_TOOLCHAIN_LINK_FLAGS;
    std::string output;
    int status = RunCommand(compile, &output);
    if (status == 0) status = RunCommand(link, &output);
    if (status < 0) {
        err << "cnetc: error: cannot run the C++ compiler\n";
        return 3;
    }
    if (status != 0) {
        err << output;
        err << "internal compiler error: the C++ generated from '" << request.source_path
            << "' did not compile (" << cc_path << ")\n"
            << "note: this is a bug in cnetc or a mismatch with the runtime, not in your program; please report it "
               "with the input file\n";
        return 3;
    }
    return 0;
}

}  // namespace cnet::compiler
