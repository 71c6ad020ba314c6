// string_literal.h — anatomy and escape decoding of Python string literals (no ANTLR types).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cnet::compiler {

/// The parts of one STRING token's text, e.g. `f'''a{b}'''`.
struct StringLiteralParts {
    bool raw = false;        // r / R prefix
    bool bytes = false;      // b / B prefix
    bool formatted = false;  // f / F prefix
    bool triple = false;     // ''' or """
    bool terminated = false; // the closing quote(s) are present
    char quote = '\'';
    std::size_t prefix_length = 0;
    std::size_t body_begin = 0;  // byte offsets of the text between the quotes
    std::size_t body_end = 0;
};

/// Splits a STRING token's text. The lexer accepts unterminated strings (to end of line, or to EOF
/// for triple quotes); `terminated` tells them apart, honouring backslash escapes.
StringLiteralParts SplitStringLiteral(std::string_view text);

/// A problem found while decoding: a byte range relative to the decoded body, and whether it is an
/// error (`\x` without two hex digits) or a warning (an unknown escape such as `\d`, kept as is).
struct EscapeProblem {
    std::size_t offset = 0;
    std::size_t length = 0;
    std::string message;
    bool is_error = true;
};

/// Decodes the backslash escapes of a non-raw body into UTF-8: \\ \' \" \a \b \f \n \r \t \v,
/// \ooo, \xhh, \uXXXX, \UXXXXXXXX and backslash-newline. `\N{...}` is an error (not supported).
std::string DecodeEscapes(std::string_view body, std::vector<EscapeProblem>* problems);

}  // namespace cnet::compiler
