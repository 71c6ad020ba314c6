// memory.cu — where the backend's memory comes from: cudaMalloc/cudaFree behind the default MemoryPool (array
// memory), cudaHostAlloc/cudaFreeHost behind the pinned pool (transfer staging, see transfer.cu).
//
// Note [One stream per device]: every kernel and copy of device i runs on Stream(i), so a block the pool hands
// out again is only touched after all earlier work on it has run; the pool never needs to synchronise.

#include "cnet/core/memory.h"
#include "cnet/cuda/memory_pool.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"
#include "cuda/registry.cuh"

namespace cnet {
namespace cuda {
namespace {

void* RawDeviceMalloc(size_t nbytes, int device) {
    DeviceGuard guard(device);
    void* p = nullptr;
    const cudaError_t status = cudaMalloc(&p, nbytes);
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();  // not sticky: the pool frees its cached blocks and retries
        return nullptr;
    }
    CNET_CUDA_CHECK(status);
    return p;
}

void RawDeviceFree(void* ptr, int device) {
    DeviceGuard guard(device);
    cudaFree(ptr);  // errors here can only repeat an earlier one, which was reported where it happened
}

void* RawPinnedMalloc(size_t nbytes, int) {
    void* p = nullptr;
    const cudaError_t status = cudaHostAlloc(&p, nbytes, cudaHostAllocPortable);
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        return nullptr;
    }
    CNET_CUDA_CHECK(status);
    return p;
}

void RawPinnedFree(void* ptr, int) { cudaFreeHost(ptr); }

void* AllocateArrayMemory(size_t nbytes, int device) { return get_default_memory_pool().malloc(nbytes, device); }
void DeallocateArrayMemory(void* ptr, size_t nbytes, int device) {
    get_default_memory_pool().free(ptr, nbytes, device);
}

}  // namespace

void RegisterMemory() {
    get_default_memory_pool().set_raw_allocator({RawDeviceMalloc, RawDeviceFree});
    get_default_pinned_memory_pool().set_raw_allocator({RawPinnedMalloc, RawPinnedFree});
    cnet::internal::DeviceAllocator allocator;
    allocator.allocate = AllocateArrayMemory;
    allocator.deallocate = DeallocateArrayMemory;
    cnet::internal::RegisterCudaAllocator(allocator);
}

}  // namespace cuda
}  // namespace cnet
