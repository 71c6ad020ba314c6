// memory.cc — 64-byte aligned CPU allocation with a size-bucketed cache for large blocks.
#include "cnet/core/memory.h"

#include <malloc.h>

#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/core/pool.h"

namespace cnet {
namespace internal {
namespace {

// Eigen's GEMM allocates its packing buffers (> 128 KB) on every product. With glibc's default thresholds each
// free returns them to the kernel (munmap or heap trim) and the next product faults the pages back in: 40% of a
// small-MLP training step went to page faults. Raising the thresholds once keeps those pages mapped.
const bool kMallocThresholdsSet = [] {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    return true;
}();

constexpr size_t kAlign = 64;
constexpr size_t kCacheMin = 64 * 1024;         // smaller blocks go straight to malloc (tcache is fast)
constexpr size_t kCacheLimit = size_t{1} << 31;  // at most 2 GiB kept idle

struct CpuCache {
    std::mutex mutex;
    std::unordered_map<size_t, std::vector<void*>> free_blocks;
    size_t cached_bytes = 0;
};

CpuCache& Cache() {
    static CpuCache* cache = new CpuCache();  // leaked on purpose: arrays may outlive static destruction
    return *cache;
}

DeviceAllocator& CudaAllocator() {
    static DeviceAllocator allocator;
    return allocator;
}

size_t RoundUp(size_t n) {
    if (n < kCacheMin) return (n + kAlign - 1) / kAlign * kAlign;
    constexpr size_t kPage = 4096;
    return (n + kPage - 1) / kPage * kPage;
}

}  // namespace

void RegisterCudaAllocator(DeviceAllocator allocator) { CudaAllocator() = allocator; }
bool HasCudaAllocator() { return CudaAllocator().allocate != nullptr; }

void* Allocate(size_t nbytes, Device device) {
    if (device.is_cuda()) {
        RequireDevice(device);  // "CUDA device N is not available: ..." (Note [Device seam])
        CNET_CHECK_AS(DeviceError, HasCudaAllocator(), "internal: the CUDA backend registered no allocator for ",
                      device.ToString());
        return CudaAllocator().allocate(nbytes, device.index());
    }
    if (nbytes <= kPoolMaxBytes) return PoolAllocate(nbytes);
    const size_t size = RoundUp(nbytes);
    if (size >= kCacheMin) {
        CpuCache& cache = Cache();
        std::lock_guard<std::mutex> lock(cache.mutex);
        auto it = cache.free_blocks.find(size);
        if (it != cache.free_blocks.end() && !it->second.empty()) {
            void* p = it->second.back();
            it->second.pop_back();
            cache.cached_bytes -= size;
            return p;
        }
    }
    void* p = std::aligned_alloc(kAlign, size);
    if (!p) throw Error(StrCat("out of memory: cannot allocate ", nbytes, " bytes on the CPU"));
    return p;
}

void Deallocate(void* ptr, size_t nbytes, Device device) {
    if (!ptr) return;
    if (device.is_cuda()) {
        if (HasCudaAllocator()) CudaAllocator().deallocate(ptr, nbytes, device.index());
        return;
    }
    if (nbytes <= kPoolMaxBytes) {
        PoolFree(ptr, nbytes);
        return;
    }
    const size_t size = RoundUp(nbytes);
    if (size >= kCacheMin) {
        CpuCache& cache = Cache();
        std::lock_guard<std::mutex> lock(cache.mutex);
        if (cache.cached_bytes + size <= kCacheLimit) {
            cache.free_blocks[size].push_back(ptr);
            cache.cached_bytes += size;
            return;
        }
    }
    std::free(ptr);
}

void ReleaseCachedMemory() {
    CpuCache& cache = Cache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    for (auto& kv : cache.free_blocks)
        for (void* p : kv.second) std::free(p);
    cache.free_blocks.clear();
    cache.cached_bytes = 0;
}

}  // namespace internal
}  // namespace cnet
