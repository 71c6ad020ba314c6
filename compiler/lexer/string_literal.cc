// string_literal.cc — splitting string tokens and decoding their escapes.
#include "compiler/lexer/string_literal.h"

#include <cctype>

#include "compiler/diagnostics/utf8.h"

namespace cnet::compiler {
namespace {

int HexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Reads exactly `digits` hex digits at body[pos]; returns -1 if they are not all there.
long ReadHex(std::string_view body, std::size_t pos, int digits) {
    if (pos + static_cast<std::size_t>(digits) > body.size()) return -1;
    long value = 0;
    for (int i = 0; i < digits; ++i) {
        const int h = HexValue(body[pos + static_cast<std::size_t>(i)]);
        if (h < 0) return -1;
        value = value * 16 + h;
    }
    return value;
}

char SimpleEscape(char c) {
    switch (c) {
        case '\\': return '\\';
        case '\'': return '\'';
        case '"': return '"';
        case 'a': return '\a';
        case 'b': return '\b';
        case 'f': return '\f';
        case 'n': return '\n';
        case 'r': return '\r';
        case 't': return '\t';
        case 'v': return '\v';
        default: return 0;
    }
}

// Decodes the escape starting at body[i] == '\\'; returns the number of bytes consumed.
std::size_t DecodeOneEscape(std::string_view body, std::size_t i, std::string& out,
                            std::vector<EscapeProblem>* problems) {
    const auto problem = [&](std::size_t length, std::string message, bool is_error) {
        if (problems != nullptr) problems->push_back(EscapeProblem{i, length, std::move(message), is_error});
    };
    if (i + 1 >= body.size()) {  // a lone trailing backslash (only in unterminated text)
        out += '\\';
        return 1;
    }
    const char c = body[i + 1];
    if (c == '\n') return 2;  // backslash-newline continues the string
    if (c == '\r') return i + 2 < body.size() && body[i + 2] == '\n' ? 3 : 2;
    if (const char simple = SimpleEscape(c)) {
        out += simple;
        return 2;
    }
    if (c >= '0' && c <= '7') {
        std::size_t n = 1;
        int value = c - '0';
        while (n < 3 && i + 1 + n < body.size() && body[i + 1 + n] >= '0' && body[i + 1 + n] <= '7') {
            value = value * 8 + (body[i + 1 + n] - '0');
            ++n;
        }
        utf8::Append(static_cast<char32_t>(value), out);
        return 1 + n;
    }
    if (c == 'x' || c == 'u' || c == 'U') {
        const int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        const long value = ReadHex(body, i + 2, digits);
        if (value < 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
            // The whole malformed escape (backslash, letter and the hex digits present) is reported
            // and dropped, as Python rejects it: '\x4' decodes to nothing, not to '4'.
            std::size_t length = 2;
            while (length < 2 + static_cast<std::size_t>(digits) && i + length < body.size() &&
                   HexValue(body[i + length]) >= 0) {
                ++length;
            }
            problem(length, std::string("invalid \\") + c + " escape; expected " + std::to_string(digits) +
                                " hex digits for a valid code point", true);
            return length;
        }
        utf8::Append(static_cast<char32_t>(value), out);
        return 2 + static_cast<std::size_t>(digits);
    }
    if (c == 'N') {
        problem(2, "named unicode escapes '\\N{...}' are not supported; use '\\u' with the code point", true);
        return 2;
    }
    // Python keeps unknown escapes verbatim and warns; so do we.
    problem(2, std::string("invalid escape sequence '\\") + c + "'; write '\\\\" + c + "' for a literal backslash", false);
    out += '\\';
    return 1;
}

}  // namespace

StringLiteralParts SplitStringLiteral(std::string_view text) {
    StringLiteralParts parts;
    std::size_t i = 0;
    while (i < text.size() && text[i] != '\'' && text[i] != '"') {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        parts.raw |= c == 'r';
        parts.bytes |= c == 'b';
        parts.formatted |= c == 'f';
        ++i;
    }
    parts.prefix_length = i;
    if (i >= text.size()) return parts;  // not a string at all; callers only pass STRING tokens
    parts.quote = text[i];
    const std::string triple(3, parts.quote);
    parts.triple = text.substr(i, 3) == triple;
    parts.body_begin = i + (parts.triple ? 3 : 1);
    // Scan the body honouring escapes (in raw strings too: r'\'' does not end at the escaped quote).
    for (std::size_t j = parts.body_begin; j < text.size();) {
        if (text[j] == '\\') {
            j += 2;
            continue;
        }
        if (parts.triple ? text.substr(j, 3) == triple : text[j] == parts.quote) {
            parts.body_end = j;
            parts.terminated = j + (parts.triple ? 3 : 1) == text.size();
            return parts;
        }
        ++j;
    }
    parts.body_end = text.size();
    return parts;
}

std::string DecodeEscapes(std::string_view body, std::vector<EscapeProblem>* problems) {
    std::string out;
    out.reserve(body.size());
    for (std::size_t i = 0; i < body.size();) {
        if (body[i] == '\\') {
            i += DecodeOneEscape(body, i, out, problems);
        } else {
            out += body[i++];
        }
    }
    return out;
}

}  // namespace cnet::compiler
