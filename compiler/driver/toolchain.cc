// toolchain.cc — the C++ compiler invocation for `cnetc build`, configured at CMake time
// (see Note [Toolchain config] in compiler/CMakeLists.txt).
#include "compiler/driver/toolchain.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
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
};

RuntimePaths FindRuntime() {
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        std::string exe(self, static_cast<std::size_t>(n));
        const std::string bin_dir = exe.substr(0, exe.find_last_of('/'));
        const std::string prefix = bin_dir.substr(0, bin_dir.find_last_of('/'));
        RuntimePaths installed{prefix + "/include", prefix + "/lib/libcnet_runtime.a"};
        if (MTime(installed.library) >= 0 && MTime(installed.include_dir + "/cnet/core/array.h") >= 0) return installed;
    }
    return {CNET_TOOLCHAIN_INCLUDE_DIR, CNET_TOOLCHAIN_RUNTIME_LIBRARY};
}

std::string Stem(const std::string& path) {
    std::string base = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const std::size_t dot = base.rfind('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

}  // namespace

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

    std::string command;
    const std::string launcher = CNET_TOOLCHAIN_LAUNCHER;
    if (!launcher.empty()) command += launcher + " ";
    command += Quote(CNET_TOOLCHAIN_CXX) + " -std=c++17 " + request.opt_level + " " + CNET_TOOLCHAIN_CXX_FLAGS + " -I" +
               Quote(paths.include_dir) + " -o " + Quote(request.output) + " " + Quote(cc_path) + " " +
               Quote(runtime) + " " + CNET_TOOLCHAIN_LINK_FLAGS + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) {
        err << "cnetc: error: cannot run the C++ compiler\n";
        return 3;
    }
    std::string output;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
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
