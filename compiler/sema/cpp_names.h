// cpp_names.h — the one naming scheme and the one escaper for generated C++ (Note [Hygienic names]).
//
// Note [Hygienic names]
// Every user identifier N (any Python identifier, Unicode included) maps to a C++ name:
//   N           when N is *plain*: ASCII letters, digits and '_', not starting with '_' + capital, no "__",
//               not ending in '_', and not reserved (a C++ keyword, a macro of the headers generated code
//               includes, a name of the runtime or of the generated skeleton; IsReservedName).
//   Encode(N)_  otherwise: Encode writes letters and digits as they are, an '_' as '_' when an ASCII letter
//               or digit other than '0' and 'u' follows it, else as "_0", and a non-ASCII code point as
//               "_u" + 6 hex digits; then one '_' is appended. (`class` -> `class_`, `x_` -> `x_0_`,
//               `__x` -> `_0_x_`, `π` -> `_u0003c0_`.)
// Encode is decodable ("_0" and "_u" can only be escapes), so the map is injective; plain results never end
// in '_' and encoded ones always do, and neither contains "__" or starts with '_' + capital.
// Names the generator itself makes (temporaries) are S_ where S is plain, not reserved, and has no "_0"/"_u":
// the only name encoding to S would be S itself, which is plain and maps to S. So a user name can collide
// with no temporary, keyword, macro, runtime name or other user name, and a plain name keeps its spelling.
#pragma once

#include <string>

namespace cnet::compiler::sema {

/// The C++ name of the user identifier `name` (Note [Hygienic names]).
std::string CppIdentifier(const std::string& name);

/// True if user names must not keep this spelling in C++ (keyword, macro, runtime or skeleton name).
bool IsReservedName(const std::string& name);

/// A generated name `base_N_` (`base_` for n == 0, a fixed name of the skeleton): `base` is replaced by
/// "item" when it is not plain. No user identifier maps to it (Note [Hygienic names]).
std::string GeneratedName(const std::string& base, int n = 0);

/// A C++ string literal for `value` (escapes quotes, backslashes, control characters, "??"; UTF-8 kept).
std::string CppStringLiteral(const std::string& value);

/// A C++ expression of type std::string for `value`: the literal, or std::string(literal, size) when the
/// value holds a NUL (a plain literal would end there).
std::string CppStringValue(const std::string& value);

/// `text` made safe inside a `//` comment: control characters (a newline would end the comment and let the
/// rest become code) and backslashes (one at the end would continue the comment onto the next line) are
/// written as escapes.
std::string CppCommentText(const std::string& text);

/// `#line LINE "FILE"`: C++ diagnostics and debuggers then name FILE (any bytes; escaped like a string literal,
/// so a newline or quote in a file name cannot end the directive and become code).
std::string CppLineDirective(int line, const std::string& file);

/// A C++ double literal that reads back as `value` ("0.1", "1e-05", "2.0").
std::string CppFloatLiteral(double value);

}  // namespace cnet::compiler::sema
