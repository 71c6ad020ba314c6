// npy_format.cc — .npy encode/decode: descr strings, byte swapping, Fortran order, widening, pickled None.
#include "cnet/serializers/npy_format.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/core/utf8.h"
#include "serializers/npy_header.h"
#include "serializers/pickle_reader.h"

namespace cnet {
namespace serializers {
namespace {

using internal::PyValue;

// pickle.dumps(numpy.asarray(None), protocol=3) exactly as numpy.save writes it (NumPy 1.x module path,
// which NumPy 2 still unpickles).
const char kPickledNone[] =
    "\x80\x03" "cnumpy.core.multiarray\n_reconstruct\nq\x00" "cnumpy\nndarray\nq\x01" "K\x00\x85q\x02"
    "C\x01" "bq\x03\x87q\x04Rq\x05(K\x01)cnumpy\ndtype\nq\x06X\x02\x00\x00\x00O8q\x07\x89\x88\x87q\x08Rq\t"
    "(K\x03X\x01\x00\x00\x00|q\nNNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK?tq\x0b" "b\x89]q\x0cNatq\rb.";

// ---- Python str <-> NumPy's 0-d '<U{n}' (UCS-4 code points, trailing NULs are padding)

bool IsStrDescr(const std::string& descr) {
    return descr.size() >= 3 && std::string("<>=|").find(descr[0]) != std::string::npos && descr[1] == 'U';
}

std::vector<uint32_t> Utf8ToCodePoints(const std::string& s) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        int n = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
        uint32_t cp = n == 0 ? c : n == 1 ? (c & 0x1F) : n == 2 ? (c & 0x0F) : (c & 0x07);
        bool ok = n >= 0;
        for (int k = 1; ok && k <= n; ++k) {
            if (i + static_cast<size_t>(k) >= s.size() || (static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) ok = false;
            else cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        }
        if (!ok) {  // invalid UTF-8: U+FFFD for the byte, as errors='replace' does
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        out.push_back(cp);
        i += static_cast<size_t>(n) + 1;
    }
    return out;
}

// The text of a 0-d str array as a 1-D uint8 array of its UTF-8 bytes.
Array DecodeStr(const std::string& bytes, const internal::NpyHeader& h, const std::string& source) {
    const std::string digits = h.descr.substr(2);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9)
        throw SerializationError(source + ": unsupported dtype '" + h.descr + "'");
    if (h.shape.ndim() != 0)
        throw SerializationError(source + ": str arrays are only supported as 0-d (a Python str); got shape " +
                                 h.shape.ToString() + " of '" + h.descr + "'");
    const size_t n = static_cast<size_t>(std::stoul(digits));
    if (bytes.size() - h.data_offset < 4 * n)
        throw SerializationError(source + ": truncated .npy data: '" + h.descr + "' needs " + std::to_string(4 * n) +
                                 " bytes, found " + std::to_string(bytes.size() - h.data_offset));
    const bool swap = h.descr[0] == '>';
    std::vector<uint32_t> cps(n);
    for (size_t k = 0; k < n; ++k) {
        unsigned char b[4];
        std::memcpy(b, bytes.data() + h.data_offset + 4 * k, 4);
        if (swap) std::reverse(b, b + 4);
        std::memcpy(&cps[k], b, 4);
    }
    while (!cps.empty() && cps.back() == 0) cps.pop_back();  // NumPy strips the NUL padding
    std::string text;
    for (uint32_t cp : cps) AppendUtf8(cp, text);
    return Array::FromVector(std::vector<uint8_t>(text.begin(), text.end()));
}

// How a descr's elements are stored and which cnet dtype they load as.
struct ElementType {
    char kind;       // 'b', 'u', 'i', 'f'
    int size;        // bytes per element in the file
    bool swap;       // big-endian data
    Dtype dtype;     // the dtype of the loaded array
};

const char* Descr(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool: return "|b1";
        case Dtype::kUint8: return "|u1";
        case Dtype::kInt32: return "<i4";
        case Dtype::kInt64: return "<i8";
        case Dtype::kFloat16: return "<f2";
        case Dtype::kFloat32: return "<f4";
        case Dtype::kFloat64: return "<f8";
    }
    return "?";
}

ElementType ParseDescr(const std::string& descr, const std::string& source) {
    auto unsupported = [&]() {
        return SerializationError(source + ": unsupported dtype '" + descr +
                                  "' (supported: bool, int8-64, uint8-64, float16/32/64 and pickled None)");
    };
    if (descr.size() < 3 || std::string("<>|=").find(descr[0]) == std::string::npos) throw unsupported();
    const char kind = descr[1];
    const std::string digits = descr.substr(2);
    if (digits.size() != 1 || !std::isdigit(static_cast<unsigned char>(digits[0]))) throw unsupported();
    const int size = digits[0] - '0';
    ElementType t{kind, size, descr[0] == '>' && size > 1, Dtype::kFloat32};
    if (kind == 'b' && size == 1) t.dtype = Dtype::kBool;
    else if (kind == 'u' && size == 1) t.dtype = Dtype::kUint8;
    else if ((kind == 'i' && (size == 1 || size == 2 || size == 4)) || (kind == 'u' && size == 2)) t.dtype = Dtype::kInt32;
    else if ((kind == 'i' && size == 8) || (kind == 'u' && (size == 4 || size == 8))) t.dtype = Dtype::kInt64;
    else if (kind == 'f' && size == 2) t.dtype = Dtype::kFloat16;
    else if (kind == 'f' && size == 4) t.dtype = Dtype::kFloat32;
    else if (kind == 'f' && size == 8) t.dtype = Dtype::kFloat64;
    else throw unsupported();
    return t;
}

// Reads element k of `src` (file layout `t`) as a widened integer.
template <typename Raw>
int64_t ReadInt(const char* src, int64_t k, bool swap) {
    unsigned char b[sizeof(Raw)];
    std::memcpy(b, src + k * static_cast<int64_t>(sizeof(Raw)), sizeof(Raw));
    if (swap) std::reverse(b, b + sizeof(Raw));
    Raw v;
    std::memcpy(&v, b, sizeof(Raw));
    return static_cast<int64_t>(v);
}

// Copies `count` file elements into `out` (contiguous), swapping and widening as needed.
void CopyElements(const char* src, int64_t count, const ElementType& t, Array& out) {
    char* dst = static_cast<char*>(out.raw_data());
    if (static_cast<size_t>(t.size) == out.itemsize()) {
        std::memcpy(dst, src, static_cast<size_t>(count) * t.size);
        if (t.swap)
            for (int64_t k = 0; k < count; ++k) std::reverse(dst + k * t.size, dst + (k + 1) * t.size);
        return;
    }
    for (int64_t k = 0; k < count; ++k) {
        int64_t v = 0;
        if (t.kind == 'i' && t.size == 1) v = ReadInt<int8_t>(src, k, t.swap);
        else if (t.kind == 'i' && t.size == 2) v = ReadInt<int16_t>(src, k, t.swap);
        else if (t.kind == 'u' && t.size == 2) v = ReadInt<uint16_t>(src, k, t.swap);
        else if (t.kind == 'u' && t.size == 4) v = ReadInt<uint32_t>(src, k, t.swap);
        if (out.dtype() == Dtype::kInt32) reinterpret_cast<int32_t*>(dst)[k] = static_cast<int32_t>(v);
        else reinterpret_cast<int64_t*>(dst)[k] = v;
    }
}

// An object array from a pickle: None (0-d, all None) or Python numbers.
Array DecodeObjectArray(const std::string& pickle, const std::string& source) {
    const internal::PickledObjectArray obj = internal::DecodePickledObjectArray(pickle, source);
    bool all_none = true, any_float = false, all_bool = true;
    for (const auto& e : obj.elements) {
        const PyValue::Kind k = e->kind;
        if (k != PyValue::Kind::kNone) all_none = false;
        if (k == PyValue::Kind::kFloat) any_float = true;
        if (k != PyValue::Kind::kBool) all_bool = false;
        if (k != PyValue::Kind::kNone && k != PyValue::Kind::kBool && k != PyValue::Kind::kInt && k != PyValue::Kind::kFloat)
            throw SerializationError(source + ": object arrays of non-numbers are not supported");
    }
    if (all_none && obj.shape.ndim() == 0) return Array();
    if (all_none || (!all_bool && std::any_of(obj.elements.begin(), obj.elements.end(),
                                              [](const auto& e) { return e->kind == PyValue::Kind::kNone; })))
        throw SerializationError(source + ": object arrays holding None are only supported as a 0-d None");
    Array out = Array::Empty(obj.shape, all_bool ? Dtype::kBool : any_float ? Dtype::kFloat64 : Dtype::kInt64);
    for (size_t k = 0; k < obj.elements.size(); ++k) {
        const PyValue& e = *obj.elements[k];
        if (all_bool) out.data<bool>()[k] = e.b;
        else if (any_float) out.data<double>()[k] = e.kind == PyValue::Kind::kFloat ? e.f : static_cast<double>(e.kind == PyValue::Kind::kBool ? e.b : e.i);
        else out.data<int64_t>()[k] = e.kind == PyValue::Kind::kBool ? e.b : e.i;
    }
    return out;
}

}  // namespace

std::string EncodeNpyString(const std::string& utf8) {
    std::vector<uint32_t> cps = Utf8ToCodePoints(utf8);
    if (cps.empty()) cps.push_back(0);  // numpy.asarray("") is '<U1'
    std::string out = internal::FormatNpyHeader("<U" + std::to_string(cps.size()), Shape{});
    for (uint32_t cp : cps) {  // little-endian UCS-4
        for (int k = 0; k < 4; ++k) out += static_cast<char>((cp >> (8 * k)) & 0xFF);
    }
    return out;
}

bool IsNpyString(const std::string& bytes, const std::string& source) {
    return IsStrDescr(internal::ParseNpyHeader(bytes, source).descr);
}

std::string EncodeNpy(const Array& array) {
    if (!array.defined())
        return internal::FormatNpyHeader("|O", Shape{}) + std::string(kPickledNone, sizeof(kPickledNone) - 1);
    const Array c = array.to_device(Device::Cpu()).as_contiguous();
    std::string out = internal::FormatNpyHeader(Descr(c.dtype()), c.shape());
    out.append(static_cast<const char*>(c.raw_data()), c.nbytes());
    return out;
}

Array DecodeNpy(const std::string& bytes, const std::string& source) {
    const internal::NpyHeader h = internal::ParseNpyHeader(bytes, source);
    int64_t count = 1;
    for (int64_t d : h.shape) {
        if (d != 0 && count > (int64_t{1} << 48) / d)
            throw SerializationError(source + ": implausibly large shape " + h.shape.ToString());
        count *= d;
    }
    if (h.descr == "|O" || h.descr == "O") return DecodeObjectArray(bytes.substr(h.data_offset), source);
    if (IsStrDescr(h.descr)) return DecodeStr(bytes, h, source);
    const ElementType t = ParseDescr(h.descr, source);
    const uint64_t needed = static_cast<uint64_t>(count) * static_cast<uint64_t>(t.size);
    if (bytes.size() - h.data_offset < needed)
        throw SerializationError(source + ": truncated .npy data: shape " + h.shape.ToString() + " of '" + h.descr +
                                 "' needs " + std::to_string(needed) + " bytes, found " +
                                 std::to_string(bytes.size() - h.data_offset));
    if (!h.fortran_order) {
        Array out = Array::Empty(h.shape, t.dtype);
        CopyElements(bytes.data() + h.data_offset, count, t, out);
        return out;
    }
    // Fortran order: the data is the C-order array of the reversed shape, transposed.
    Shape reversed(h.shape.begin(), h.shape.end());
    std::reverse(reversed.begin(), reversed.end());
    Array raw = Array::Empty(reversed, t.dtype);
    CopyElements(bytes.data() + h.data_offset, count, t, raw);
    return raw.transpose().copy();
}

}  // namespace serializers
}  // namespace cnet
