// shutil.cc — shutil on POSIX calls (which report errno for the path that failed, as CPython's messages name
// it) and std::filesystem (whole trees).
#include "cnet/py/shutil.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/py/os_path.h"

namespace cnet {
namespace py {
namespace shutil {
namespace {

namespace fs = std::filesystem;

class Fd {
 public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

 private:
    int fd_;
};

// CPython's shutil._basename: the last component of a path given with a trailing slash ('dir/' -> 'dir').
std::string BaseName(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return os_path::basename(path);
}

// Whether dst lies inside the directory src (CPython's shutil._destinsrc).
bool DestInSrc(const std::string& src, const std::string& dst) {
    std::string s = os_path::abspath(src), d = os_path::abspath(dst);
    if (s.back() != '/') s += '/';
    if (d.back() != '/') d += '/';
    return d.compare(0, s.size(), s) == 0;
}

void WriteAll(int fd, const char* data, ssize_t n, const std::string& dst) {
    while (n > 0) {
        const ssize_t written = ::write(fd, data, static_cast<std::size_t>(n));
        if (written < 0) {
            if (errno == EINTR) continue;
            raise_os_error(errno, dst);
        }
        data += written;
        n -= written;
    }
}

}  // namespace

void rmtree(const std::string& path, bool ignore_errors) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) {
        if (ignore_errors) return;
        raise_os_error(errno, path);
    }
    if (S_ISLNK(st.st_mode)) {
        if (ignore_errors) return;
        throw OSError("Cannot call rmtree on a symbolic link");
    }
    if (!S_ISDIR(st.st_mode)) {
        if (ignore_errors) return;
        raise_os_error(ENOTDIR, path);
    }
    std::error_code ec;
    fs::remove_all(path, ec);
    if (ec && !ignore_errors) raise_os_error(ec.value(), path);
}

std::string copyfile(const std::string& src, const std::string& dst) {
    std::error_code ec;
    if (fs::equivalent(src, dst, ec)) throw OSError(repr(src) + " and " + repr(dst) + " are the same file");
    const Fd in(::open(src.c_str(), O_RDONLY | O_CLOEXEC));
    if (in.get() < 0) raise_os_error(errno, src);
    struct stat st {};
    if (::fstat(in.get(), &st) == 0 && S_ISDIR(st.st_mode)) raise_os_error(EISDIR, src);
    const Fd out(::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666));
    if (out.get() < 0) {
        const int err = errno;
        // 'missing/' names a directory to create the file in; CPython 3.11 says so.
        if (err == EISDIR && !os_path::exists(dst)) throw FileNotFoundError("Directory does not exist: " + dst);
        raise_os_error(err, dst);
    }
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(in.get(), buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            raise_os_error(errno, src);
        }
        if (n == 0) break;
        WriteAll(out.get(), buffer, n, dst);
    }
    return dst;
}

std::string copy(const std::string& src, const std::string& dst) {
    const std::string target = os_path::isdir(dst) ? os_path::join(dst, BaseName(src)) : dst;
    copyfile(src, target);
    struct stat st {};
    if (::stat(src.c_str(), &st) != 0) raise_os_error(errno, src);
    if (::chmod(target.c_str(), st.st_mode & 07777) != 0) raise_os_error(errno, target);
    return target;
}

std::string move(const std::string& src, const std::string& dst) {
    std::string real_dst = dst;
    if (os_path::isdir(dst)) {
        std::error_code ec;
        if (fs::equivalent(src, dst, ec)) {  // a rename that changes only the case on such file systems
            fs::rename(src, dst, ec);
            if (ec) raise_os_error(ec.value(), src);
            return dst;
        }
        real_dst = os_path::join(dst, BaseName(src));
        struct stat st {};
        if (::lstat(real_dst.c_str(), &st) == 0) throw OSError("Destination path '" + real_dst + "' already exists");
    }
    if (::rename(src.c_str(), real_dst.c_str()) == 0) return real_dst;
    // rename(2) failed (another file system, a missing source, ...): copy and delete, as CPython does, whose
    // copy reports the error that stands.
    struct stat st {};
    if (::lstat(src.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const fs::path target = fs::read_symlink(src, ec);
        if (!ec) fs::create_symlink(target, real_dst, ec);
        if (!ec) fs::remove(src, ec);
        if (ec) raise_os_error(ec.value(), real_dst);
    } else if (os_path::isdir(src)) {
        if (DestInSrc(src, dst)) {
            throw OSError("Cannot move a directory '" + src + "' into itself '" + dst + "'.");
        }
        std::error_code ec;
        fs::copy(src, real_dst, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
        if (ec) raise_os_error(ec.value(), real_dst);
        rmtree(src);
    } else {
        copy(src, real_dst);
        if (::unlink(src.c_str()) != 0) raise_os_error(errno, src);
    }
    return real_dst;
}

}  // namespace shutil
}  // namespace py
}  // namespace cnet
