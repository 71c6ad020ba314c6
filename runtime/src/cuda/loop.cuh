// loop.cuh — the CUDA iteration engine: a grid-stride loop over the flat C-order index of an output shape, and
// Indexer, which maps that flat index to an operand's element offset with the arithmetic of Array::at_flat
// (broadcast dimensions have stride 0). Every elementwise-style kernel of the backend is built from these two.
// Also the device element types (float16 is __half) and the casts between them, which follow the CPU's
// static_cast rules (float16 goes through float; bool is "!= 0").
#pragma once

#include <cuda_fp16.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "cnet/core/array.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"

namespace cnet {
namespace cuda {

/// Element offsets of one operand visited in C order over a shape.
struct Indexer {
    int ndim = 0;
    int64_t shape[kMaxNdim] = {};
    int64_t strides[kMaxNdim] = {};

    __host__ __device__ int64_t operator()(int64_t flat) const {
        int64_t offset = 0;
        for (int d = ndim - 1; d >= 0; --d) {
            offset += (flat % shape[d]) * strides[d];
            flat /= shape[d];
        }
        return offset;
    }
};

/// The indexer of `a` broadcast to `shape` (offsets relative to a's first element). A C-contiguous operand of
/// exactly `shape` gets the one-dimensional identity map.
Indexer MakeIndexer(const Array& a, const Shape& shape);

/// The indexer of explicit dimensions and strides (elements).
inline Indexer IndexerOf(const Shape& shape, const Strides& strides) {
    Indexer ix;
    ix.ndim = shape.ndim();
    for (int d = 0; d < ix.ndim; ++d) {
        ix.shape[d] = shape[d];
        ix.strides[d] = strides[d];
    }
    return ix;
}

constexpr int kThreads = 256;

inline int BlocksFor(int64_t n) {
    return static_cast<int>(std::min<int64_t>((n + kThreads - 1) / kThreads, int64_t{1} << 16));
}

template <typename F>
__global__ void ForEachIndexKernel(int64_t n, F f) {
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

/// Runs f(i) for i in [0, n) on `device`'s stream (f: a __device__ lambda capturing by value).
template <typename F>
void ForEachIndex(int device, int64_t n, F f) {
    if (n <= 0) return;
    DeviceGuard guard(device);
    ForEachIndexKernel<<<BlocksFor(n), kThreads, 0, Stream(device)>>>(n, f);
    CNET_CUDA_CHECK_LAUNCH();
    CountLaunch();
}

/// The CUDA element type of a dtype's C++ type (cnet::Half -> __half).
template <typename T>
struct DeviceTypeOf {
    using type = T;
};
template <>
struct DeviceTypeOf<Half> {
    using type = __half;
};

template <typename T>
T* DevicePtr(const Array& a) {
    return static_cast<T*>(a.raw_data());
}

/// A float converted to an integer type as the CPU (x86-64) does: truncated, and the "integer indefinite" value
/// (the most negative int32; int64 for int64) where the value is NaN or out of range, narrower types taking that
/// int32's low bits (-5.0 as uint8 is 251, as NumPy gives). CUDA's own conversion saturates instead; C++ leaves
/// both undefined.
template <typename To>
__host__ __device__ inline To FloatToInteger(double v) {
    if constexpr (sizeof(To) == 8) {
        const bool fits = v >= -9223372036854775808.0 && v < 9223372036854775808.0;  // false for NaN
        return static_cast<To>(fits ? static_cast<int64_t>(v) : std::numeric_limits<int64_t>::min());
    } else {
        const bool fits = v > -2147483649.0 && v < 2147483648.0;
        return static_cast<To>(fits ? static_cast<int32_t>(v) : std::numeric_limits<int32_t>::min());
    }
}

/// static_cast with the CPU's semantics for every pair of device element types.
template <typename To, typename From>
__host__ __device__ inline To CastTo(From v) {
    if constexpr (std::is_same<To, From>::value) {
        return v;
    } else if constexpr (std::is_same<From, __half>::value) {
        return CastTo<To>(__half2float(v));
    } else if constexpr (std::is_same<To, __half>::value) {
        return __float2half_rn(static_cast<float>(v));
    } else if constexpr (std::is_same<To, bool>::value) {
        return v != From(0);
    } else if constexpr (std::is_integral<To>::value && std::is_floating_point<From>::value) {
        return FloatToInteger<To>(static_cast<double>(v));
    } else {
        return static_cast<To>(v);
    }
}

}  // namespace cuda
}  // namespace cnet

/// CNET_CUDA_DISPATCH_ALL(dtype, T, { body }) — every dtype with T its device element type (float16: __half).
#define CNET_CUDA_DISPATCH_ALL(dtype, T, ...) \
    switch (dtype) {                          \
        case ::cnet::Dtype::kBool: {          \
            using T = bool;                   \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kUint8: {         \
            using T = uint8_t;                \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kInt32: {         \
            using T = int32_t;                \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kInt64: {         \
            using T = int64_t;                \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kFloat16: {       \
            using T = __half;                 \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kFloat32: {       \
            using T = float;                  \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
        case ::cnet::Dtype::kFloat64: {       \
            using T = double;                 \
            __VA_ARGS__;                      \
            break;                            \
        }                                     \
    }

/// CNET_CUDA_DISPATCH_FLOAT(dtype, T, { body }) — float32/float64 only (the float-only kernel families);
/// any other dtype is a DtypeError.
#define CNET_CUDA_DISPATCH_FLOAT(dtype, T, ...)                                                           \
    switch (dtype) {                                                                                      \
        case ::cnet::Dtype::kFloat32: {                                                                   \
            using T = float;                                                                              \
            __VA_ARGS__;                                                                                  \
            break;                                                                                        \
        }                                                                                                 \
        case ::cnet::Dtype::kFloat64: {                                                                   \
            using T = double;                                                                             \
            __VA_ARGS__;                                                                                  \
            break;                                                                                        \
        }                                                                                                 \
        default:                                                                                          \
            throw ::cnet::DtypeError(                                                                     \
                ::cnet::internal::StrCat("expected float32 or float64, got ", ::cnet::DtypeName(dtype))); \
    }
