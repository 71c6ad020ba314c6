// os_path.h — the parts of Python's `os` and `os.path` that training scripts use for files and result
// directories: join, exists, isfile, isdir, basename, dirname, splitext, abspath, os.makedirs, os.getcwd,
// os.remove, os.listdir (sorted; CPython's order is the directory's).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace cnet {
namespace py {
namespace os_path {

/// join(a, b): b when it is absolute, else a + '/' + b (no '/' doubled).
inline std::string join2(const std::string& a, const std::string& b) {
    if (!b.empty() && b[0] == '/') return b;
    if (a.empty() || a.back() == '/') return a + b;
    return a + "/" + b;
}
inline std::string join(const std::string& a) { return a; }
/// join(a, *paths) of a list.
inline std::string join(const std::string& a, const std::vector<std::string>& paths) {
    std::string out = a;
    for (const std::string& p : paths) out = join2(out, p);
    return out;
}
template <typename... Rest>
std::string join(const std::string& a, const std::string& b, const Rest&... rest) {
    return join(join2(a, b), rest...);
}

bool exists(const std::string& path);
bool isfile(const std::string& path);
bool isdir(const std::string& path);
std::string basename(const std::string& path);
std::string dirname(const std::string& path);
std::tuple<std::string, std::string> splitext(const std::string& path);
std::string abspath(const std::string& path);

}  // namespace os_path

namespace os {
void makedirs(const std::string& path, bool exist_ok = false);
/// os.mkdir(path): one directory; OSError "[Errno 17] File exists" (Python's FileExistsError, an OSError) or
/// FileNotFoundError (a missing parent), with CPython's messages.
void mkdir(const std::string& path);
std::string getcwd();
void remove(const std::string& path);
std::vector<std::string> listdir(const std::string& path = ".");
}  // namespace os

namespace time {
/// time.time(): seconds since the epoch; time.perf_counter(): a monotonic clock in seconds.
double time();
double perf_counter();
void sleep(double seconds);
}  // namespace time

}  // namespace py
}  // namespace cnet
