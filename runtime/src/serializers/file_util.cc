// file_util.cc — POSIX whole-file I/O: read, and write-to-temp + fsync + rename.
//
// Note [Atomic write temporaries]
// WriteFileAtomically writes DIR/.NAME.tmpXXXXXX and renames it to DIR/NAME, so a kill leaves NAME complete, but
// it leaves the temporary behind (LogReport's log, a plot, an npz: one per kill). As for snapshots (Note [Snapshot
// temporaries]), the writer holds an flock on its temporary, which the kernel drops when the process dies, and
// every write first removes the temporaries of the same NAME that nobody holds locked: litter of killed runs,
// never a file another live process is writing.
#include "cnet/serializers/file_util.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
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

constexpr char kTempInfix[] = ".tmp";
constexpr size_t kMkstempSuffixLen = 6;

// See Note [Atomic write temporaries]: removes DIR/.BASE.tmpXXXXXX files that no process holds locked.
void RemoveStaleTemps(const std::string& dir, const std::string& base) {
    const std::string prefix = "." + base + kTempInfix;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() != prefix.size() + kMkstempSuffixLen || name.compare(0, prefix.size(), prefix) != 0) continue;
        const int fd = ::open(it->path().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;  // gone already, a link, or not ours to open
        struct stat st;
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0)
            ::unlink(it->path().c_str());
        ::close(fd);
    }
}

// Creates and locks DIR/.BASE.tmpXXXXXX (mkstemp); returns its descriptor and sets `tmp` to its path.
int CreateLockedTemp(const std::string& dir, const std::string& base, const std::string& path, std::string& tmp) {
    for (;;) {
        std::string name = dir + "." + base + kTempInfix + "XXXXXX";
        std::vector<char> templ(name.begin(), name.end());
        templ.push_back('\0');
        const int fd = ::mkstemp(templ.data());
        if (fd < 0)
            throw SerializationError("cannot create a temporary file in '" + (dir.empty() ? "." : dir) + "' for '" +
                                     path + "': " + ErrnoText());
        tmp = templ.data();
        ::flock(fd, LOCK_EX);
        // Another process's cleanup may have locked and removed the fresh file first: then make another.
        struct stat held, named;
        if (::fstat(fd, &held) == 0 && ::stat(tmp.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
            held.st_dev == named.st_dev)
            return fd;
        ::close(fd);
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
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    RemoveStaleTemps(dir.empty() ? "." : dir, base);
    std::string tmp;
    const int fd = CreateLockedTemp(dir, base, path, tmp);
    try {
        WriteAll(fd, bytes, tmp);
        ::fchmod(fd, 0666 & ~CurrentUmask());
        if (::fsync(fd) != 0) throw SerializationError("cannot flush '" + tmp + "': " + ErrnoText());
    } catch (...) {
        ::unlink(tmp.c_str());
        ::close(fd);
        throw;
    }
    // Renamed while still locked, so no cleanup can take the finished file for litter; closing unlocks it.
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = ErrnoText();
        ::unlink(tmp.c_str());
        ::close(fd);
        throw SerializationError("cannot write '" + path + "': " + why);
    }
    if (::close(fd) != 0) throw SerializationError("cannot write '" + path + "': " + ErrnoText());
}

bool IsRegularFile(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace serializers
}  // namespace cnet
