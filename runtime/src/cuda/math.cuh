// math.cuh — device versions of the CPU elementwise semantics (native/elementwise.cc, native/binary.cc):
// the same formulas, the same NaN rules (maximum/minimum propagate NaN, sign(NaN) = 0), integer floor
// division and remainder with Python's signs, and 0 for integer division by zero.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cnet/kernels/elementwise.h"

namespace cnet {
namespace cuda {

template <typename T>
constexpr bool kIsFloat = std::is_floating_point<T>::value;

// One-argument float functions: the float or double CUDA math function.
#define CNET_CUDA_MATH1(fn)                          \
    template <typename T>                            \
    __device__ inline T Math_##fn(T v) {             \
        if constexpr (std::is_same<T, float>::value) \
            return ::fn##f(v);                       \
        else                                         \
            return ::fn(v);                          \
    }
CNET_CUDA_MATH1(exp)
CNET_CUDA_MATH1(expm1)
CNET_CUDA_MATH1(exp2)
CNET_CUDA_MATH1(log)
CNET_CUDA_MATH1(log1p)
CNET_CUDA_MATH1(log2)
CNET_CUDA_MATH1(log10)
CNET_CUDA_MATH1(sqrt)
CNET_CUDA_MATH1(tanh)
CNET_CUDA_MATH1(sin)
CNET_CUDA_MATH1(cos)
CNET_CUDA_MATH1(tan)
CNET_CUDA_MATH1(asin)
CNET_CUDA_MATH1(acos)
CNET_CUDA_MATH1(atan)
CNET_CUDA_MATH1(sinh)
CNET_CUDA_MATH1(cosh)
CNET_CUDA_MATH1(floor)
CNET_CUDA_MATH1(ceil)
CNET_CUDA_MATH1(trunc)
CNET_CUDA_MATH1(rint)
CNET_CUDA_MATH1(erf)
CNET_CUDA_MATH1(erfc)
#undef CNET_CUDA_MATH1

template <typename T>
__device__ inline T Math_fmod(T a, T b) {
    if constexpr (std::is_same<T, float>::value)
        return ::fmodf(a, b);
    else
        return ::fmod(a, b);
}
template <typename T>
__device__ inline T Math_pow(T a, T b) {
    if constexpr (std::is_same<T, float>::value)
        return ::powf(a, b);
    else
        return ::pow(a, b);
}
template <typename T>
__device__ inline T Math_atan2(T a, T b) {
    if constexpr (std::is_same<T, float>::value)
        return ::atan2f(a, b);
    else
        return ::atan2(a, b);
}

/// v < 0, without nvcc's "pointless comparison" warning for unsigned types.
template <typename T>
__device__ inline bool IsNegative(T v) {
    if constexpr (std::is_unsigned<T>::value)
        return false;
    else
        return v < T(0);
}

template <typename T>
__device__ inline bool IsNan(T v) {
    return v != v;
}
template <typename T>
__device__ inline bool IsInf(T v) {
    if constexpr (kIsFloat<T>)
        return !IsNan(v) && IsNan(v - v);  // inf - inf is NaN; finite - finite is 0
    else
        return false;
}

/// The value-producing unary ops (the host checked that op is defined for T).
template <typename T>
__device__ inline T ApplyUnary(kernels::UnaryOp op, T v) {
    using kernels::UnaryOp;
    switch (op) {
        case UnaryOp::kNegative:
            if constexpr (std::is_same<T, bool>::value)
                return v;  // rejected on the host
            else
                return static_cast<T>(-v);
        case UnaryOp::kAbsolute:
            if constexpr (std::is_unsigned<T>::value || std::is_same<T, bool>::value)
                return v;
            else
                return v < 0 ? static_cast<T>(-v) : v;
        case UnaryOp::kSign:
            return static_cast<T>((v > T(0)) - IsNegative(v));
        case UnaryOp::kSquare:
            return static_cast<T>(v * v);
        case UnaryOp::kRelu:
            return v > T(0) ? v : T(0);
        default:
            break;
    }
    if constexpr (kIsFloat<T>) {
        switch (op) {
            case UnaryOp::kExp:
                return Math_exp(v);
            case UnaryOp::kExpm1:
                return Math_expm1(v);
            case UnaryOp::kExp2:
                return Math_exp2(v);
            case UnaryOp::kLog:
                return Math_log(v);
            case UnaryOp::kLog1p:
                return Math_log1p(v);
            case UnaryOp::kLog2:
                return Math_log2(v);
            case UnaryOp::kLog10:
                return Math_log10(v);
            case UnaryOp::kSqrt:
                return Math_sqrt(v);
            case UnaryOp::kRsqrt:
                return T(1) / Math_sqrt(v);
            case UnaryOp::kReciprocal:
                return T(1) / v;
            case UnaryOp::kTanh:
                return Math_tanh(v);
            case UnaryOp::kSigmoid:
                return Math_tanh(v * T(0.5)) * T(0.5) + T(0.5);  // Chainer's stable form
            case UnaryOp::kSin:
                return Math_sin(v);
            case UnaryOp::kCos:
                return Math_cos(v);
            case UnaryOp::kTan:
                return Math_tan(v);
            case UnaryOp::kArcsin:
                return Math_asin(v);
            case UnaryOp::kArccos:
                return Math_acos(v);
            case UnaryOp::kArctan:
                return Math_atan(v);
            case UnaryOp::kSinh:
                return Math_sinh(v);
            case UnaryOp::kCosh:
                return Math_cosh(v);
            case UnaryOp::kFloor:
                return Math_floor(v);
            case UnaryOp::kCeil:
                return Math_ceil(v);
            case UnaryOp::kTrunc:
                return Math_trunc(v);
            case UnaryOp::kRint:
                return Math_rint(v);  // halves to even, as NumPy's rint
            case UnaryOp::kErf:
                return Math_erf(v);
            case UnaryOp::kErfc:
                return Math_erfc(v);
            default:
                return v;
        }
    } else {
        return v;  // floor/ceil/trunc of an integer (the host rejected the float-only ops)
    }
}

/// The bool-producing unary ops (logical_not, isnan, isinf, isfinite).
template <typename T>
__device__ inline bool ApplyPredicate(kernels::UnaryOp op, T v) {
    using kernels::UnaryOp;
    switch (op) {
        case UnaryOp::kLogicalNot:
            return !v;
        case UnaryOp::kIsnan:
            return IsNan(v);
        case UnaryOp::kIsinf:
            return IsInf(v);
        default:
            return !IsNan(v) && !IsInf(v);  // kIsfinite
    }
}

template <typename T>
__device__ inline T FloorDivide(T a, T b) {
    if constexpr (kIsFloat<T>) {
        return Math_floor(a / b);
    } else if constexpr (std::is_same<T, bool>::value) {
        return a && b;
    } else {
        if (b == 0) return 0;  // NumPy gives 0 for integer division by zero
        T q = a / b;
        if ((a % b != 0) && (IsNegative(a) != IsNegative(b))) --q;
        return q;
    }
}

template <typename T>
__device__ inline T Mod(T a, T b) {
    if constexpr (kIsFloat<T>) {
        T r = Math_fmod(a, b);
        if (r != 0 && ((r < 0) != (b < 0))) r += b;
        return r;
    } else if constexpr (std::is_same<T, bool>::value) {
        return false;
    } else {
        if (b == 0) return 0;
        T r = a % b;
        if (r != 0 && (IsNegative(r) != IsNegative(b))) r += b;
        return r;
    }
}

template <typename T>
__device__ inline T Fmod(T a, T b) {
    if constexpr (kIsFloat<T>)
        return Math_fmod(a, b);
    else if constexpr (std::is_same<T, bool>::value)
        return false;
    else
        return b == 0 ? T(0) : static_cast<T>(a % b);
}

/// Integer power by squaring; a negative exponent sets *bad (the host raises NumPy's ValueError).
template <typename T>
__device__ inline T Power(T a, T b, int* bad) {
    if constexpr (kIsFloat<T>) {
        return b == T(2) ? a * a : Math_pow(a, b);
    } else if constexpr (std::is_same<T, bool>::value) {
        return a || !b;
    } else {
        if (IsNegative(b)) {
            *bad = 1;
            return 0;
        }
        T result = 1, base = a;
        for (T e = b; e > 0; e >>= 1, base *= base)
            if (e & 1) result *= base;
        return result;
    }
}

/// The value-producing binary ops (the host checked that op is defined for T).
template <typename T>
__device__ inline T ApplyBinary(kernels::BinaryOp op, T x, T y, int* bad) {
    using kernels::BinaryOp;
    switch (op) {
        case BinaryOp::kAdd:
            if constexpr (std::is_same<T, bool>::value)
                return x || y;
            else
                return static_cast<T>(x + y);
        case BinaryOp::kSubtract:
            if constexpr (std::is_same<T, bool>::value)
                return x;  // rejected on the host
            else
                return static_cast<T>(x - y);
        case BinaryOp::kMultiply:
            if constexpr (std::is_same<T, bool>::value)
                return x && y;
            else
                return static_cast<T>(x * y);
        case BinaryOp::kDivide:
            if constexpr (kIsFloat<T>)
                return x / y;
            else
                return x;  // rejected on the host
        case BinaryOp::kFloorDivide:
            return FloorDivide(x, y);
        case BinaryOp::kMod:
            return Mod(x, y);
        case BinaryOp::kFmod:
            return Fmod(x, y);
        case BinaryOp::kPower:
            return Power(x, y, bad);
        case BinaryOp::kMaximum:
            return (x >= y || x != x) ? x : y;  // NaN-propagating, as numpy.maximum
        case BinaryOp::kMinimum:
            return (x <= y || x != x) ? x : y;
        case BinaryOp::kArctan2:
            if constexpr (kIsFloat<T>)
                return Math_atan2(x, y);
            else
                return x;  // rejected on the host
        default:
            return x;  // comparisons go through ApplyComparison
    }
}

template <typename T>
__device__ inline bool ApplyComparison(kernels::BinaryOp op, T x, T y) {
    using kernels::BinaryOp;
    switch (op) {
        case BinaryOp::kEqual:
            return x == y;
        case BinaryOp::kNotEqual:
            return x != y;
        case BinaryOp::kLess:
            return x < y;
        case BinaryOp::kLessEqual:
            return x <= y;
        case BinaryOp::kGreater:
            return x > y;
        case BinaryOp::kGreaterEqual:
            return x >= y;
        case BinaryOp::kLogicalAnd:
            return x && y;
        case BinaryOp::kLogicalOr:
            return x || y;
        default:
            return !x != !y;  // kLogicalXor
    }
}

}  // namespace cuda
}  // namespace cnet
