// file_util.cc — POSIX whole-file I/O: read, and write-to-temp + fsync + rename.
#include "cnet/serializers/file_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace serializers {
namespace {

std::string ErrnoText() { return std::strerror(errno); }

// The process umask, read without changing it (umask(2) would race with other threads).
mode_t CurrentUmask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
    }
    return 022;
}

void WriteAll(int fd, const std::string& bytes, const std::string& tmp) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw SerializationError("cannot write '" + tmp + "': " + ErrnoText());
        done += static_cast<size_t>(n);
    }
}

}  // namespace

std::string ReadFileBytes(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw SerializationError("cannot open '" + path + "': " + ErrnoText());
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const std::string why = ErrnoText();
        ::close(fd);
        throw SerializationError("cannot read '" + path + "': " + why);
    }
    // Only a regular file has a size to check before allocating: a device or pipe (--resume /dev/urandom) would
    // be read until memory runs out.
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw SerializationError("cannot read '" + path + "': " +
                                 (S_ISDIR(st.st_mode) ? "it is a directory" : "not a regular file"));
    }
    std::string bytes(static_cast<size_t>(st.st_size), '\0');
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, &bytes[done], bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = n < 0 ? ErrnoText() : "the file shrank while being read";
            ::close(fd);
            throw SerializationError("cannot read '" + path + "': " + why);
        }
        done += static_cast<size_t>(n);
    }
    ::close(fd);
    return bytes;
}

void WriteFileAtomically(const std::string& path, const std::string& bytes) {
    const size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string tmp = (slash == std::string::npos ? "" : dir) + "." + base + ".tmpXXXXXX";
    std::vector<char> templ(tmp.begin(), tmp.end());
    templ.push_back('\0');
    const int fd = ::mkstemp(templ.data());
    if (fd < 0) throw SerializationError("cannot create a temporary file in '" + dir + "' for '" + path + "': " + ErrnoText());
    tmp = templ.data();
    try {
        WriteAll(fd, bytes, tmp);
        ::fchmod(fd, 0666 & ~CurrentUmask());
        if (::fsync(fd) != 0) throw SerializationError("cannot flush '" + tmp + "': " + ErrnoText());
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (::close(fd) != 0 || ::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = ErrnoText();
        ::unlink(tmp.c_str());
        throw SerializationError("cannot write '" + path + "': " + why);
    }
}

bool IsRegularFile(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace serializers
}  // namespace cnet
