// sorting.h — device-agnostic sorting kernels (numpy.sort / argsort).
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// Sorts each run of the last axis of `values` (C-contiguous) in place, stably, NaN last, and writes to `order`
/// (int64, C-contiguous, of values' shape) the indices along that axis that sort the run.
void SortLanes(const Array& values, const Array& order);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h). CPU only so far: a CUDA
/// array raises the seam's DeviceError naming the kernel.
struct SortingKernels {
    static constexpr const char* kFamily = "sorting";
    void (*sort_lanes)(const Array& values, const Array& order) = nullptr;
};

template <>
const SortingKernels& NativeKernels<SortingKernels>();

}  // namespace kernels
}  // namespace cnet
