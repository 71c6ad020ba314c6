// download.cc — chainer.dataset's download cache paths, without a downloader.
#include "cnet/dataset/download.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <optional>

#include "cnet/py/errors.h"
#include "cnet/py/md5.h"
#include "cnet/py/os_path.h"

namespace cnet {
namespace dataset {
namespace {

std::mutex& RootMutex() {
    static std::mutex m;
    return m;
}
std::optional<std::string>& RootOverride() {
    static std::optional<std::string> root;
    return root;
}

// os.path.expanduser('~'): $HOME, else the password database's home directory.
std::string HomeDirectory() {
    if (const char* home = std::getenv("HOME"); home != nullptr) return home;
    if (const passwd* pw = ::getpwuid(::getuid()); pw != nullptr && pw->pw_dir != nullptr) return pw->pw_dir;
    return "~";
}

// Chainer's `try: os.makedirs(path) except OSError: if not os.path.isdir(path): raise`.
void MakeDirectories(const std::string& path) {
    if (py::os_path::isdir(path)) return;
    py::os::makedirs(path, /*exist_ok=*/true);
}

}  // namespace

std::string get_dataset_root() {
    {
        std::lock_guard<std::mutex> lock(RootMutex());
        if (RootOverride().has_value()) return *RootOverride();
    }
    // os.environ.get: a variable set to "" is that root, as in Chainer.
    if (const char* root = std::getenv("CHAINER_DATASET_ROOT"); root != nullptr) return root;
    return py::os_path::join(HomeDirectory(), ".chainer", "dataset");
}

void set_dataset_root(const std::string& path) {
    std::lock_guard<std::mutex> lock(RootMutex());
    RootOverride() = path;
}

namespace internal {
void reset_dataset_root() {
    std::lock_guard<std::mutex> lock(RootMutex());
    RootOverride().reset();
}
}  // namespace internal

std::string get_dataset_directory(const std::string& dataset_name, bool create_directory) {
    const std::string path = py::os_path::join(get_dataset_root(), dataset_name);
    if (create_directory) MakeDirectories(path);
    return path;
}

std::string cached_download(const std::string& url) {
    const std::string cache_root = py::os_path::join(get_dataset_root(), "_dl_cache");
    MakeDirectories(cache_root);
    const std::string cache_path = py::os_path::join(cache_root, py::hashlib::md5_hexdigest(url));
    if (py::os_path::exists(cache_path)) return cache_path;
    throw py::OSError("cached_download: " + url +
                      " is not in Chainer's download cache, and cnet programs do not download: download it "
                      "yourself and save it as " +
                      cache_path +
                      " (the cache is $CHAINER_DATASET_ROOT/_dl_cache, default ~/.chainer/dataset/_dl_cache; the "
                      "file's name is the MD5 of the URL)");
}

}  // namespace dataset
}  // namespace cnet
