// utf8.h — the one UTF-8 encoder and validator of the project (npy unicode arrays, Python's re over code points,
// text files and tar members read as Python's strict decoder reads them, and the compiler's diagnostics, which
// include this header-only file by its repository path).
#pragma once

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

namespace cnet {

/// Whether byte c continues a UTF-8 sequence (10xxxxxx): a code point starts at every other byte, which is how
/// len(), s[i] and a text file's read(size) count characters.
inline bool IsUtf8Continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

/// The number of code points of UTF-8 text (its continuation bytes not counted): Python's len() of a str.
inline int64_t Utf8Length(const std::string& s) {
    int64_t n = 0;
    for (unsigned char c : s) n += IsUtf8Continuation(c) ? 0 : 1;
    return n;
}

/// Appends code point cp to out as UTF-8 (1 to 4 bytes).
inline void AppendUtf8(uint32_t cp, std::string& out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

/// The length of the valid UTF-8 sequence at s[i] (ending before `end`); or 0, with *reason (CPython's words) and
/// *bad, the bytes of the invalid part: the longest start of a valid sequence (at least 1), which Python replaces
/// or drops as one. No overlong forms, no surrogates, nothing past U+10FFFF.
inline std::size_t Utf8Sequence(const std::string& s, std::size_t i, std::size_t end, const char** reason,
                                std::size_t* bad) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        *reason = "invalid start byte";
        *bad = 1;
        return 0;
    }
    for (std::size_t k = 1; k < n; ++k) {
        if (i + k >= end) {
            *reason = "unexpected end of data";
            *bad = k;
            return 0;
        }
        const unsigned char b = byte(i + k);
        if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) {
            *reason = "invalid continuation byte";
            *bad = k;
            return 0;
        }
    }
    return n;
}

/// Bytes that are not UTF-8 decode to U+DC80..U+DCFF (Python's surrogateescape) and encode back to themselves.
constexpr char32_t kUtf8Escape = 0xDC00;

/// The code points of s (Python's str), an invalid byte as its escape.
inline std::u32string DecodeUtf8(const std::string& s) {
    std::u32string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char* reason = nullptr;
        std::size_t bad = 0;
        const std::size_t n = Utf8Sequence(s, i, s.size(), &reason, &bad);
        const auto lead = static_cast<unsigned char>(s[i]);
        if (n == 0) {
            out += kUtf8Escape + lead;
            ++i;
            continue;
        }
        char32_t cp = n == 1 ? lead : lead & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
        for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out += cp;
        i += n;
    }
    return out;
}

/// UTF-8 of code points, escapes (DecodeUtf8) back to their bytes.
inline std::string EncodeUtf8(const std::u32string& cps) {
    std::string out;
    out.reserve(cps.size());
    for (char32_t c : cps) {
        if (c >= kUtf8Escape + 0x80 && c <= kUtf8Escape + 0xFF) {
            out += static_cast<char>(c - kUtf8Escape);
        } else {
            AppendUtf8(static_cast<uint32_t>(c), out);
        }
    }
    return out;
}

/// Whether `encoding` is one of Python's names of UTF-8 ('utf-8', 'UTF8', 'utf_8', 'u8'): lower case, '-' and ' '
/// read as '_'.
inline bool IsUtf8Name(std::string encoding) {
    for (char& c : encoding) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (c == '-' || c == ' ') c = '_';
    }
    return encoding == "utf_8" || encoding == "utf8" || encoding == "u8" || encoding == "utf";
}

}  // namespace cnet
