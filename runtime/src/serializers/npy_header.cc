// npy_header.cc — reading and writing the .npy header dict (a Python literal) with NumPy's padding rules.
#include "serializers/npy_header.h"

#include <cctype>

#include "cnet/core/error.h"
#include "serializers/byte_io.h"

namespace cnet {
namespace serializers {
namespace internal {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
constexpr size_t kArrayAlign = 64;
constexpr size_t kGrowthAxisMaxDigits = 21;

// A recursive-descent reader for the subset of Python literals .npy headers use.
class DictParser {
public:
    DictParser(const std::string& text, const std::string& source) : text_(text), source_(source) {}

    NpyHeader Parse() {
        NpyHeader h;
        bool has_descr = false, has_order = false, has_shape = false;
        Expect('{');
        while (Peek() != '}') {
            const std::string key = String();
            Expect(':');
            if (key == "descr") {
                if (Peek() == '[') Fail("structured dtypes are not supported");
                h.descr = String();
                has_descr = true;
            } else if (key == "fortran_order") {
                h.fortran_order = Bool();
                has_order = true;
            } else if (key == "shape") {
                h.shape = Tuple();
                has_shape = true;
            } else {
                Fail("unexpected key '" + key + "'");
            }
            if (Peek() == ',') ++pos_;
        }
        if (!has_descr || !has_order || !has_shape) Fail("header lacks descr, fortran_order or shape");
        return h;
    }

private:
    [[noreturn]] void Fail(const std::string& why) const {
        throw SerializationError(source_ + ": invalid .npy header (" + why + "): " + text_);
    }
    char Peek() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
        if (pos_ >= text_.size()) Fail("unexpected end");
        return text_[pos_];
    }
    void Expect(char c) {
        if (Peek() != c) Fail(std::string("expected '") + c + "'");
        ++pos_;
    }
    std::string String() {
        const char quote = Peek();
        if (quote != '\'' && quote != '"') Fail("expected a string");
        const size_t end = text_.find(quote, ++pos_);
        if (end == std::string::npos) Fail("unterminated string");
        std::string s = text_.substr(pos_, end - pos_);
        pos_ = end + 1;
        return s;
    }
    bool Bool() {
        Peek();
        for (const char* word : {"True", "False"}) {
            if (text_.compare(pos_, std::char_traits<char>::length(word), word) == 0) {
                pos_ += std::char_traits<char>::length(word);
                return word[0] == 'T';
            }
        }
        Fail("expected True or False");
    }
    Shape Tuple() {
        Shape shape;
        Expect('(');
        while (Peek() != ')') {
            size_t digits = 0;
            int64_t v = 0;
            while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
                if (++digits > 18) Fail("dimension too large");
                v = v * 10 + (text_[pos_++] - '0');
            }
            if (digits == 0) Fail("expected a dimension");
            if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;  // Python 2 long
            if (shape.ndim() == kMaxNdim) Fail("too many dimensions");
            shape.push_back(v);
            if (Peek() == ',') ++pos_;
        }
        ++pos_;
        return shape;
    }

    const std::string& text_;
    const std::string& source_;
    size_t pos_ = 0;
};

}  // namespace

NpyHeader ParseNpyHeader(const std::string& bytes, const std::string& source) {
    ByteReader r(bytes.data(), bytes.size(), source);
    if (bytes.compare(0, kMagicLen, kMagic, kMagicLen) != 0)
        throw SerializationError(source + ": not a .npy file (bad magic string)");
    r.Take(kMagicLen, "magic");
    const uint8_t major = r.U8("version");
    r.U8("version");
    if (major < 1 || major > 3)
        throw SerializationError(source + ": unsupported .npy format version " + std::to_string(major));
    const size_t header_len = major == 1 ? r.U16("header length") : r.U32("header length");
    const std::string text = r.TakeString(header_len, "header");
    NpyHeader h = DictParser(text, source).Parse();
    h.data_offset = r.pos();
    return h;
}

std::string FormatNpyHeader(const std::string& descr, const Shape& shape) {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape.ToString() + ", }";
    if (shape.ndim() > 0) dict.append(kGrowthAxisMaxDigits - std::to_string(shape[0]).size(), ' ');
    const size_t unpadded = kMagicLen + 2 + 2 + dict.size() + 1;
    const size_t pad = kArrayAlign - unpadded % kArrayAlign;  // NumPy pads a full 64 when already aligned
    const size_t header_len = dict.size() + pad + 1;
    CNET_CHECK_AS(SerializationError, header_len <= 0xffff, "npy header too long for format 1.0");
    std::string out(kMagic, kMagicLen);
    out.push_back('\x01');
    out.push_back('\x00');
    AppendU16(out, static_cast<uint16_t>(header_len));
    out += dict;
    out.append(pad, ' ');
    out.push_back('\n');
    return out;
}

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
