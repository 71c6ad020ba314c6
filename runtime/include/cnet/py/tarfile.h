// tarfile.h — Python's tarfile module for reading, as Chainer's text_classification example uses it:
// `tf = tarfile.open(path, 'r')`, `tf.extractall(path)`, `tf.extractfile(name)` read with csv.reader, `tf.getnames()`,
// `tf.close()`. Archives are read with libarchive: tar (ustar, pax, GNU) plain or compressed; mode 'r' / 'r:*'
// takes any compression libarchive knows (gzip, bzip2, xz, ...), 'r:' none, 'r:gz' / 'r:bz2' / 'r:xz' that one
// ('r|...' stream modes read the same way). Writing ('w', 'a', 'x') is not provided.
//
// Differences from CPython, on purpose:
// - extractfile(name) returns a text file (UTF-8, strict), not a binary one: `csv.reader(tf.extractfile(name))`
//   and `for line in tf.extractfile(name)` read str as a .cnet program expects (CPython gives bytes, which
//   csv.reader refuses; Chainer wraps them in io.TextIOWrapper, which here returns the member file itself).
//   A member that is a directory or a device (CPython: None) raises ValueError.
// - extractall always applies CPython's 'data' extraction filter (PEP 706; the default from Python 3.14): a leading
//   '/' is dropped, and a member that would land outside the target directory ('../x'), a link to an absolute
//   path or out of it, or a device file raises the filter's error (a FilterError) before it is written.
// The exceptions keep CPython's classes and messages (KeyError "filename 'x' not found", FileNotFoundError,
// tarfile.ReadError "file could not be opened successfully..."); `except tarfile.ReadError` is not yet
// nameable in .cnet: `except Exception` catches them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/py/errors.h"
#include "cnet/py/file.h"

namespace cnet {
namespace py {
namespace tarfile {

/// tarfile.TarError and the subclasses tarfile raises (Python's classes; each an Exception).
class TarError : public Error {
public:
    using Error::Error;
};
class ReadError : public TarError {
public:
    using TarError::TarError;
};
class CompressionError : public TarError {
public:
    using TarError::TarError;
};
/// The 'data' filter's refusals: OutsideDestinationError, AbsoluteLinkError, LinkOutsideDestinationError,
/// SpecialFileError, as in CPython.
class FilterError : public TarError {
public:
    using TarError::TarError;
};
class OutsideDestinationError : public FilterError {
public:
    using FilterError::FilterError;
};
class AbsoluteLinkError : public FilterError {
public:
    using FilterError::FilterError;
};
class LinkOutsideDestinationError : public FilterError {
public:
    using FilterError::FilterError;
};
class SpecialFileError : public FilterError {
public:
    using FilterError::FilterError;
};

/// How an archive's bytes are decompressed: any filter libarchive has ('r', 'r:*'), or one named ("tar" for none).
struct Compression {
    bool any = true;
    std::string comptype;  // when !any: "tar", "gz", "bz2" or "xz"
};

/// An open archive. It keeps the file open (an archive replaced or removed after open is still the one read) and
/// reads it from the start for each operation: a compressed tar stream has no index to seek by.
class TarFile {
public:
    /// Opens `name` and reads its first header, as CPython does: FileNotFoundError / OSError for the file,
    /// ReadError for what is not a tar archive (of that compression), ValueError / CompressionError for the mode.
    TarFile(const std::string& name, const std::string& mode = "r");
    ~TarFile();
    TarFile(const TarFile&) = delete;
    TarFile& operator=(const TarFile&) = delete;

    /// The members' names in archive order (a directory's without its trailing '/'); read once.
    std::vector<std::string> getnames();
    /// The member's contents as a text file; a link's target's. KeyError when there is no such member.
    std::shared_ptr<File> extractfile(const std::string& member);
    /// Writes every member under `path` (created as needed) through the 'data' filter. `filter` is None or 'data'.
    void extractall(const std::string& path = ".", const std::optional<std::string>& filter = std::nullopt);
    void close();
    bool closed() const { return fd_ < 0; }
    /// The archive's absolute path (CPython's TarFile.name).
    const std::string& name() const { return name_; }

    /// One member as the index keeps it.
    struct Member {
        enum Kind { kFile, kDirectory, kSymlink, kHardlink, kOther };
        std::string name;
        Kind kind = kFile;
        std::string linkname;
    };

private:
    void CheckOpen() const;
    const std::vector<Member>& Members();
    std::string ReadMember(std::size_t index);

    std::string name_;
    Compression compression_;
    int fd_ = -1;
    std::optional<std::vector<Member>> members_;
};

/// tarfile.open(name, mode='r').
std::shared_ptr<TarFile> open(const std::string& name, const std::string& mode = "r");
/// tarfile.is_tarfile(name): whether `name` opens as a tar archive (FileNotFoundError when it does not exist).
bool is_tarfile(const std::string& name);
/// io.TextIOWrapper(member, encoding='utf-8'), Chainer's wrapping of extractfile's binary file on Python 3: the
/// member is text already, so it is returned; an open() file is refused (TypeError), as CPython cannot wrap one.
std::shared_ptr<File> text_io_wrapper(const std::shared_ptr<File>& buffer,
                                      const std::optional<std::string>& encoding = std::nullopt);

}  // namespace tarfile
}  // namespace py
}  // namespace cnet
