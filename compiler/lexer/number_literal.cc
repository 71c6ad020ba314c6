// number_literal.cc — checked decoding of integer and float literals.
#include "compiler/lexer/number_literal.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace cnet::compiler {
namespace {

std::string WithoutUnderscores(std::string_view text) {
    std::string digits;
    for (char c : text) {
        if (c != '_') digits += c;
    }
    return digits;
}

int DigitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

}  // namespace

IntegerValue DecodeInteger(std::string_view text) {
    IntegerValue result;
    std::string digits = WithoutUnderscores(text);
    int base = 10;
    if (digits.size() > 1 && digits[0] == '0') {
        const char marker = static_cast<char>(digits[1] | 0x20);
        if (marker == 'x' || marker == 'o' || marker == 'b') {
            base = marker == 'x' ? 16 : marker == 'o' ? 8 : 2;
            digits = digits.substr(2);
        } else if (digits.find_first_not_of('0') != std::string::npos) {
            result.error = "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal";
            return result;
        }
    }
    constexpr std::uint64_t kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    std::uint64_t value = 0;
    for (char c : digits) {
        const auto d = static_cast<std::uint64_t>(DigitValue(c));
        if (value > (kMax - d) / static_cast<std::uint64_t>(base)) {
            result.error = "integer literal '" + std::string(text) + "' does not fit in 64 bits";
            return result;
        }
        value = value * static_cast<std::uint64_t>(base) + d;
    }
    result.value = static_cast<std::int64_t>(value);
    return result;
}

FloatValue DecodeFloat(std::string_view text) {
    FloatValue result;
    const std::string digits = WithoutUnderscores(text);
    errno = 0;
    char* end = nullptr;
    result.value = std::strtod(digits.c_str(), &end);
    if (errno == ERANGE && std::isinf(result.value)) {
        result.error = "float literal '" + std::string(text) + "' is too large for a 64-bit float";
    }
    return result;
}

}  // namespace cnet::compiler
