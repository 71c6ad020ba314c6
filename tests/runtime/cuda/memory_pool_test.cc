// memory_pool_test.cc — the size-class logic of cuda::MemoryPool over a host RawAllocator that records every
// call (runs without a GPU).
#include "cnet/cuda/memory_pool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace {

// Host memory standing in for a device: counts calls and can refuse (out of memory) past a byte budget.
struct FakeDevice {
    static inline int mallocs = 0;
    static inline int frees = 0;
    static inline size_t live_bytes = 0;
    static inline size_t budget = SIZE_MAX;
    static inline std::map<void*, size_t> live;

    static void Reset(size_t b = SIZE_MAX) {
        mallocs = frees = 0;
        live_bytes = 0;
        budget = b;
        live.clear();
    }
    static void* Malloc(size_t n, int) {
        ++mallocs;
        if (live_bytes + n > budget) return nullptr;
        void* p = std::malloc(n);
        live[p] = n;
        live_bytes += n;
        return p;
    }
    static void Free(void* p, int) {
        ++frees;
        live_bytes -= live.at(p);
        live.erase(p);
        std::free(p);
    }
};

cuda::RawAllocator Fake() { return {FakeDevice::Malloc, FakeDevice::Free}; }

TEST(MemoryPoolTest, RoundsToThe512ByteAllocationUnit) {
    EXPECT_EQ(cuda::MemoryPool::RoundSize(0), 512u);
    EXPECT_EQ(cuda::MemoryPool::RoundSize(1), 512u);
    EXPECT_EQ(cuda::MemoryPool::RoundSize(512), 512u);
    EXPECT_EQ(cuda::MemoryPool::RoundSize(513), 1024u);
    EXPECT_EQ(cuda::MemoryPool::RoundSize(4000), 4096u);
}

TEST(MemoryPoolTest, ReusesAFreedBlockOfTheSameSizeClassWithoutRawCalls) {
    FakeDevice::Reset();
    cuda::MemoryPool pool(Fake());
    void* a = pool.malloc(1000, 0);  // class 1024
    EXPECT_EQ(pool.used_bytes(), 1024u);
    EXPECT_EQ(pool.total_bytes(), 1024u);
    pool.free(a, 1000, 0);
    EXPECT_EQ(pool.used_bytes(), 0u);
    EXPECT_EQ(pool.free_bytes(), 1024u);
    EXPECT_EQ(pool.total_bytes(), 1024u);
    EXPECT_EQ(pool.n_free_blocks(), 1);
    void* b = pool.malloc(600, 0);  // also class 1024: the same block comes back
    EXPECT_EQ(b, a);
    EXPECT_EQ(FakeDevice::mallocs, 1);
    EXPECT_EQ(FakeDevice::frees, 0);
    EXPECT_EQ(pool.raw_malloc_count(), 1);
    pool.free(b, 600, 0);
}

TEST(MemoryPoolTest, SteadyStateOfARepeatedAllocationPatternMakesNoRawCalls) {
    FakeDevice::Reset();
    cuda::MemoryPool pool(Fake());
    const size_t sizes[] = {4, 784 * 4 * 128, 1000 * 4, 1000 * 4, 10 * 4 * 128, 8};
    for (int step = 0; step < 5; ++step) {
        std::vector<std::pair<void*, size_t>> held;
        for (size_t n : sizes) held.emplace_back(pool.malloc(n, 0), n);
        for (auto& [p, n] : held) pool.free(p, n, 0);
        if (step == 0) {
            EXPECT_EQ(FakeDevice::mallocs, 6);
        }
    }
    EXPECT_EQ(FakeDevice::mallocs, 6);  // only the first step allocated
    EXPECT_EQ(FakeDevice::frees, 0);
}

TEST(MemoryPoolTest, SizeClassesAndDevicesAreSeparate) {
    FakeDevice::Reset();
    cuda::MemoryPool pool(Fake());
    void* a = pool.malloc(512, 0);
    pool.free(a, 512, 0);
    void* b = pool.malloc(1024, 0);  // another class: a new block
    void* c = pool.malloc(512, 1);   // another device: a new block
    EXPECT_NE(b, a);
    EXPECT_NE(c, a);
    EXPECT_EQ(FakeDevice::mallocs, 3);
    pool.free(b, 1024, 0);
    pool.free(c, 512, 1);
}

TEST(MemoryPoolTest, FreeAllBlocksReturnsPooledBlocksOnly) {
    FakeDevice::Reset();
    cuda::MemoryPool pool(Fake());
    void* kept = pool.malloc(2048, 0);
    void* a = pool.malloc(512, 0);
    void* b = pool.malloc(512, 1);
    pool.free(a, 512, 0);
    pool.free(b, 512, 1);
    pool.free_all_blocks();
    EXPECT_EQ(FakeDevice::frees, 2);
    EXPECT_EQ(pool.free_bytes(), 0u);
    EXPECT_EQ(pool.n_free_blocks(), 0);
    EXPECT_EQ(pool.used_bytes(), 2048u);
    EXPECT_EQ(pool.total_bytes(), 2048u);
    EXPECT_EQ(FakeDevice::live_bytes, 2048u);
    pool.free(kept, 2048, 0);
}

TEST(MemoryPoolTest, OutOfMemoryReleasesPooledBlocksAndRetries) {
    FakeDevice::Reset(4096);
    cuda::MemoryPool pool(Fake());
    void* a = pool.malloc(4096, 0);
    pool.free(a, 4096, 0);           // pooled: the fake device is full
    void* b = pool.malloc(2048, 0);  // first raw malloc fails, the pool frees `a`, the retry succeeds
    EXPECT_NE(b, nullptr);
    EXPECT_EQ(FakeDevice::frees, 1);
    EXPECT_EQ(pool.free_bytes(), 0u);
    EXPECT_EQ(pool.used_bytes(), 2048u);
    try {
        pool.malloc(4096, 0);
        FAIL() << "expected CudaError";
    } catch (const CudaError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "out of memory: cannot allocate 4096 bytes of device memory (device 0; the pool holds 2048 bytes "
                  "in use)");
    }
    pool.free(b, 2048, 0);
}

TEST(MemoryPoolTest, APoolWithoutRawAllocatorSaysSo) {
    cuda::MemoryPool pool;
    try {
        pool.malloc(16, 0);
        FAIL() << "expected DeviceError";
    } catch (const DeviceError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot allocate device memory: this build of cnet has no CUDA backend");
    }
}

}  // namespace
}  // namespace cnet
