// json.cc — the scalar texts of Python's json module (json.encoder with ensure_ascii=True, allow_nan=True), and
// values typed at run time.
#include "cnet/py/json.h"

#include <cstdio>

#include "cnet/py/object.h"

namespace cnet {
namespace py {
namespace json {

std::string Quote(const std::string& text) {
    std::string out = "\"";
    auto hex4 = [&](unsigned v) {
        char buf[16];  // room for any unsigned: callers pass UTF-16 units, but -O1 cannot see that
        std::snprintf(buf, sizeof buf, "\\u%04x", v);
        out += buf;
    };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            switch (c) {
                case '"':
                    out += "\\\"";
                    break;
                case '\\':
                    out += "\\\\";
                    break;
                case '\n':
                    out += "\\n";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                case '\b':
                    out += "\\b";
                    break;
                case '\f':
                    out += "\\f";
                    break;
                default:
                    if (c < 0x20 || c == 0x7f) {
                        hex4(c);
                    } else {
                        out += static_cast<char>(c);
                    }
            }
            ++i;
            continue;
        }
        // A UTF-8 sequence: its code point as \uXXXX, above the BMP as a surrogate pair (as CPython writes).
        const int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        unsigned cp = c & (n == 4 ? 0x07 : n == 3 ? 0x0F : 0x1F);
        for (int k = 1; k < n && i + k < text.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        i += n;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            hex4(0xD800 + (cp >> 10));
            hex4(0xDC00 + (cp & 0x3FF));
        } else {
            hex4(cp);
        }
    }
    return out + "\"";
}

std::string Number(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    return repr(v);
}

std::string Newline(const Style& style, int depth) {
    if (!style.indent) return "";
    return "\n" + std::string(static_cast<std::size_t>(std::max<int64_t>(*style.indent, 0) * depth), ' ');
}

std::string Key(const Object& key) {
    switch (key.kind()) {
        case Object::Kind::kNone: return "\"null\"";
        case Object::Kind::kBool: return Key(key.as_bool());
        case Object::Kind::kInt: return Key(key.as_int());
        case Object::Kind::kFloat: return Key(key.as_float());
        case Object::Kind::kStr: return Quote(key.as_str());
        default:
            throw TypeError(std::string("keys must be str, int, float, bool or None, not ") + key.type_name());
    }
}

void WriteContainer(std::string& out, const Object& v, const Style& style, int depth) {
    switch (v.kind()) {
        case Object::Kind::kNone: out += "null"; return;
        case Object::Kind::kBool: Write(out, v.as_bool(), style, depth); return;
        case Object::Kind::kInt: Write(out, v.as_int(), style, depth); return;
        case Object::Kind::kFloat: Write(out, v.as_float(), style, depth); return;
        case Object::Kind::kStr: Write(out, v.as_str(), style, depth); return;
        case Object::Kind::kList:
        case Object::Kind::kTuple: {
            const Object::Items items = v.iterate();
            if (items.empty()) {
                out += "[]";
                return;
            }
            WriteContainer(out, items, style, depth);
            return;
        }
        case Object::Kind::kDict: WriteContainer(out, v.as_dict(), style, depth); return;
    }
}

}  // namespace json
}  // namespace py
}  // namespace cnet
