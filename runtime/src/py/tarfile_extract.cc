// tarfile_extract.cc — TarFile.extractall: each member checked by CPython's 'data' filter (PEP 706), then written by
// libarchive's disk writer. The checks are made before a member is written, so a member that would escape the
// target directory is never created; the members before it are extracted, as in CPython.
#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>

#include <filesystem>
#include <new>
#include <system_error>

#include "cnet/py/format.h"
#include "cnet/py/os_path.h"
#include "py/tarfile_internal.h"

namespace cnet {
namespace py {
namespace tarfile {

namespace {

namespace fs = std::filesystem;

// Python's os.path.realpath (not strict): symbolic links resolved where the path exists, '..' and '.' removed.
std::string RealPath(const fs::path& path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    if (ec) absolute = path;
    fs::path real = fs::weakly_canonical(absolute, ec);
    if (ec) real = absolute.lexically_normal();
    std::string out = real.string();
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

// os.path.commonpath([path, root]) == root: path is root or below it.
bool Inside(const std::string& path, const std::string& root) {
    if (root == "/") return true;
    return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
                            path[root.size()] == '/');
}

// Where a member is written: its directory resolved (no symbolic link is followed below it: libarchive's
// SECURE_SYMLINKS would refuse one), its own name kept, so an existing link there is replaced, not written through.
std::string WritePath(const fs::path& joined) {
    const fs::path leaf = joined.filename();
    if (leaf.empty() || leaf == "." || leaf == "..") return RealPath(joined);
    return (fs::path(RealPath(joined.parent_path())) / leaf).string();
}

mode_t Umask() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
}

// libarchive's disk writer: owners are not restored (the 'data' filter drops them), modes and times are.
class DiskWriter {
public:
    DiskWriter() : archive_(archive_write_disk_new()) {
        if (archive_ == nullptr) throw std::bad_alloc();
        archive_write_disk_set_options(archive_, ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM |
                                                     ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT);
    }
    ~DiskWriter() { archive_write_free(archive_); }
    DiskWriter(const DiskWriter&) = delete;
    DiskWriter& operator=(const DiskWriter&) = delete;
    struct archive* get() { return archive_; }
    // CPython's OSError for the file it was writing (its path as extractall joined it), else libarchive's words.
    [[noreturn]] void Fail(const std::string& path) {
        if (archive_errno(archive_) != 0) raise_os_error(archive_errno(archive_), path);
        const char* message = archive_error_string(archive_);
        throw OSError(message != nullptr ? message : "cannot extract " + repr(path));
    }

private:
    struct archive* archive_;
};

// The mode the 'data' filter gives a member: no set-id bits, no write for group and others; a file always
// readable and writable by its owner and executable only if the owner could execute it; a directory the
// system's default (or its mode now, when it exists: CPython leaves it).
mode_t DataMode(const TarFile::Member& m, mode_t archived, const std::string& path) {
    mode_t mode = archived & 0755;
    if (m.kind == TarFile::Member::kDirectory) {
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return st.st_mode & 07777;
        return 0777 & ~Umask();
    }
    if (!(mode & 0100)) mode &= ~0111;
    return mode | 0600;
}

// The 'data' filter's refusals, in CPython's order, with its messages.
void CheckMember(const TarFile::Member& m, const std::string& stripped, const std::string& dest) {
    const std::string target = RealPath(fs::path(dest) / stripped);
    if (!Inside(target, dest)) {
        throw OutsideDestinationError(repr(m.name) + " would be extracted to " + repr(target) +
                                      ", which is outside the destination");
    }
    if (m.kind == TarFile::Member::kOther) throw SpecialFileError(repr(m.name) + " is a special file");
    if (m.kind != TarFile::Member::kSymlink && m.kind != TarFile::Member::kHardlink) return;
    if (!m.linkname.empty() && m.linkname[0] == '/') {
        throw AbsoluteLinkError(repr(m.name) + " is a link to an absolute path");
    }
    const fs::path link = m.kind == TarFile::Member::kSymlink
                              ? fs::path(dest) / os_path::dirname(stripped) / m.linkname
                              : fs::path(dest) / m.linkname;
    const std::string link_target = RealPath(link);
    if (!Inside(link_target, dest)) {
        throw LinkOutsideDestinationError(repr(m.name) + " would link to " + repr(link_target) +
                                          ", which is outside the destination");
    }
}

}  // namespace

void TarFile::extractall(const std::string& path, const std::optional<std::string>& filter) {
    CheckOpen();
    if (filter && *filter != "data") {
        if (*filter == "tar" || *filter == "fully_trusted") {
            throw ValueError("extractall(filter=" + repr(*filter) +
                             ") is not supported in .cnet: members are always extracted through the 'data' filter");
        }
        throw ValueError("filter " + repr(*filter) + " not found");
    }
    const std::string dest = RealPath(path);
    internal::Reader reader(fd_, compression_, name_);
    DiskWriter writer;
    while (reader.Next()) {
        const Member m = reader.Current();
        std::string stripped = m.name;
        stripped.erase(0, stripped.find_first_not_of('/'));  // the filter drops a leading '/'
        if (stripped.empty() && !m.name.empty()) stripped = ".";
        CheckMember(m, stripped, dest);
        const std::string shown = os_path::join(path, stripped);  // the path CPython's errors name
        const std::string target = WritePath(fs::path(dest) / stripped);
        struct archive_entry* entry = reader.entry();
        archive_entry_copy_pathname(entry, target.c_str());
        if (m.kind == Member::kHardlink) {
            archive_entry_copy_hardlink(entry, RealPath(fs::path(dest) / m.linkname).c_str());
        }
        if (m.kind != Member::kSymlink) archive_entry_set_perm(entry, DataMode(m, archive_entry_perm(entry), target));
        if (archive_write_header(writer.get(), entry) < ARCHIVE_WARN) writer.Fail(shown);
        if (archive_entry_size(entry) > 0) {
            const void* block = nullptr;
            size_t size = 0;
            la_int64_t offset = 0;
            for (;;) {
                const int r = archive_read_data_block(reader.get(), &block, &size, &offset);
                if (r == ARCHIVE_EOF) break;
                if (r < ARCHIVE_WARN) reader.Fail();
                if (archive_write_data_block(writer.get(), block, size, offset) < ARCHIVE_WARN) writer.Fail(shown);
            }
        }
        if (archive_write_finish_entry(writer.get()) < ARCHIVE_WARN) writer.Fail(shown);
    }
    // Directories get their times (and modes) last, once their contents are written (libarchive's fix-ups).
    if (archive_write_close(writer.get()) < ARCHIVE_WARN) writer.Fail(path);
}

}  // namespace tarfile
}  // namespace py
}  // namespace cnet
