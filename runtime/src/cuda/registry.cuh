// registry.cuh — how the backend starts: core/device.cc calls Initialize(index) the first time device `index`
// is asked for; Initialize registers the allocator, the host<->device copy and every family's kernel table with
// the runtime (once per process), never from a static initialiser, which the linker may drop from a static
// library.
#pragma once

#include <string>

namespace cnet {
namespace cuda {

/// "" when device `index` is ready (stream created, backend registered), else the reason it cannot be used.
std::string Initialize(int index);
/// Number of CUDA devices; 0 without a driver or a device.
int DeviceCount();

/// Registers the allocator, copies and kernel tables (idempotent).
void RegisterBackendOnce();
/// Registers the allocator and the cross-device copy (memory.cu).
void RegisterMemory();
/// Registers every family's CUDA kernel table (kernels.cu).
void RegisterKernelTables();

}  // namespace cuda
}  // namespace cnet
