// utf8.h — the few UTF-8 facts the front end needs: validation and code-point columns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cnet::compiler::utf8 {

/// Byte offset of the first malformed UTF-8 sequence in `text`, or nullopt if it is valid.
std::optional<std::size_t> FindInvalid(std::string_view text);

/// Number of code points in valid UTF-8 `text` (counts lead bytes).
std::size_t CodePointCount(std::string_view text);

/// Byte offset in `line` of the 1-based code-point column `column` (clamped to the line's length).
std::size_t ByteOffsetOfColumn(std::string_view line, std::uint32_t column);

/// The first code point of valid UTF-8 `text` (0 if empty).
char32_t DecodeFirst(std::string_view text);

/// Encodes one code point (must be <= 0x10FFFF) and appends it to `out`.
void Append(char32_t code_point, std::string& out);

}  // namespace cnet::compiler::utf8
