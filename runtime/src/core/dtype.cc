// dtype.cc — dtype names, sizes and NumPy's promotion table.
#include "cnet/core/dtype.h"

#include "cnet/core/error.h"

namespace cnet {

const char* DtypeName(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool: return "bool";
        case Dtype::kUint8: return "uint8";
        case Dtype::kInt32: return "int32";
        case Dtype::kInt64: return "int64";
        case Dtype::kFloat16: return "float16";
        case Dtype::kFloat32: return "float32";
        case Dtype::kFloat64: return "float64";
    }
    return "?";
}

char DtypeKind(Dtype dtype) {
    switch (dtype) {
        case Dtype::kBool: return 'b';
        case Dtype::kUint8: return 'u';
        case Dtype::kInt32:
        case Dtype::kInt64: return 'i';
        default: return 'f';
    }
}

Dtype DtypeFromName(const std::string& name) {
    if (name == "bool" || name == "bool_" || name == "?") return Dtype::kBool;
    if (name == "uint8" || name == "u1" || name == "B") return Dtype::kUint8;
    if (name == "int32" || name == "i4" || name == "i") return Dtype::kInt32;
    if (name == "int64" || name == "i8" || name == "int" || name == "l") return Dtype::kInt64;
    if (name == "float16" || name == "f2" || name == "e" || name == "half") return Dtype::kFloat16;
    if (name == "float32" || name == "f4" || name == "f" || name == "single") return Dtype::kFloat32;
    if (name == "float64" || name == "f8" || name == "d" || name == "float" || name == "double") return Dtype::kFloat64;
    throw DtypeError("data type '" + name + "' not understood");
}

Dtype PromoteTypes(Dtype a, Dtype b) {
    if (a == b) return a;
    if (static_cast<int>(a) > static_cast<int>(b)) std::swap(a, b);  // a < b in enum order
    // NumPy: a float16 combined with int32/int64 needs float64 to hold the integers exactly.
    if (b == Dtype::kFloat16 && (a == Dtype::kInt32 || a == Dtype::kInt64)) return Dtype::kFloat64;
    if (b == Dtype::kFloat32 && a == Dtype::kInt64) return Dtype::kFloat64;
    if (b == Dtype::kFloat32 && a == Dtype::kInt32) return Dtype::kFloat64;
    return b;
}

Dtype PromoteWithScalar(Dtype array_dtype, bool scalar_is_float) {
    if (scalar_is_float) return IsFloat(array_dtype) ? array_dtype : Dtype::kFloat64;
    return array_dtype == Dtype::kBool ? Dtype::kInt64 : array_dtype;
}

}  // namespace cnet
