// dtype.h — element types, their sizes and names, and NumPy's type promotion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

namespace cnet {

/// Element types, ordered so that promotion within a kind follows the enum order.
enum class Dtype : uint8_t { kBool, kUint8, kInt32, kInt64, kFloat16, kFloat32, kFloat64 };

constexpr int kNumDtypes = 7;

/// Bytes per element (inline: every array operation asks).
inline constexpr size_t ItemSize(Dtype dtype) {
    constexpr size_t kSizes[kNumDtypes] = {1, 1, 4, 8, 2, 4, 8};  // in Dtype's order
    return kSizes[static_cast<int>(dtype)];
}
static_assert(ItemSize(Dtype::kInt64) == 8 && ItemSize(Dtype::kFloat16) == 2 && ItemSize(Dtype::kFloat64) == 8);
/// NumPy's name: "float32", "int64", "bool", ...
const char* DtypeName(Dtype dtype);
/// NumPy's kind character: 'b' bool, 'u' unsigned, 'i' signed, 'f' float.
char DtypeKind(Dtype dtype);
/// Parses a NumPy dtype name ("float32", "f", "int", "float", "i", "bool", ...). Throws DtypeError.
Dtype DtypeFromName(const std::string& name);

inline bool IsFloat(Dtype d) { return d == Dtype::kFloat16 || d == Dtype::kFloat32 || d == Dtype::kFloat64; }
inline bool IsInteger(Dtype d) { return d == Dtype::kUint8 || d == Dtype::kInt32 || d == Dtype::kInt64; }
inline bool IsBool(Dtype d) { return d == Dtype::kBool; }

/// NumPy's promotion of two array dtypes (e.g. int32+float32 -> float64, uint8+int32 -> int32).
Dtype PromoteTypes(Dtype a, Dtype b);

/// The dtype of `array op python_scalar` (NumPy 1.x value-independent rule used by Chainer):
/// a float scalar keeps a float array's dtype and turns bool/int arrays into float64; an int scalar keeps
/// any non-bool array's dtype and turns bool into int64.
Dtype PromoteWithScalar(Dtype array_dtype, bool scalar_is_float);

/// The float dtype an int/bool input is computed in by NumPy ufuncs such as exp: float64 (float16 stays).
inline Dtype DefaultFloatFor(Dtype d) { return IsFloat(d) ? d : Dtype::kFloat64; }

inline std::ostream& operator<<(std::ostream& os, Dtype d) { return os << DtypeName(d); }

/// C++ type <-> Dtype mapping.
template <typename T>
struct DtypeOf;
template <>
struct DtypeOf<bool> {
    static constexpr Dtype value = Dtype::kBool;
};
template <>
struct DtypeOf<uint8_t> {
    static constexpr Dtype value = Dtype::kUint8;
};
template <>
struct DtypeOf<int32_t> {
    static constexpr Dtype value = Dtype::kInt32;
};
template <>
struct DtypeOf<int64_t> {
    static constexpr Dtype value = Dtype::kInt64;
};
template <>
struct DtypeOf<float> {
    static constexpr Dtype value = Dtype::kFloat32;
};
template <>
struct DtypeOf<double> {
    static constexpr Dtype value = Dtype::kFloat64;
};

}  // namespace cnet
