// transfer.h — copies between devices (host <-> CUDA device, device <-> device), behind Array::to_device.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// dst = src where src and dst are C-contiguous with one shape and dtype, on different devices (or both on
/// the CPU). Runs on the backend of the non-CPU side (dst's when both are CUDA devices); the CUDA backend
/// orders it on the device's stream, and a copy to the host has finished when Transfer returns.
void Transfer(const Array& src, const Array& dst);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct TransferKernels {
    static constexpr const char* kFamily = "transfer";
    void (*transfer)(const Array& src, const Array& dst) = nullptr;
};

template <>
const TransferKernels& NativeKernels<TransferKernels>();

}  // namespace kernels
}  // namespace cnet
