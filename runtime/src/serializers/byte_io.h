// byte_io.h — bounds-checked little/big-endian reads from a byte buffer, and little-endian appends.
#pragma once

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "cnet/core/error.h"

namespace cnet {
namespace serializers {
namespace internal {

/// A cursor over bytes whose reads throw SerializationError("<source>: <what>: truncated ...") past the end.
class ByteReader {
public:
    ByteReader(const char* data, size_t size, std::string source)
        : data_(data), size_(size), source_(std::move(source)) {}

    size_t pos() const { return pos_; }
    size_t size() const { return size_; }
    size_t remaining() const { return size_ - pos_; }
    void Seek(size_t pos, const char* what) {
        if (pos > size_) Fail(what);
        pos_ = pos;
    }
    const char* Take(size_t n, const char* what) {
        if (n > remaining()) Fail(what);
        const char* p = data_ + pos_;
        pos_ += n;
        return p;
    }
    std::string TakeString(size_t n, const char* what) { return std::string(Take(n, what), n); }
    uint8_t U8(const char* what) { return static_cast<uint8_t>(*Take(1, what)); }
    uint16_t U16(const char* what) { return static_cast<uint16_t>(LittleEndian(Take(2, what), 2)); }
    uint32_t U32(const char* what) { return static_cast<uint32_t>(LittleEndian(Take(4, what), 4)); }
    uint64_t U64(const char* what) { return LittleEndian(Take(8, what), 8); }
    uint32_t U32BigEndian(const char* what) {
        const unsigned char* p = reinterpret_cast<const unsigned char*>(Take(4, what));
        return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
    }

    [[noreturn]] void Fail(const char* what) const {
        throw SerializationError(source_ + ": truncated or corrupt data (" + what + ")");
    }

private:
    static uint64_t LittleEndian(const char* p, int n) {
        uint64_t v = 0;
        for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
        return v;
    }

    const char* data_;
    size_t size_;
    size_t pos_ = 0;
    std::string source_;
};

/// zlib's CRC-32 of a buffer of any size (crc32() itself takes a 32-bit length).
inline uint32_t Crc32(const std::string& data) {
    uLong crc = crc32(0L, Z_NULL, 0);
    for (size_t done = 0; done < data.size();) {
        const size_t n = std::min<size_t>(data.size() - done, size_t{1} << 30);
        crc = crc32(crc, reinterpret_cast<const Bytef*>(data.data() + done), static_cast<uInt>(n));
        done += n;
    }
    return static_cast<uint32_t>(crc);
}

inline void AppendU16(std::string& out, uint16_t v) {
    out.push_back(static_cast<char>(v & 0xff));
    out.push_back(static_cast<char>(v >> 8));
}
inline void AppendU32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
