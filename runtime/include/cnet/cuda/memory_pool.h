// memory_pool.h — CuPy's MemoryPool for cnet: device memory is taken from the device in size classes (rounded
// up to 512 bytes) and, when an array dies, kept in the pool for the next allocation of that class instead of
// being returned with cudaFree. A training loop allocates the same sizes every step, so after the first step
// it makes no cudaMalloc/cudaFree calls (cudaFree synchronises the whole device).
//
//   cnet::cuda::get_default_memory_pool().used_bytes() / total_bytes() / free_all_blocks()
//
// The pool logic is plain C++ over a RawAllocator (cudaMalloc/cudaFree for the default pools), so it builds and
// is tested without CUDA. In a build without the CUDA backend the default pools have no raw allocator, and
// allocating from them throws DeviceError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace cnet {
namespace cuda {

/// Where a pool's memory comes from. `malloc` returns nullptr when the device is out of memory.
struct RawAllocator {
    void* (*malloc)(size_t nbytes, int device) = nullptr;
    void (*free)(void* ptr, int device) = nullptr;
};

class MemoryPool {
public:
    /// Size classes are multiples of this many bytes (CuPy's allocation unit).
    static constexpr size_t kAllocationUnit = 512;
    /// nbytes rounded up to the allocation unit; 0 bytes takes one unit, so every block has an address.
    static size_t RoundSize(size_t nbytes);

    explicit MemoryPool(RawAllocator raw = {}, const char* what = "device");
    ~MemoryPool();
    MemoryPool(const MemoryPool&) = delete;
    MemoryPool& operator=(const MemoryPool&) = delete;

    /// A block of at least nbytes on `device`: a pooled block of the same size class when there is one, else
    /// a new one from the raw allocator. When the device is out of memory the pool releases its free blocks
    /// and tries once more; then it throws CudaError.
    void* malloc(size_t nbytes, int device);
    /// Returns a block obtained from malloc(nbytes, device) to the pool (no raw free).
    void free(void* ptr, size_t nbytes, int device);
    /// Returns every pooled (unused) block to the raw allocator.
    void free_all_blocks();

    /// Bytes in blocks held by arrays (rounded sizes).
    size_t used_bytes() const;
    /// Bytes in pooled blocks, ready for reuse.
    size_t free_bytes() const;
    /// used_bytes() + free_bytes(): everything the pool has taken from the device.
    size_t total_bytes() const;
    /// Pooled blocks.
    int64_t n_free_blocks() const;
    /// Raw allocator calls so far (the steady state of a training loop adds none).
    int64_t raw_malloc_count() const;
    int64_t raw_free_count() const;

    /// Installs the raw allocator (the CUDA backend does this when it starts).
    void set_raw_allocator(RawAllocator raw);

private:
    void ReleaseFreeBlocksLocked(int device, bool all_devices);

    mutable std::mutex mutex_;
    RawAllocator raw_;
    const char* what_;
    // device -> size class -> pooled blocks
    std::unordered_map<int, std::unordered_map<size_t, std::vector<void*>>> free_blocks_;
    size_t used_bytes_ = 0;
    size_t free_bytes_ = 0;
    int64_t n_free_blocks_ = 0;
    int64_t raw_mallocs_ = 0;
    int64_t raw_frees_ = 0;
};

/// The pool every CUDA array's memory comes from (cupy.get_default_memory_pool()).
MemoryPool& get_default_memory_pool();
/// The pool of page-locked host memory used to stage host<->device copies (cupy.get_default_pinned_memory_pool()).
MemoryPool& get_default_pinned_memory_pool();

}  // namespace cuda
}  // namespace cnet
