// tarfile_member.cc — the text file TarFile.extractfile returns: the member's bytes in memory, read as UTF-8.
// CPython's is binary; .cnet reads text (see cnet/py/tarfile.h), so what is read is checked as Python's strict
// UTF-8 decoder would check it.
#include <cstdio>

#include "py/tarfile_internal.h"

namespace cnet {
namespace py {
namespace tarfile {
namespace internal {

namespace {

// The length of the valid UTF-8 sequence at s[i] (ending before `end`), or 0 with CPython's reason: no overlong
// forms, no surrogates, nothing past U+10FFFF.
std::size_t SequenceLength(const std::string& s, std::size_t i, std::size_t end, const char** reason) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        *reason = "invalid start byte";
        return 0;
    }
    for (std::size_t k = 1; k < length; ++k) {
        if (i + k >= end) {
            *reason = "unexpected end of data";
            return 0;
        }
        const unsigned char b = byte(i + k);
        if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) {
            *reason = "invalid continuation byte";
            return 0;
        }
    }
    return length;
}

}  // namespace

void MemberFile::CheckOpen() const {
    if (closed_) throw ValueError("I/O operation on closed file.");
}

std::string MemberFile::Take(std::size_t end) {
    for (std::size_t i = pos_; i < end;) {
        const char* reason = "";
        const std::size_t n = SequenceLength(bytes_, i, end, &reason);
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
        const bool continuation = (static_cast<unsigned char>(bytes_[end]) & 0xC0) == 0x80;
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
