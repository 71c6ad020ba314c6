// utf8.cc — UTF-8 validation and column arithmetic used by the lexer, AST builder and renderer.
#include "compiler/diagnostics/utf8.h"

#include <algorithm>

#include "runtime/include/cnet/core/utf8.h"

namespace cnet::compiler::utf8 {
namespace {

bool IsContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of the sequence led by `c`, or 0 if `c` cannot start one.
std::size_t SequenceLength(unsigned char c) {
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return 2;
    if (c >= 0xE0 && c <= 0xEF) return 3;
    if (c >= 0xF0 && c <= 0xF4) return 4;
    return 0;
}

}  // namespace

std::optional<std::size_t> FindInvalid(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t len = SequenceLength(lead);
        if (len == 0 || i + len > text.size()) return i;
        for (std::size_t k = 1; k < len; ++k) {
            if (!IsContinuation(static_cast<unsigned char>(text[i + k]))) return i;
        }
        if (len == 3) {
            const auto second = static_cast<unsigned char>(text[i + 1]);
            if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0)) return i;  // overlong, surrogate
        }
        if (len == 4) {
            const auto second = static_cast<unsigned char>(text[i + 1]);
            if ((lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90)) return i;  // overlong, > U+10FFFF
        }
        i += len;
    }
    return std::nullopt;
}

std::size_t CodePointCount(std::string_view text) {
    std::size_t count = 0;
    for (char c : text) {
        if (!IsContinuation(static_cast<unsigned char>(c))) ++count;
    }
    return count;
}

std::size_t ByteOffsetOfColumn(std::string_view line, std::uint32_t column) {
    std::uint32_t current = 1;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (IsContinuation(static_cast<unsigned char>(line[i]))) continue;
        if (current == column) return i;
        ++current;
    }
    return line.size();
}

char32_t DecodeFirst(std::string_view text) {
    if (text.empty()) return 0;
    const auto lead = static_cast<unsigned char>(text[0]);
    const std::size_t len = std::min(SequenceLength(lead) == 0 ? 1 : SequenceLength(lead), text.size());
    char32_t cp = len == 1 ? lead : len == 2 ? (lead & 0x1F) : len == 3 ? (lead & 0x0F) : (lead & 0x07);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[k]) & 0x3F);
    return cp;
}

void Append(char32_t cp, std::string& out) { AppendUtf8(static_cast<uint32_t>(cp), out); }

}  // namespace cnet::compiler::utf8
