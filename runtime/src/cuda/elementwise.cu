// elementwise.cu — the elementwise family on CUDA: unary/binary ops (math.cuh holds their per-element
// semantics), where() and clip(). Each op dtype is one kernel whose loop body switches on the op: a uniform
// branch, and one kernel per dtype instead of one per (op, dtype) keeps nvcc's build time small.
#include "cnet/kernels/elementwise.h"
#include "cuda/copy.cuh"
#include "cuda/elementwise.cuh"
#include "cuda/loop.cuh"
#include "cuda/math.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::BinaryOp;
using kernels::UnaryOp;

/// CNET_DISPATCH_NUMERIC on device types: float16 is computed in float32 by the callers.
#define CNET_CUDA_DISPATCH_NUMERIC(dtype, T, ...)                                       \
    switch (dtype) {                                                                    \
        case ::cnet::Dtype::kBool: {                                                    \
            using T = bool;                                                             \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kUint8: {                                                   \
            using T = uint8_t;                                                          \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kInt32: {                                                   \
            using T = int32_t;                                                          \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kInt64: {                                                   \
            using T = int64_t;                                                          \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kFloat32: {                                                 \
            using T = float;                                                            \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kFloat64: {                                                 \
            using T = double;                                                           \
            __VA_ARGS__;                                                                \
            break;                                                                      \
        }                                                                               \
        case ::cnet::Dtype::kFloat16:                                                   \
            throw ::cnet::DtypeError("float16 arithmetic must be computed in float32"); \
    }

// The CPU's errors for ops a dtype does not support (native/elementwise.cc, native/binary.cc).
void CheckUnary(UnaryOp op, Dtype dtype) {
    if (op == UnaryOp::kNegative && dtype == Dtype::kBool)
        throw DtypeError("the negative operator is not supported for bool arrays");
    if (IsFloat(dtype)) return;
    switch (op) {
        case UnaryOp::kNegative:
        case UnaryOp::kAbsolute:
        case UnaryOp::kSign:
        case UnaryOp::kSquare:
        case UnaryOp::kRelu:
        case UnaryOp::kLogicalNot:
        case UnaryOp::kFloor:
        case UnaryOp::kCeil:
        case UnaryOp::kTrunc:
        case UnaryOp::kIsnan:
        case UnaryOp::kIsinf:
        case UnaryOp::kIsfinite:
            return;
        default:
            throw DtypeError(cnet::internal::StrCat("ufunc '", kernels::UnaryOpName(op),
                                                    "' not supported for the input type ", DtypeName(dtype)));
    }
}

void CheckBinary(BinaryOp op, Dtype dtype) {
    if (op == BinaryOp::kSubtract && dtype == Dtype::kBool)
        throw DtypeError("numpy boolean subtract is not supported, use logical_xor");
    if (op == BinaryOp::kDivide && !IsFloat(dtype))
        throw DtypeError("true division of integer arrays must be computed in float (cast first)");
    if (op == BinaryOp::kArctan2 && !IsFloat(dtype)) throw DtypeError("arctan2 requires float inputs");
}

// Integer power reports negative exponents through a device flag (kernels cannot throw); read it back only
// where it can be set.
class BadFlag {
public:
    BadFlag(bool needed, Device device) {
        if (needed) {
            flag_ = Array::Empty(Shape{}, Dtype::kInt32, device);
            Fill(flag_, Scalar(0));
        }
    }
    int* get() const { return flag_.defined() ? static_cast<int*>(flag_.raw_data()) : nullptr; }
    void Check() const {
        if (flag_.defined() && flag_.to_device(Device::Cpu()).item<int32_t>() != 0)
            throw ValueError("Integers to negative integer powers are not allowed.");
    }

private:
    Array flag_;
};

__device__ int g_unused_flag;  // target of the flag pointer where no flag is needed (never read)

bool NeedsFlag(BinaryOp op, Dtype dtype) { return op == BinaryOp::kPower && IsInteger(dtype); }

}  // namespace

void Unary(UnaryOp op, const Array& x, const Array& out) {
    CheckUnary(op, x.dtype());
    const Indexer xi = MakeIndexer(x, out.shape());
    const Indexer oi = MakeIndexer(out, out.shape());
    const int device = out.device().index();
    CNET_CUDA_DISPATCH_NUMERIC(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        if (kernels::IsPredicate(op)) {
            bool* o = DevicePtr<bool>(out);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) { o[oi(i)] = ApplyPredicate(op, xp[xi(i)]); });
        } else {
            T* o = DevicePtr<T>(out);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) { o[oi(i)] = ApplyUnary(op, xp[xi(i)]); });
        }
    });
}

void Binary(BinaryOp op, const Array& a, const Array& b, const Array& out) {
    CNET_CHECK_AS(DtypeError, a.dtype() == b.dtype(), "internal: binary kernel operands differ in dtype");
    CheckBinary(op, a.dtype());
    const Indexer ai = MakeIndexer(a, out.shape()), bi = MakeIndexer(b, out.shape());
    const Indexer oi = MakeIndexer(out, out.shape());
    const int device = out.device().index();
    const BadFlag flag(NeedsFlag(op, a.dtype()), out.device());
    int* bad = flag.get();
    CNET_CUDA_DISPATCH_NUMERIC(a.dtype(), T, {
        const T* ap = DevicePtr<const T>(a);
        const T* bp = DevicePtr<const T>(b);
        if (kernels::IsComparison(op)) {
            bool* o = DevicePtr<bool>(out);
            ForEachIndex(device, out.size(),
                         [=] __device__(int64_t i) { o[oi(i)] = ApplyComparison(op, ap[ai(i)], bp[bi(i)]); });
        } else {
            T* o = DevicePtr<T>(out);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) {
                o[oi(i)] = ApplyBinary(op, ap[ai(i)], bp[bi(i)], bad ? bad : &g_unused_flag);
            });
        }
    });
    flag.Check();
}

void BinaryScalar(BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out) {
    CheckBinary(op, a.dtype());
    const Indexer ai = MakeIndexer(a, out.shape());
    const Indexer oi = MakeIndexer(out, out.shape());
    const int device = out.device().index();
    const BadFlag flag(NeedsFlag(op, a.dtype()), out.device());
    int* bad = flag.get();
    CNET_CUDA_DISPATCH_NUMERIC(a.dtype(), T, {
        const T v = s.is_float() ? static_cast<T>(s.to_double()) : static_cast<T>(s.to_int());  // as the CPU
        const T* ap = DevicePtr<const T>(a);
        if (kernels::IsComparison(op)) {
            bool* o = DevicePtr<bool>(out);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) {
                const T x = ap[ai(i)];
                o[oi(i)] = scalar_first ? ApplyComparison(op, v, x) : ApplyComparison(op, x, v);
            });
        } else {
            T* o = DevicePtr<T>(out);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) {
                const T x = ap[ai(i)];
                int* f = bad ? bad : &g_unused_flag;
                o[oi(i)] = scalar_first ? ApplyBinary(op, v, x, f) : ApplyBinary(op, x, v, f);
            });
        }
    });
    flag.Check();
}

void Where(const Array& cond, const Array& a, const Array& b, const Array& out) {
    const Indexer ci = MakeIndexer(cond, out.shape()), ai = MakeIndexer(a, out.shape());
    const Indexer bi = MakeIndexer(b, out.shape()), oi = MakeIndexer(out, out.shape());
    const bool* cp = DevicePtr<const bool>(cond);
    CNET_CUDA_DISPATCH_NUMERIC(out.dtype(), T, {
        const T* ap = DevicePtr<const T>(a);
        const T* bp = DevicePtr<const T>(b);
        T* o = DevicePtr<T>(out);
        ForEachIndex(out.device().index(), out.size(),
                     [=] __device__(int64_t i) { o[oi(i)] = cp[ci(i)] ? ap[ai(i)] : bp[bi(i)]; });
    });
}

void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out) {
    const Indexer xi = MakeIndexer(x, out.shape()), oi = MakeIndexer(out, out.shape());
    CNET_CUDA_DISPATCH_NUMERIC(x.dtype(), T, {
        const T l = lo.to<T>(), h = hi.to<T>();
        const T* xp = DevicePtr<const T>(x);
        T* o = DevicePtr<T>(out);
        ForEachIndex(out.device().index(), out.size(), [=] __device__(int64_t i) {
            const T v = xp[xi(i)];
            o[oi(i)] = v < l ? l : (v > h ? h : v);
        });
    });
}

}  // namespace cuda
}  // namespace cnet
