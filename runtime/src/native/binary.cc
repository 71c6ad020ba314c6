// binary.cc — CPU implementations of binary elementwise kernels, where() and clip().
#include <cmath>
#include <type_traits>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/kernels/elementwise.h"
#include "native/elementwise.h"

namespace cnet {
namespace native {
using kernels::BinaryOp;
namespace {

template <typename T>
T FloorDivide(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) {
        return std::floor(a / b);
    } else if constexpr (std::is_same<T, bool>::value) {
        return a && b;
    } else {
        if (b == 0) return 0;  // NumPy gives 0 (with a warning) for integer division by zero
        T q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
    }
}

template <typename T>
T Mod(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) {
        T r = std::fmod(a, b);
        if (r != 0 && ((r < 0) != (b < 0))) r += b;
        return r;
    } else if constexpr (std::is_same<T, bool>::value) {
        return false;
    } else {
        if (b == 0) return 0;
        T r = a % b;
        if (r != 0 && ((r < 0) != (b < 0))) r += b;
        return r;
    }
}

template <typename T>
T Fmod(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) return std::fmod(a, b);
    else if constexpr (std::is_same<T, bool>::value) return false;
    else return b == 0 ? T(0) : static_cast<T>(a % b);
}

template <typename T>
T Power(T a, T b) {
    if constexpr (std::is_floating_point<T>::value) {
        return b == T(2) ? a * a : std::pow(a, b);
    } else if constexpr (std::is_same<T, bool>::value) {
        return a || !b;
    } else {
        if (b < 0) throw ValueError("Integers to negative integer powers are not allowed.");
        T result = 1, base = a;
        for (T e = b; e > 0; e >>= 1, base *= base)
            if (e & 1) result *= base;
        return result;
    }
}

// Runs op over (a, b) or (a, scalar) into out. R is the output element type.
template <typename R, typename T, typename Op>
void Run(const Array& a, const Array* b, T s, bool scalar_first, Array& out, Op op) {
    if (b) {
        native::Map<R, T, T>(out, op, a, *b);
    } else if (scalar_first) {
        native::Map<R, T>(out, [s, op](T v) { return op(s, v); }, a);
    } else {
        native::Map<R, T>(out, [s, op](T v) { return op(v, s); }, a);
    }
}

template <typename T>
void BinaryTyped(BinaryOp op, const Array& a, const Array* b, T s, bool scalar_first, Array& out) {
    auto cast = [](auto v) { return static_cast<T>(v); };
    switch (op) {
        case BinaryOp::kAdd:
            if constexpr (std::is_same<T, bool>::value) Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return x || y; });
            else Run<T>(a, b, s, scalar_first, out, [cast](T x, T y) { return cast(x + y); });
            return;
        case BinaryOp::kSubtract:
            if constexpr (std::is_same<T, bool>::value) throw DtypeError("numpy boolean subtract is not supported, use logical_xor");
            else Run<T>(a, b, s, scalar_first, out, [cast](T x, T y) { return cast(x - y); });
            return;
        case BinaryOp::kMultiply:
            if constexpr (std::is_same<T, bool>::value) Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return x && y; });
            else Run<T>(a, b, s, scalar_first, out, [cast](T x, T y) { return cast(x * y); });
            return;
        case BinaryOp::kDivide:
            if constexpr (std::is_floating_point<T>::value) Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return x / y; });
            else throw DtypeError("true division of integer arrays must be computed in float (cast first)");
            return;
        case BinaryOp::kFloorDivide: Run<T>(a, b, s, scalar_first, out, FloorDivide<T>); return;
        case BinaryOp::kMod: Run<T>(a, b, s, scalar_first, out, Mod<T>); return;
        case BinaryOp::kFmod: Run<T>(a, b, s, scalar_first, out, Fmod<T>); return;
        case BinaryOp::kPower: Run<T>(a, b, s, scalar_first, out, Power<T>); return;
        case BinaryOp::kMaximum:  // NaN-propagating, as numpy.maximum
            Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return (x >= y || x != x) ? x : y; });
            return;
        case BinaryOp::kMinimum:
            Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return (x <= y || x != x) ? x : y; });
            return;
        case BinaryOp::kArctan2:
            if constexpr (std::is_floating_point<T>::value) Run<T>(a, b, s, scalar_first, out, [](T x, T y) { return std::atan2(x, y); });
            else throw DtypeError("arctan2 requires float inputs");
            return;
        case BinaryOp::kEqual: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x == y; }); return;
        case BinaryOp::kNotEqual: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x != y; }); return;
        case BinaryOp::kLess: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x < y; }); return;
        case BinaryOp::kLessEqual: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x <= y; }); return;
        case BinaryOp::kGreater: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x > y; }); return;
        case BinaryOp::kGreaterEqual: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x >= y; }); return;
        case BinaryOp::kLogicalAnd: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x && y; }); return;
        case BinaryOp::kLogicalOr: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return x || y; }); return;
        case BinaryOp::kLogicalXor: Run<bool>(a, b, s, scalar_first, out, [](T x, T y) { return !x != !y; }); return;
    }
}

}  // namespace

void Binary(BinaryOp op, const Array& a, const Array& b, const Array& out_in) {
    CNET_CHECK_AS(DtypeError, a.dtype() == b.dtype(), "internal: binary kernel operands differ in dtype");
    Array out = out_in;
    CNET_DISPATCH_NUMERIC(a.dtype(), T, { BinaryTyped<T>(op, a, &b, T(), false, out); });
}

void BinaryScalar(BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out_in) {
    Array out = out_in;
    CNET_DISPATCH_NUMERIC(a.dtype(), T, {
        const T v = s.is_float() ? static_cast<T>(s.to_double()) : static_cast<T>(s.to_int());
        BinaryTyped<T>(op, a, nullptr, v, scalar_first, out);
    });
}

void Where(const Array& cond, const Array& a, const Array& b, const Array& out_in) {
    Array out = out_in;
    CNET_DISPATCH_NUMERIC(out.dtype(), T, {
        native::Map<T, bool, T, T>(out, [](bool c, T x, T y) { return c ? x : y; }, cond, a, b);
    });
}

void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out_in) {
    Array out = out_in;
    CNET_DISPATCH_NUMERIC(x.dtype(), T, {
        const T l = lo.to<T>(), h = hi.to<T>();
        native::Map<T, T>(out, [l, h](T v) { return v < l ? l : (v > h ? h : v); }, x);
    });
}

}  // namespace native
}  // namespace cnet
