// number_literal.h — values of INTEGER and FLOAT_NUMBER tokens, with the errors Python would give.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cnet::compiler {

/// Result of decoding a numeric token. `error` is empty on success.
struct IntegerValue {
    std::int64_t value = 0;
    std::string error;
};

struct FloatValue {
    double value = 0.0;
    std::string error;
};

/// Decodes `42`, `1_000`, `0x1F`, `0o17`, `0b101`. cnet integers are 64-bit, so larger values are an
/// error; decimal literals with leading zeros (`007`) are an error as in Python 3.
IntegerValue DecodeInteger(std::string_view text);

/// Decodes `1.0`, `1e-3`, `.5`, `1_000.5`; values that overflow a double are an error.
FloatValue DecodeFloat(std::string_view text);

}  // namespace cnet::compiler
