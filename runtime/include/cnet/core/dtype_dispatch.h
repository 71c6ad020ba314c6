// dtype_dispatch.h — run a templated block with `T` bound to the C++ type of a runtime Dtype.
#pragma once

#include <cstdint>

#include "cnet/core/dtype.h"
#include "cnet/core/error.h"
#include "cnet/core/half.h"

/// CNET_DISPATCH_ALL(dtype, T, { body using T; }) — every dtype (float16 as cnet::Half).
#define CNET_DISPATCH_ALL(dtype, T, ...)                                                 \
    switch (dtype) {                                                                     \
        case ::cnet::Dtype::kBool: { using T = bool; __VA_ARGS__; break; }               \
        case ::cnet::Dtype::kUint8: { using T = uint8_t; __VA_ARGS__; break; }           \
        case ::cnet::Dtype::kInt32: { using T = int32_t; __VA_ARGS__; break; }           \
        case ::cnet::Dtype::kInt64: { using T = int64_t; __VA_ARGS__; break; }           \
        case ::cnet::Dtype::kFloat16: { using T = ::cnet::Half; __VA_ARGS__; break; }    \
        case ::cnet::Dtype::kFloat32: { using T = float; __VA_ARGS__; break; }           \
        case ::cnet::Dtype::kFloat64: { using T = double; __VA_ARGS__; break; }          \
    }

/// Float dtypes computed natively (float16 is storage-only: callers compute it in float32).
#define CNET_DISPATCH_FLOAT(dtype, T, ...)                                                        \
    switch (dtype) {                                                                              \
        case ::cnet::Dtype::kFloat32: { using T = float; __VA_ARGS__; break; }                    \
        case ::cnet::Dtype::kFloat64: { using T = double; __VA_ARGS__; break; }                   \
        default:                                                                                  \
            throw ::cnet::DtypeError(::cnet::internal::StrCat("expected float32 or float64, got ", \
                                                              ::cnet::DtypeName(dtype)));         \
    }

/// Numeric dtypes with native arithmetic (everything but float16).
#define CNET_DISPATCH_NUMERIC(dtype, T, ...)                                                 \
    switch (dtype) {                                                                         \
        case ::cnet::Dtype::kBool: { using T = bool; __VA_ARGS__; break; }                   \
        case ::cnet::Dtype::kUint8: { using T = uint8_t; __VA_ARGS__; break; }               \
        case ::cnet::Dtype::kInt32: { using T = int32_t; __VA_ARGS__; break; }               \
        case ::cnet::Dtype::kInt64: { using T = int64_t; __VA_ARGS__; break; }               \
        case ::cnet::Dtype::kFloat32: { using T = float; __VA_ARGS__; break; }               \
        case ::cnet::Dtype::kFloat64: { using T = double; __VA_ARGS__; break; }              \
        case ::cnet::Dtype::kFloat16:                                                        \
            throw ::cnet::DtypeError("float16 arithmetic must be computed in float32");      \
    }
