// format.cc — Python float repr, str() of runtime values, and the format-spec mini-language.
#include "cnet/py/format.h"

#include "cnet/core/float_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace cnet {
namespace py {
namespace {

struct Spec {
    char fill = ' ';
    char align = 0;  // '<', '>', '^', '=' or 0 (default)
    char sign = '-';
    bool alternate = false;
    bool grouping = false;
    int width = 0;
    int precision = -1;
    char type = 0;
};

Spec ParseSpec(const std::string& s) {
    Spec spec;
    size_t i = 0;
    auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
    if (s.size() >= 2 && is_align(s[1])) {
        spec.fill = s[0];
        spec.align = s[1];
        i = 2;
    } else if (!s.empty() && is_align(s[0])) {
        spec.align = s[0];
        i = 1;
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
    if (i < s.size() && s[i] == '#') spec.alternate = true, ++i;
    if (i < s.size() && s[i] == '0') {
        if (!spec.align) spec.fill = '0', spec.align = '=';
        ++i;
    }
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) spec.width = spec.width * 10 + (s[i++] - '0');
    if (i < s.size() && s[i] == ',') spec.grouping = true, ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        spec.precision = 0;
        if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i])))
            throw ValueError("Format specifier missing precision");
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            spec.precision = spec.precision * 10 + (s[i++] - '0');
    }
    if (i < s.size()) spec.type = s[i++];
    if (i != s.size()) throw ValueError("Invalid format specifier '" + s + "'");
    return spec;
}

std::string Group(const std::string& digits) {
    std::string out;
    const int n = static_cast<int>(digits.size());
    for (int i = 0; i < n; ++i) {
        if (i && (n - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// Pads `body` (without sign) with `sign_text` according to the spec.
std::string Pad(const std::string& sign_text, const std::string& body, const Spec& spec, char default_align) {
    const int len = static_cast<int>(sign_text.size() + body.size());
    if (spec.width <= len) return sign_text + body;
    const int pad = spec.width - len;
    const char align = spec.align ? spec.align : default_align;
    switch (align) {
        case '<': return sign_text + body + std::string(pad, spec.fill);
        case '^': return std::string(pad / 2, spec.fill) + sign_text + body + std::string(pad - pad / 2, spec.fill);
        case '=': return sign_text + std::string(pad, spec.fill) + body;
        default: return std::string(pad, spec.fill) + sign_text + body;
    }
}

std::string SignText(bool negative, char sign) {
    if (negative) return "-";
    if (sign == '+') return "+";
    if (sign == ' ') return " ";
    return "";
}

std::string Printf(const char* fmt, int precision, double v) {
    char buf[512];
    std::snprintf(buf, sizeof(buf), fmt, precision, v);
    return buf;
}

// Formats |v| (non-negative, finite or not) for a float presentation type.
std::string FloatBody(double a, const Spec& spec) {
    const char type = spec.type;
    if (std::isnan(a) || std::isinf(a)) {
        std::string s = std::isnan(a) ? "nan" : "inf";
        if (type == 'F' || type == 'E' || type == 'G') for (char& c : s) c = static_cast<char>(std::toupper(c));
        return s + (type == '%' ? "%" : "");
    }
    const int p = spec.precision;
    const std::string alt = spec.alternate ? "#" : "";
    switch (type) {
        case 'f':
        case 'F': return Printf(("%" + alt + ".*f").c_str(), p < 0 ? 6 : p, a);
        case 'e':
        case 'E': return Printf(("%" + alt + ".*" + type).c_str(), p < 0 ? 6 : p, a);
        case '%': return Printf(("%" + alt + ".*f").c_str(), p < 0 ? 6 : p, a * 100) + "%";
        case 'g':
        case 'G':
        case 'n': return Printf(("%" + alt + ".*" + (type == 'G' ? "G" : "g")).c_str(), p < 0 ? 6 : (p == 0 ? 1 : p), a);
        case 0: {
            if (p < 0) return repr(a);
            std::string s = Printf("%.*g", p == 0 ? 1 : p, a);
            if (s.find_first_of(".e") == std::string::npos) s += ".0";
            return s;
        }
        default: throw ValueError(std::string("Unknown format code '") + type + "' for object of type 'float'");
    }
}

}  // namespace

std::string repr(double v) { return ShortestFloatText(v); }

std::string object_repr(const std::string& class_path, const void* address) {
    std::ostringstream os;
    os << "<" << (class_path.empty() ? "" : class_path + " ") << "object at " << address << ">";
    return os.str();
}

std::string repr(const std::string& s) {
    const bool use_double = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char q = use_double ? '"' : '\'';
    std::string out(1, q);
    auto hex = [&out](unsigned v) {
        static const char kDigits[] = "0123456789abcdef";
        out += "\\x";
        out += kDigits[v >> 4];
        out += kDigits[v & 15];
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const unsigned char u = static_cast<unsigned char>(c);
        if (c == q || c == '\\') out += '\\', out += c;
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c == '\r') out += "\\r";
        else if (u < 0x20 || u == 0x7f) hex(u);
        // U+0080..U+00A0 and U+00AD (UTF-8 C2 xx) are not printable for Python either: \x80 .. \xa0, \xad.
        else if (u == 0xc2 && i + 1 < s.size() &&
                 ((static_cast<unsigned char>(s[i + 1]) >= 0x80 && static_cast<unsigned char>(s[i + 1]) <= 0xa0) ||
                  static_cast<unsigned char>(s[i + 1]) == 0xad)) hex(static_cast<unsigned char>(s[++i]));
        else out += c;
    }
    return out + q;
}

std::string str(const std::string& s) { return s; }
std::string str(const char* s) { return s; }
std::string str(bool v) { return v ? "True" : "False"; }
std::string str(double v) { return repr(v); }
std::string str(float v) { return repr(static_cast<double>(v)); }
std::string str(NoneType) { return "None"; }
std::string str(const Array& a) { return a.str(); }

std::string repr(const Array& a) {
    return a.repr();  // a 0-d array as the NumPy scalar it stands for (np.float32(1.5)), which cnet keeps it for
}

std::string str(const Variable& v) {
    if (v.is_none()) return "None";
    const std::string prefix = v.name().empty() ? "variable" : "variable " + v.name();
    if (!v.array().defined()) return prefix + "(None)";
    return prefix + "(" + internal::Array2String(v.array(), static_cast<int>(prefix.size()) + 1, " ") + ")";
}

std::string repr(const Variable& v) { return v.repr(); }

std::string format_value(int64_t v, const std::string& spec_text) {
    const Spec spec = ParseSpec(spec_text);
    if (spec.type && std::string("eEfFgGn%").find(spec.type) != std::string::npos && spec.type != 'n')
        return format_value(static_cast<double>(v), spec_text);
    if (spec.precision >= 0) throw ValueError("Precision not allowed in integer format specifier");
    const uint64_t mag = v < 0 ? static_cast<uint64_t>(-(v + 1)) + 1 : static_cast<uint64_t>(v);
    std::string body, prefix;
    switch (spec.type) {
        case 0:
        case 'd':
        case 'n': body = std::to_string(mag); break;
        case 'x':
        case 'X': {
            char buf[32];
            std::snprintf(buf, sizeof(buf), spec.type == 'x' ? "%llx" : "%llX", static_cast<unsigned long long>(mag));
            body = buf;
            prefix = spec.alternate ? (spec.type == 'x' ? "0x" : "0X") : "";
            break;
        }
        case 'o': {
            char buf[32];
            std::snprintf(buf, sizeof(buf), "%llo", static_cast<unsigned long long>(mag));
            body = buf;
            prefix = spec.alternate ? "0o" : "";
            break;
        }
        case 'b': {
            for (uint64_t m = mag; m; m >>= 1) body.insert(body.begin(), static_cast<char>('0' + (m & 1)));
            if (body.empty()) body = "0";
            prefix = spec.alternate ? "0b" : "";
            break;
        }
        case 'c': return Pad("", std::string(1, static_cast<char>(v)), spec, '<');
        default: throw ValueError(std::string("Unknown format code '") + spec.type + "' for object of type 'int'");
    }
    if (spec.grouping) body = Group(body);
    return Pad(SignText(v < 0, spec.sign) + prefix, body, spec, '>');
}

std::string format_value(double v, const std::string& spec_text) {
    const Spec spec = ParseSpec(spec_text);
    if (spec.type && std::string("eEfFgGn%").find(spec.type) == std::string::npos)
        throw ValueError(std::string("Unknown format code '") + spec.type + "' for object of type 'float'");
    std::string body = FloatBody(std::fabs(v), spec);
    if (spec.grouping) {
        const size_t end = body.find_first_not_of("0123456789");
        body = Group(body.substr(0, end)) + (end == std::string::npos ? "" : body.substr(end));
    }
    return Pad(SignText(std::signbit(v) && !std::isnan(v), spec.sign), body, spec, '>');
}

std::string format_value(const std::string& v, const std::string& spec_text) {
    const Spec spec = ParseSpec(spec_text);
    if (spec.type && spec.type != 's')
        throw ValueError(std::string("Unknown format code '") + spec.type + "' for object of type 'str'");
    const std::string body = spec.precision >= 0 ? v.substr(0, spec.precision) : v;
    return Pad("", body, spec, '<');
}

std::string format_value(bool v, const std::string& spec_text) {
    const Spec spec = ParseSpec(spec_text);
    if (spec.type == 0 || spec.type == 's') return format_value(str(v), spec_text);
    return format_value(static_cast<int64_t>(v), spec_text);
}

std::string format_value(const Variable& v, const std::string& spec) {
    if (spec.empty()) return str(v);
    CNET_CHECK_AS(ValueError, v.size() == 1, "unsupported format string passed to Variable.__format__");
    return format_value(v.array().item<double>(), spec);
}

std::string format_value(const Array& a, const std::string& spec) {
    if (spec.empty()) return str(a);
    CNET_CHECK_AS(ValueError, a.size() == 1, "unsupported format string passed to numpy.ndarray.__format__");
    if (IsFloat(a.dtype())) return format_value(a.item<double>(), spec);
    return format_value(a.item<int64_t>(), spec);
}

}  // namespace py
}  // namespace cnet
