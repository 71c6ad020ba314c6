// tarfile_internal.h — what tarfile.cc, tarfile_extract.cc and tarfile_member.cc share: one libarchive pass over
// an archive (Reader) and the text file extractfile returns (MemberFile).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "cnet/py/tarfile.h"

struct archive;
struct archive_entry;

namespace cnet {
namespace py {
namespace tarfile {
namespace internal {

/// One pass over the archive open as `fd`, from its start. The first header's failure is reported as CPython's
/// tarfile.open reports it for the mode (ReadError); a later one as libarchive words it.
class Reader {
public:
    Reader(int fd, const Compression& compression, const std::string& name);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    /// Reads the next header; false at the end of the archive.
    bool Next();
    struct archive* get() { return archive_; }
    struct archive_entry* entry() { return entry_; }
    /// The current member as the index keeps it (UTF-8 name, a directory's without its trailing '/').
    TarFile::Member Current();
    /// The current member's bytes.
    std::string Data();
    /// ReadError with libarchive's description of the last failure.
    [[noreturn]] void Fail();

private:
    [[noreturn]] void FailFirst();

    struct archive* archive_;
    struct archive_entry* entry_ = nullptr;
    int fd_;
    Compression compression_;
    bool first_ = true;
};

/// extractfile's result: a member's bytes read as UTF-8 text (strict: an invalid byte raises ValueError, as
/// CPython's decoder would), line by line or at once, from memory.
class MemberFile : public File {
public:
    MemberFile(std::string name, std::string bytes) : name_(std::move(name)), bytes_(std::move(bytes)) {}
    std::string read(int64_t size = -1) override;
    std::string readline() override;
    int64_t write(const std::string& text) override;
    void close() override { closed_ = true; }
    bool closed() const override { return closed_; }
    const std::string& name() const override { return name_; }
    const std::string& mode() const override { return mode_; }

private:
    void CheckOpen() const;
    std::string Take(std::size_t end);  // bytes_[pos_, end), checked as UTF-8

    std::string name_;
    std::string bytes_;
    std::string mode_ = "r";
    std::size_t pos_ = 0;
    bool closed_ = false;
};

}  // namespace internal
}  // namespace tarfile
}  // namespace py
}  // namespace cnet
