// copy.h — device-agnostic fill and casting copy (Array::fill / assign / copy / astype go through these).
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// Sets every element of out (any strides) to value converted to out's dtype.
void Fill(const Array& out, Scalar value);
/// dst = src broadcast to dst's shape and cast to dst's dtype; both on one device.
void Copy(const Array& src, const Array& dst);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct CopyKernels {
    static constexpr const char* kFamily = "copy";
    void (*fill)(const Array& out, Scalar value) = nullptr;
    void (*copy)(const Array& src, const Array& dst) = nullptr;
};

template <>
const CopyKernels& NativeKernels<CopyKernels>();

}  // namespace kernels
}  // namespace cnet
