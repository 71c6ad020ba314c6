// md5.cc — MD5 written from RFC 1321 (sections 3.1-3.5): pad to 56 mod 64 bytes, append the bit length
// little-endian, then four rounds of 16 operations per 64-byte block.
#include "cnet/py/md5.h"

#include <cmath>

namespace cnet {
namespace py {
namespace hashlib {
namespace {

// The per-round left rotations (RFC 1321, section 3.4).
// clang-format off
constexpr int kShift[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                            5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                            4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                            6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
// clang-format on

// T[i] = floor(2^32 * |sin(i + 1)|), computed rather than tabulated (the RFC defines it so); a double's sine is
// exact enough here (the tests check the RFC's digests, which depend on every constant).
std::array<uint32_t, 64> SineTable() {
    std::array<uint32_t, 64> t{};
    for (int i = 0; i < 64; ++i) t[i] = static_cast<uint32_t>(std::floor(4294967296.0 * std::fabs(std::sin(i + 1.0))));
    return t;
}

uint32_t RotateLeft(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void ProcessBlock(const uint8_t* block, std::array<uint32_t, 4>& state, const std::array<uint32_t, 64>& t) {
    uint32_t x[16];
    for (int i = 0; i < 16; ++i) {  // the block's words are little-endian
        x[i] = static_cast<uint32_t>(block[4 * i]) | static_cast<uint32_t>(block[4 * i + 1]) << 8 |
               static_cast<uint32_t>(block[4 * i + 2]) << 16 | static_cast<uint32_t>(block[4 * i + 3]) << 24;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    for (int i = 0; i < 64; ++i) {
        uint32_t f;
        int k;
        if (i < 16) {
            f = (b & c) | (~b & d);  // F
            k = i;
        } else if (i < 32) {
            f = (b & d) | (c & ~d);  // G
            k = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;  // H
            k = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);  // I
            k = (7 * i) % 16;
        }
        const uint32_t rotated = b + RotateLeft(a + f + x[k] + t[i], kShift[i]);
        a = d;
        d = c;
        c = b;
        b = rotated;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
}

}  // namespace

std::array<uint8_t, 16> md5_digest(std::string_view data) {
    static const std::array<uint32_t, 64> t = SineTable();
    std::array<uint32_t, 4> state = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    const auto* bytes = reinterpret_cast<const uint8_t*>(data.data());
    const std::size_t n = data.size();
    std::size_t done = 0;
    for (; done + 64 <= n; done += 64) ProcessBlock(bytes + done, state, t);
    // The tail: the rest of the message, a 1 bit, zeros to 56 mod 64, the length in bits (mod 2^64).
    uint8_t tail[128] = {};
    const std::size_t rest = n - done;
    for (std::size_t i = 0; i < rest; ++i) tail[i] = bytes[done + i];
    tail[rest] = 0x80;
    const std::size_t tail_size = rest < 56 ? 64 : 128;
    const uint64_t bits = static_cast<uint64_t>(n) * 8u;
    for (int i = 0; i < 8; ++i) tail[tail_size - 8 + i] = static_cast<uint8_t>(bits >> (8 * i));
    for (std::size_t off = 0; off < tail_size; off += 64) ProcessBlock(tail + off, state, t);
    std::array<uint8_t, 16> digest{};
    for (int i = 0; i < 16; ++i) digest[i] = static_cast<uint8_t>(state[i / 4] >> (8 * (i % 4)));
    return digest;
}

std::string md5_hexdigest(std::string_view data) {
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    for (uint8_t byte : md5_digest(data)) {
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
    }
    return out;
}

}  // namespace hashlib
}  // namespace py
}  // namespace cnet
