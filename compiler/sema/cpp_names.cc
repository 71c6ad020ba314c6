// cpp_names.cc — identifier mangling and literal spelling for generated C++.
#include "compiler/sema/cpp_names.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace cnet::compiler::sema {

std::string CppIdentifier(const std::string& name) {
    static const std::set<std::string> kReserved = {
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
        "char", "char16_t", "char32_t", "class", "compl", "const", "constexpr", "const_cast", "continue",
        "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export",
        "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
        "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
        "protected", "public", "register", "reinterpret_cast", "return", "short", "signed", "sizeof", "static",
        "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true",
        "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
        "wchar_t", "while", "xor", "xor_eq", "main", "std", "cnet", "args_", "argc", "argv", "int64_t", "NULL",
        "assert", "errno", "stdin", "stdout", "stderr", "EOF", "size_t",
        // members of cnet::Link that a user attribute must not hide
        "call", "params", "name", "children", "serialize", "clone", "links", "add_link", "init_scope"};
    if (kReserved.count(name) != 0) return name + "_";
    if (name.size() >= 2 && name[0] == '_' && (name[1] == '_' || std::isupper(static_cast<unsigned char>(name[1])))) {
        return "u" + name;  // reserved in C++
    }
    return name;
}

std::string CppStringLiteral(const std::string& value) {
    std::string out = "\"";
    for (unsigned char c : value) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            case '?': out += "?"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\%03o", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

std::string CppFloatLiteral(double value) {
    if (std::isinf(value)) return value > 0 ? "HUGE_VAL" : "-HUGE_VAL";
    if (std::isnan(value)) return "NAN";
    char buf[64];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, value);
        if (std::strtod(buf, nullptr) == value) break;
    }
    std::string s = buf;
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s;
}

}  // namespace cnet::compiler::sema
