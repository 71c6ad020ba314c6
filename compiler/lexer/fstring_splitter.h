// fstring_splitter.h — splits an f-string body into literal text and `{expr!c:spec}` fields.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/lexer/string_literal.h"

namespace cnet::compiler {

/// One piece of an f-string body. Offsets are bytes relative to the body (the text between quotes).
struct FStringPiece {
    enum class Kind { kLiteral, kField };
    Kind kind = Kind::kLiteral;
    std::size_t begin = 0;  // whole piece: literal text, or a field from '{' to just past '}'
    std::size_t end = 0;
    std::string text;             // kLiteral: decoded text ('{{' already '{')
    std::size_t expr_begin = 0;   // kField: the expression's source text
    std::size_t expr_end = 0;
    char conversion = 0;          // kField: 0, 'r', 's' or 'a'
    std::string format_spec;      // kField: e.g. ".4f"
};

/// Splits `body` (escapes in literal text are decoded unless `raw`). Problems (unbalanced braces,
/// empty or unterminated fields, backslashes or '#' in a field, nested fields in a format spec,
/// bad escapes) are appended to `problems`, reusing EscapeProblem's offset/length/message shape.
/// Fields with problems are left out of the result; the rest is still returned.
std::vector<FStringPiece> SplitFString(std::string_view body, bool raw, std::vector<EscapeProblem>* problems);

}  // namespace cnet::compiler
