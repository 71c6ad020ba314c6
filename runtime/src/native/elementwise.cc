// elementwise.cc — CPU implementations of the unary/binary elementwise kernels.
#include "cnet/kernels/elementwise.h"

#include <cmath>
#include <type_traits>

#include "cnet/core/dtype_dispatch.h"
#include "native/elementwise.h"

namespace cnet {
namespace native {
using kernels::UnaryOp;
using kernels::UnaryOpName;
namespace {

template <typename T>
void UnaryTyped(UnaryOp op, const Array& x, Array& out) {
    using native::Map;
    switch (op) {
        case UnaryOp::kNegative:
            if constexpr (std::is_same<T, bool>::value) throw DtypeError("the negative operator is not supported for bool arrays");
            else Map<T, T>(out, [](T v) { return static_cast<T>(-v); }, x);
            return;
        case UnaryOp::kAbsolute:
            if constexpr (std::is_unsigned<T>::value || std::is_same<T, bool>::value) Map<T, T>(out, [](T v) { return v; }, x);
            else Map<T, T>(out, [](T v) { return v < 0 ? static_cast<T>(-v) : v; }, x);
            return;
        case UnaryOp::kSign:
            Map<T, T>(out, [](T v) { return static_cast<T>((v > T(0)) - (v < T(0))); }, x);
            return;
        case UnaryOp::kSquare: Map<T, T>(out, [](T v) { return static_cast<T>(v * v); }, x); return;
        case UnaryOp::kRelu: Map<T, T>(out, [](T v) { return v > T(0) ? v : T(0); }, x); return;
        case UnaryOp::kLogicalNot: Map<bool, T>(out, [](T v) { return !v; }, x); return;
        default: break;
    }
    if constexpr (std::is_floating_point<T>::value) {
        switch (op) {
            case UnaryOp::kExp: Map<T, T>(out, [](T v) { return std::exp(v); }, x); return;
            case UnaryOp::kExpm1: Map<T, T>(out, [](T v) { return std::expm1(v); }, x); return;
            case UnaryOp::kExp2: Map<T, T>(out, [](T v) { return std::exp2(v); }, x); return;
            case UnaryOp::kLog: Map<T, T>(out, [](T v) { return std::log(v); }, x); return;
            case UnaryOp::kLog1p: Map<T, T>(out, [](T v) { return std::log1p(v); }, x); return;
            case UnaryOp::kLog2: Map<T, T>(out, [](T v) { return std::log2(v); }, x); return;
            case UnaryOp::kLog10: Map<T, T>(out, [](T v) { return std::log10(v); }, x); return;
            case UnaryOp::kSqrt: Map<T, T>(out, [](T v) { return std::sqrt(v); }, x); return;
            case UnaryOp::kRsqrt: Map<T, T>(out, [](T v) { return T(1) / std::sqrt(v); }, x); return;
            case UnaryOp::kReciprocal: Map<T, T>(out, [](T v) { return T(1) / v; }, x); return;
            case UnaryOp::kTanh: Map<T, T>(out, [](T v) { return std::tanh(v); }, x); return;
            case UnaryOp::kSigmoid:  // Chainer's form: tanh(x/2)/2 + 1/2, stable for large |x|
                Map<T, T>(out, [](T v) { return std::tanh(v * T(0.5)) * T(0.5) + T(0.5); }, x);
                return;
            case UnaryOp::kSin: Map<T, T>(out, [](T v) { return std::sin(v); }, x); return;
            case UnaryOp::kCos: Map<T, T>(out, [](T v) { return std::cos(v); }, x); return;
            case UnaryOp::kTan: Map<T, T>(out, [](T v) { return std::tan(v); }, x); return;
            case UnaryOp::kArcsin: Map<T, T>(out, [](T v) { return std::asin(v); }, x); return;
            case UnaryOp::kArccos: Map<T, T>(out, [](T v) { return std::acos(v); }, x); return;
            case UnaryOp::kArctan: Map<T, T>(out, [](T v) { return std::atan(v); }, x); return;
            case UnaryOp::kSinh: Map<T, T>(out, [](T v) { return std::sinh(v); }, x); return;
            case UnaryOp::kCosh: Map<T, T>(out, [](T v) { return std::cosh(v); }, x); return;
            case UnaryOp::kFloor: Map<T, T>(out, [](T v) { return std::floor(v); }, x); return;
            case UnaryOp::kCeil: Map<T, T>(out, [](T v) { return std::ceil(v); }, x); return;
            case UnaryOp::kTrunc: Map<T, T>(out, [](T v) { return std::trunc(v); }, x); return;
            // NumPy's rint: to the nearest integer, halves to even (the default rounding mode).
            case UnaryOp::kRint: Map<T, T>(out, [](T v) { return std::nearbyint(v); }, x); return;
            case UnaryOp::kErf: Map<T, T>(out, [](T v) { return std::erf(v); }, x); return;
            case UnaryOp::kErfc: Map<T, T>(out, [](T v) { return std::erfc(v); }, x); return;
            case UnaryOp::kIsnan: Map<bool, T>(out, [](T v) { return std::isnan(v); }, x); return;
            case UnaryOp::kIsinf: Map<bool, T>(out, [](T v) { return std::isinf(v); }, x); return;
            case UnaryOp::kIsfinite: Map<bool, T>(out, [](T v) { return std::isfinite(v); }, x); return;
            default: break;
        }
    } else {
        switch (op) {
            case UnaryOp::kFloor:
            case UnaryOp::kCeil:
            case UnaryOp::kTrunc: Map<T, T>(out, [](T v) { return v; }, x); return;
            case UnaryOp::kIsnan:
            case UnaryOp::kIsinf: Map<bool, T>(out, [](T) { return false; }, x); return;
            case UnaryOp::kIsfinite: Map<bool, T>(out, [](T) { return true; }, x); return;
            default: break;
        }
    }
    throw DtypeError(cnet::internal::StrCat("ufunc '", UnaryOpName(op), "' not supported for the input type ",
                                      DtypeName(x.dtype())));
}

}  // namespace

void Unary(UnaryOp op, const Array& x, const Array& out_in) {
    Array out = out_in;
    CNET_DISPATCH_NUMERIC(x.dtype(), T, { UnaryTyped<T>(op, x, out); });
}

}  // namespace native

template <>
const kernels::ElementwiseKernels& kernels::NativeKernels<kernels::ElementwiseKernels>() {
    static const ElementwiseKernels table{&native::Unary, &native::Binary, &native::BinaryScalar, &native::Where,
                                          &native::Clip};
    return table;
}

}  // namespace cnet
