// tarfile_member.cc — the text file TarFile.extractfile returns: the member's bytes in memory, read as UTF-8.
// CPython's is binary; .cnet reads text (see cnet/py/tarfile.h), so what is read is checked as Python's strict
// UTF-8 decoder would check it.
#include <cstdio>

#include "cnet/core/utf8.h"
#include "py/tarfile_internal.h"

namespace cnet {
namespace py {
namespace tarfile {
namespace internal {

void MemberFile::CheckOpen() const {
    if (closed_) throw ValueError("I/O operation on closed file.");
}

std::string MemberFile::Take(std::size_t end) {
    for (std::size_t i = pos_; i < end;) {
        const char* reason = "";
        std::size_t bad = 0;
        const std::size_t n = Utf8Sequence(bytes_, i, end, &reason, &bad);
        if (n == 0) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(bytes_[i]));
            throw ValueError("'utf-8' codec can't decode byte " + std::string(hex) + " in position " +
                             std::to_string(i) + ": " + reason);
        }
        i += n;
    }
    std::string out = bytes_.substr(pos_, end - pos_);
    pos_ = end;
    return out;
}

std::string MemberFile::read(int64_t size) {
    CheckOpen();
    if (size < 0) return Take(bytes_.size());
    // `size` characters: each lead byte with the continuation bytes after it.
    std::size_t end = pos_;
    int64_t chars = 0;
    for (; end < bytes_.size(); ++end) {
        const bool continuation = IsUtf8Continuation(static_cast<unsigned char>(bytes_[end]));
        if (!continuation && chars == size) break;
        if (!continuation) ++chars;
    }
    return Take(end);
}

std::string MemberFile::readline() {
    CheckOpen();
    const std::size_t newline = bytes_.find('\n', pos_);
    return Take(newline == std::string::npos ? bytes_.size() : newline + 1);
}

int64_t MemberFile::write(const std::string& /*text*/) {
    CheckOpen();
    throw OSError("not writable");
}

}  // namespace internal
}  // namespace tarfile
}  // namespace py
}  // namespace cnet
