// os_path.cc — os, os.path and time on std::filesystem and std::chrono, with CPython's results and errors.
#include "cnet/py/os_path.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <thread>

#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {
namespace os_path {

namespace fs = std::filesystem;

bool exists(const std::string& path) {
    std::error_code ec;
    return fs::exists(path, ec);
}
bool isfile(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}
bool isdir(const std::string& path) {
    std::error_code ec;
    return fs::is_directory(path, ec);
}
std::string basename(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}
std::string dirname(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return "";
    std::string head = path.substr(0, slash + 1);
    // Trailing slashes go, unless the head is all slashes (CPython's posixpath.dirname).
    if (head.find_first_not_of('/') != std::string::npos) {
        while (!head.empty() && head.back() == '/') head.pop_back();
    }
    return head;
}
std::tuple<std::string, std::string> splitext(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::size_t start = slash == std::string::npos ? 0 : slash + 1;
    const std::size_t dot = path.rfind('.');
    if (dot == std::string::npos || dot < start) return {path, ""};
    // A leading dot of the name (".bashrc") is no extension.
    const std::size_t first = path.find_first_not_of('.', start);
    if (first == std::string::npos || dot < first) return {path, ""};
    return {path.substr(0, dot), path.substr(dot)};
}
std::string abspath(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

}  // namespace os_path

namespace os {

void makedirs(const std::string& path, bool exist_ok) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        if (!exist_ok) throw OSError("[Errno 17] File exists: " + repr(path));
        return;
    }
    std::filesystem::create_directories(path, ec);
    if (ec) throw OSError("[Errno " + std::to_string(ec.value()) + "] " + ec.message() + ": " + repr(path));
}
void mkdir(const std::string& path) {
    if (::mkdir(path.c_str(), 0777) == 0) return;
    const int err = errno;
    const std::string text = "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " + repr(path);
    if (err == ENOENT) throw FileNotFoundError(text);
    throw OSError(text);
}
std::string getcwd() { return std::filesystem::current_path().string(); }
void remove(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) && !std::filesystem::is_symlink(path, ec)) {
        throw FileNotFoundError("[Errno 2] No such file or directory: " + repr(path));
    }
    std::filesystem::remove(path, ec);
    if (ec) throw OSError("[Errno " + std::to_string(ec.value()) + "] " + ec.message() + ": " + repr(path));
}
std::vector<std::string> listdir(const std::string& path) {
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(path, ec))
        names.push_back(entry.path().filename().string());
    if (ec) throw FileNotFoundError("[Errno 2] No such file or directory: " + repr(path));
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace os

namespace time {

double time() {
    using namespace std::chrono;
    return duration<double>(system_clock::now().time_since_epoch()).count();
}
double perf_counter() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}
void sleep(double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); }

}  // namespace time
}  // namespace py
}  // namespace cnet
