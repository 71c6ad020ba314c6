// tarfile_reader.cc — one libarchive pass over a tar archive, and the words CPython's tarfile.open uses when the
// first header cannot be read (what the user sees for a file that is no archive of the mode's compression).
#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <new>

#include "py/tarfile_internal.h"

namespace cnet {
namespace py {
namespace tarfile {
namespace internal {

namespace {

// The filter libarchive must have found for an explicit compression, and CPython's words when it did not.
int FilterCode(const std::string& comptype) {
    if (comptype == "gz") return ARCHIVE_FILTER_GZIP;
    if (comptype == "bz2") return ARCHIVE_FILTER_BZIP2;
    if (comptype == "xz") return ARCHIVE_FILTER_XZ;
    return ARCHIVE_FILTER_NONE;
}

const char* NotCompressedMessage(const std::string& comptype) {
    if (comptype == "gz") return "not a gzip file";
    if (comptype == "bz2") return "not a bzip2 file";
    return "not an lzma file";
}

}  // namespace

Reader::Reader(int fd, const Compression& compression, const std::string& name)
    : archive_(archive_read_new()), fd_(fd), compression_(compression) {
    if (archive_ == nullptr) throw std::bad_alloc();
    archive_read_support_format_tar(archive_);  // ustar, pax and GNU tar: what CPython's tarfile reads
    if (compression.any) {
        archive_read_support_filter_all(archive_);
    } else if (compression.comptype == "gz") {
        archive_read_support_filter_gzip(archive_);
    } else if (compression.comptype == "bz2") {
        archive_read_support_filter_bzip2(archive_);
    } else if (compression.comptype == "xz") {
        archive_read_support_filter_xz(archive_);
    }
    if (::lseek(fd, 0, SEEK_SET) < 0) {
        const int err = errno;
        archive_read_free(archive_);
        raise_os_error(err, name);
    }
    if (archive_read_open_fd(archive_, fd, 1 << 16) != ARCHIVE_OK) {
        try {
            FailFirst();
        } catch (...) {
            archive_read_free(archive_);
            throw;
        }
    }
}

Reader::~Reader() { archive_read_free(archive_); }  // the fd stays open: archive_read_open_fd does not own it

bool Reader::Next() {
    const int r = archive_read_next_header(archive_, &entry_);
    if (r != ARCHIVE_OK && r != ARCHIVE_WARN && r != ARCHIVE_EOF) {
        if (first_) FailFirst();
        Fail();
    }
    if (first_) {
        first_ = false;
        // An explicit compression the data does not have: libarchive reads it as uncompressed, CPython refuses it.
        if (!compression_.any && archive_filter_code(archive_, 0) != FilterCode(compression_.comptype)) {
            throw ReadError(NotCompressedMessage(compression_.comptype));
        }
    }
    return r != ARCHIVE_EOF;
}

TarFile::Member Reader::Current() {
    TarFile::Member m;
    // UTF-8 where libarchive knows the encoding (pax headers); else the header's bytes as they are.
    const char* name = archive_entry_pathname_utf8(entry_);
    if (name == nullptr) name = archive_entry_pathname(entry_);
    m.name = name != nullptr ? name : "";
    const char* hardlink = archive_entry_hardlink_utf8(entry_);
    if (hardlink == nullptr) hardlink = archive_entry_hardlink(entry_);
    if (hardlink != nullptr) {
        m.kind = TarFile::Member::kHardlink;
        m.linkname = hardlink;
        return m;
    }
    switch (archive_entry_filetype(entry_)) {
        case AE_IFREG:
            m.kind = TarFile::Member::kFile;
            break;
        case AE_IFDIR:
            m.kind = TarFile::Member::kDirectory;
            while (!m.name.empty() && m.name.back() == '/') m.name.pop_back();  // CPython: name.rstrip('/')
            break;
        case AE_IFLNK: {
            m.kind = TarFile::Member::kSymlink;
            const char* target = archive_entry_symlink_utf8(entry_);
            if (target == nullptr) target = archive_entry_symlink(entry_);
            m.linkname = target != nullptr ? target : "";
            break;
        }
        default:
            m.kind = TarFile::Member::kOther;
    }
    return m;
}

std::string Reader::Data() {
    std::string out;
    if (archive_entry_size_is_set(entry_) && archive_entry_size(entry_) > 0) {
        out.reserve(static_cast<std::size_t>(archive_entry_size(entry_)));
    }
    char buffer[1 << 16];
    for (;;) {
        const la_ssize_t n = archive_read_data(archive_, buffer, sizeof buffer);
        if (n < 0) Fail();
        if (n == 0) break;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    return out;
}

void Reader::Fail() {
    const char* message = archive_error_string(archive_);
    throw ReadError(message != nullptr ? message : "unexpected end of data");
}

// tarfile.open's ReadError for a file whose first header cannot be read: for mode 'r' / 'r:*' CPython says it
// could not be opened (and lists each method's reason: here libarchive's); for one compression, what failed.
void Reader::FailFirst() {
    struct stat st {};
    const bool empty = ::fstat(fd_, &st) == 0 && st.st_size == 0;
    const char* reason = archive_error_string(archive_);
    const std::string why = empty ? "empty file" : reason != nullptr ? reason : "invalid header";
    if (compression_.any) throw ReadError("file could not be opened successfully:\n- " + why);
    if (compression_.comptype == "tar") {
        throw ReadError(empty ? "empty file" : st.st_size < 512 ? "truncated header" : "invalid header");
    }
    if (empty && compression_.comptype == "gz") throw ReadError("empty file");
    if (empty || archive_filter_code(archive_, 0) != FilterCode(compression_.comptype)) {
        throw ReadError(NotCompressedMessage(compression_.comptype));
    }
    throw ReadError("invalid header");
}

}  // namespace internal
}  // namespace tarfile
}  // namespace py
}  // namespace cnet
