// cpp_names.h — DSL names in generated C++: kept as written, mangled only on a clash with a C++ keyword
// or a name the generated code relies on (`class` -> `class_`), deterministically (STYLE.md).
#pragma once

#include <string>

namespace cnet::compiler::sema {

/// `name` if it is usable as a C++ identifier in generated code, else `name_`.
std::string CppIdentifier(const std::string& name);

/// A C++ string literal for `value` (escapes quotes, backslashes, control characters; UTF-8 kept).
std::string CppStringLiteral(const std::string& value);

/// A C++ double literal that reads back as `value` ("0.1", "1e-05", "2.0").
std::string CppFloatLiteral(double value);

}  // namespace cnet::compiler::sema
