// memory_pool.cc — the size-class pool behind cuda::get_default_memory_pool() (plain C++: the CUDA calls come
// in through RawAllocator, installed by the backend in memory.cu, so this file builds in every configuration).
#include "cnet/cuda/memory_pool.h"

#include "cnet/core/error.h"

namespace cnet {
namespace cuda {

size_t MemoryPool::RoundSize(size_t nbytes) {
    if (nbytes == 0) return kAllocationUnit;
    return (nbytes + kAllocationUnit - 1) / kAllocationUnit * kAllocationUnit;
}

MemoryPool::MemoryPool(RawAllocator raw, const char* what) : raw_(raw), what_(what) {}

MemoryPool::~MemoryPool() {
    // The default pools are never destroyed (arrays may outlive static destruction); a pool owned by a test
    // gives its blocks back.
    std::lock_guard<std::mutex> lock(mutex_);
    ReleaseFreeBlocksLocked(0, true);
}

void MemoryPool::set_raw_allocator(RawAllocator raw) {
    std::lock_guard<std::mutex> lock(mutex_);
    raw_ = raw;
}

void* MemoryPool::malloc(size_t nbytes, int device) {
    const size_t size = RoundSize(nbytes);
    std::lock_guard<std::mutex> lock(mutex_);
    auto& bins = free_blocks_[device];
    auto it = bins.find(size);
    if (it != bins.end() && !it->second.empty()) {
        void* p = it->second.back();
        it->second.pop_back();
        free_bytes_ -= size;
        --n_free_blocks_;
        used_bytes_ += size;
        return p;
    }
    CNET_CHECK_AS(DeviceError, raw_.malloc != nullptr, "cannot allocate ", what_,
                  " memory: this build of cnet has no CUDA backend");
    void* p = raw_.malloc(size, device);
    ++raw_mallocs_;
    if (p == nullptr) {  // out of memory: give the pooled blocks of this device back and try once more
        ReleaseFreeBlocksLocked(device, false);
        p = raw_.malloc(size, device);
        ++raw_mallocs_;
    }
    if (p == nullptr)
        throw CudaError(internal::StrCat("out of memory: cannot allocate ", nbytes, " bytes of ", what_,
                                         " memory (device ", device, "; the pool holds ", used_bytes_,
                                         " bytes in use)"));
    used_bytes_ += size;
    return p;
}

void MemoryPool::free(void* ptr, size_t nbytes, int device) {
    if (ptr == nullptr) return;
    const size_t size = RoundSize(nbytes);
    std::lock_guard<std::mutex> lock(mutex_);
    free_blocks_[device][size].push_back(ptr);
    used_bytes_ -= size;
    free_bytes_ += size;
    ++n_free_blocks_;
}

void MemoryPool::free_all_blocks() {
    std::lock_guard<std::mutex> lock(mutex_);
    ReleaseFreeBlocksLocked(0, true);
}

void MemoryPool::ReleaseFreeBlocksLocked(int device, bool all_devices) {
    for (auto& [dev, bins] : free_blocks_) {
        if (!all_devices && dev != device) continue;
        for (auto& [size, blocks] : bins) {
            for (void* p : blocks) {
                if (raw_.free != nullptr) raw_.free(p, dev);
                ++raw_frees_;
                free_bytes_ -= size;
                --n_free_blocks_;
            }
            blocks.clear();
        }
    }
}

size_t MemoryPool::used_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return used_bytes_;
}
size_t MemoryPool::free_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return free_bytes_;
}
size_t MemoryPool::total_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return used_bytes_ + free_bytes_;
}
int64_t MemoryPool::n_free_blocks() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return n_free_blocks_;
}
int64_t MemoryPool::raw_malloc_count() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return raw_mallocs_;
}
int64_t MemoryPool::raw_free_count() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return raw_frees_;
}

MemoryPool& get_default_memory_pool() {
    static MemoryPool* pool = new MemoryPool({}, "CUDA device");  // leaked on purpose, like memory.cc's cache
    return *pool;
}

MemoryPool& get_default_pinned_memory_pool() {
    static MemoryPool* pool = new MemoryPool({}, "pinned host");
    return *pool;
}

}  // namespace cuda
}  // namespace cnet
