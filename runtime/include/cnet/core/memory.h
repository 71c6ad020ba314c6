// memory.h — device memory allocation. Large CPU buffers are cached and reused, because training
// allocates the same sizes every iteration and fresh pages cost a fault each.
#pragma once

#include <cstddef>

#include "cnet/core/device.h"

namespace cnet {
namespace internal {

/// Pluggable allocator for a non-CPU device (the CUDA backend registers one).
struct DeviceAllocator {
    void* (*allocate)(size_t nbytes, int device_index) = nullptr;
    void (*deallocate)(void* ptr, size_t nbytes, int device_index) = nullptr;
};
void RegisterCudaAllocator(DeviceAllocator allocator);
bool HasCudaAllocator();

/// 64-byte aligned memory on `device`; never returns null (throws on failure).
void* Allocate(size_t nbytes, Device device);
void Deallocate(void* ptr, size_t nbytes, Device device);
/// Returns cached CPU blocks to the system.
void ReleaseCachedMemory();

}  // namespace internal
}  // namespace cnet
