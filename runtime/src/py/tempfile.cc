// tempfile.cc — gettempdir and mkdtemp on mkdir(2), with names drawn as CPython draws them.
#include "cnet/py/tempfile.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/py/os_path.h"

namespace cnet {
namespace py {
namespace tempfile {
namespace {

bool UsableDirectory(const std::string& dir) {
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec) && ::access(dir.c_str(), W_OK | X_OK) == 0;
}

// CPython's _RandomNameSequence: 8 characters from this alphabet. Its own generator, as CPython's tempfile
// keeps its own Random: the names never disturb the program's random.seed() sequence.
std::string RandomName() {
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
    thread_local std::mt19937_64 gen{std::random_device{}()};
    std::uniform_int_distribution<int> pick(0, static_cast<int>(sizeof(kChars)) - 2);
    std::string name;
    for (int i = 0; i < 8; ++i) name += kChars[pick(gen)];
    return name;
}

}  // namespace

std::string gettempdir() {
    std::vector<std::string> candidates;
    for (const char* var : {"TMPDIR", "TEMP", "TMP"}) {
        if (const char* v = std::getenv(var); v != nullptr && *v != '\0') candidates.emplace_back(v);
    }
    for (const char* dir : {"/tmp", "/var/tmp", "/usr/tmp"}) candidates.emplace_back(dir);
    candidates.push_back(os::getcwd());
    for (const std::string& dir : candidates) {
        if (UsableDirectory(dir)) return os_path::abspath(dir);
    }
    throw FileNotFoundError("[Errno 2] No usable temporary directory found in " + str(candidates));
}

std::string mkdtemp(const std::string& suffix, const std::string& prefix, const std::optional<std::string>& dir) {
    const std::string parent = dir.has_value() ? *dir : gettempdir();
    // CPython tries up to TMP_MAX (238328) names; a clash is as unlikely as there, so fewer tries suffice.
    for (int attempt = 0; attempt < 10000; ++attempt) {
        const std::string path = os_path::join(parent, prefix + RandomName() + suffix);
        if (::mkdir(path.c_str(), 0700) == 0) return path;
        if (errno != EEXIST) raise_os_error(errno, path);
    }
    throw OSError("[Errno 17] No usable temporary directory name found in " + repr(parent));
}

}  // namespace tempfile
}  // namespace py
}  // namespace cnet
