// cpp_names.cc — the naming scheme (Note [Hygienic names] in cpp_names.h) and the escaping of user text for
// generated C++: every string literal and comment goes through here.
#include "compiler/sema/cpp_names.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>

#include "compiler/diagnostics/utf8.h"

namespace cnet::compiler::sema {
namespace {

bool IsAsciiAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }

// Names a user identifier must not be spelled as in C++. Macro families follow C and POSIX's reservations
// (E[0-9A-Z]*, M_*, all-capital names with '_'); the test tests/compiler/hygiene/macro_names.py checks that
// every macro the runtime headers define is covered.
const std::set<std::string>& ReservedWords() {
    static const std::set<std::string> kWords = {
        // C++20 keywords, alternative tokens and identifiers with special meaning
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
        "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
        "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default",
        "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "final",
        "float", "for", "friend", "goto", "if", "import", "inline", "int", "long", "module", "mutable",
        "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "override",
        "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short", "signed",
        "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
        "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
        "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
        // what the generated skeleton names unqualified
        "main", "std", "cnet", "argc", "argv", "kCnetSource", "int8_t", "int16_t", "int32_t", "int64_t",
        "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "ptrdiff_t", "shared_from_this",
        "weak_from_this",
        // lower- and mixed-case macros of the C and POSIX headers
        "assert", "errno", "stdin", "stdout", "stderr", "alloca", "offsetof", "math_errhandling", "issubnormal",
        "iszero", "issignaling", "linux", "unix", "i386", "strdupa", "strndupa", "sched_priority",
        "pthread_cleanup_push", "pthread_cleanup_pop", "pthread_cleanup_push_defer_np",
        "pthread_cleanup_pop_restore_np", "be16toh", "be32toh", "be64toh", "le16toh", "le32toh", "le64toh",
        "htobe16", "htobe32", "htobe64", "htole16", "htole32", "htole64", "L_ctermid", "L_cuserid", "L_tmpnam",
        "P_tmpdir", "va_start", "va_end", "va_arg", "va_copy", "setjmp", "major", "minor", "makedev",
        // capital macros without '_'
        "BUFSIZ", "CSIGNAL", "INFINITY", "MAXFLOAT", "NAN", "NFDBITS", "NULL", "WCONTINUED", "WEOF", "WEXITED",
        "WEXITSTATUS", "WIFCONTINUED", "WIFEXITED", "WIFSIGNALED", "WIFSTOPPED", "WNOHANG", "WNOWAIT",
        "WSTOPPED", "WSTOPSIG", "WTERMSIG", "WUNTRACED",
        // members of cnet::Link, Chain and ChainList that a user attribute or method must not hide
        "call", "name", "set_name", "init_scope", "within_init_scope", "add_param", "add_persistent",
        "register_persistent", "persistent", "has_param", "has_persistent", "param", "params", "namedparams",
        "links", "namedlinks", "children", "cleargrads", "zerograds", "addgrads", "copyparams", "count_params",
        "enable_update", "disable_update", "update_enabled", "to_cpu", "to_gpu", "to_device", "device", "copy",
        "repeat", "serialize", "clone", "copy_own_state", "name_taken", "num_children", "child_at",
        "collect_namedlinks", "collect_params", "add_link", "has_link", "add_link_impl", "append", "append_impl",
        "size", "len", "begin", "end", "InitScope", "PersistentValue",
        // the members a generated class names itself by and prints through (print, str, repr: __str__, __repr__)
        "py_class_name", "py_str", "py_repr"};
    return kWords;
}

bool IsMacroLike(const std::string& name) {
    if (name.rfind("M_", 0) == 0 || name.rfind("SNAN", 0) == 0) return true;
    bool capitals = true, underscore = false;
    for (char c : name) {
        if (c == '_') underscore = true;
        if (!(IsUpper(c) || (c >= '0' && c <= '9') || c == '_')) capitals = false;
    }
    if (capitals && underscore) return true;                  // RAND_MAX, CNET_CHECK, INT64_MAX
    return capitals && name.size() >= 2 && name[0] == 'E';   // errno values: EOF, EDOM, ERANGE
}

// Plain: kept as written unless reserved (Note [Hygienic names]).
bool IsPlain(const std::string& name) {
    if (name.empty() || name.back() == '_') return false;
    if (name[0] >= '0' && name[0] <= '9') return false;
    if (name.size() >= 2 && name[0] == '_' && IsUpper(name[1])) return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (!IsAsciiAlnum(name[i]) && name[i] != '_') return false;
        if (name[i] == '_' && i + 1 < name.size() && name[i + 1] == '_') return false;
    }
    return true;
}

std::string Encode(const std::string& name) {
    std::string out;
    std::size_t i = 0;
    while (i < name.size()) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c < 0x80 && IsAsciiAlnum(static_cast<char>(c))) {
            out += static_cast<char>(c);
            ++i;
        } else if (c == '_') {
            const char next = i + 1 < name.size() ? name[i + 1] : '\0';
            const bool literal = i > 0 && IsAsciiAlnum(next) && next != '0' && next != 'u';
            out += literal ? "_" : "_0";
            ++i;
        } else {
            // Identifiers are valid UTF-8 (the lexer checks); the lead byte gives the sequence's length.
            const std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
            const char32_t cp = utf8::DecodeFirst(std::string_view(name).substr(i, length));
            char buf[16];
            std::snprintf(buf, sizeof buf, "_u%06x", static_cast<unsigned>(cp));
            out += buf;
            i += length;
        }
    }
    return out;
}

bool IsTemporaryBase(const std::string& base) {
    if (!IsPlain(base) || base[0] == '_' || IsReservedName(base)) return false;
    for (std::size_t i = 0; i + 1 < base.size(); ++i) {
        if (base[i] == '_' && (base[i + 1] == '0' || base[i + 1] == 'u')) return false;
    }
    return true;
}

}  // namespace

bool IsReservedName(const std::string& name) { return ReservedWords().count(name) != 0 || IsMacroLike(name); }

std::string CppIdentifier(const std::string& name) {
    if (IsPlain(name) && !IsReservedName(name)) return name;
    return Encode(name) + "_";
}

std::string GeneratedName(const std::string& base, int n) {
    const std::string number = n > 0 ? "_" + std::to_string(n) : "";
    const std::string stem = IsTemporaryBase(base + number) ? base + number : "item" + number;
    return stem + "_";
}

std::string CppStringLiteral(const std::string& value) {
    std::string out = "\"";
    for (std::size_t i = 0; i < value.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(value[i]);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            case '?': out += i > 0 && value[i - 1] == '?' ? "\\?" : "?"; break;  // no trigraph
            default:
                if (c < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\%03o", c);  // three digits: a digit after it stays a digit
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

std::string CppStringValue(const std::string& value) {
    if (value.find('\0') == std::string::npos) return CppStringLiteral(value);
    return "std::string(" + CppStringLiteral(value) + ", " + std::to_string(value.size()) + ")";
}

std::string CppCommentText(const std::string& text) {
    std::string out;
    for (const char ch : text) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c == '\\') {
            out += "\\\\";
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out;
}

std::string CppLineDirective(int line, const std::string& file) {
    return "#line " + std::to_string(line) + " " + CppStringLiteral(file);
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
