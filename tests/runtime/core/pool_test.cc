// pool_test.cc — the thread-local block pool: every size up to kPoolMaxBytes gets a 64-byte aligned block that
// holds the whole request, a freed block is handed out again for a request of its class, and blocks of
// different classes never alias.
#include "cnet/core/pool.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace cnet {
namespace {

using internal::PoolAllocate;
using internal::PoolFree;

TEST(PoolTest, BlocksAreAlignedAndHoldTheRequest) {
    for (size_t n : {size_t{1}, size_t{64}, size_t{65}, size_t{2048}, size_t{2049}, size_t{4096}, size_t{8192},
                     size_t{8193}, size_t{32768}, size_t{32769}, size_t{100000}}) {
        void* p = PoolAllocate(n);
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u) << n;
        std::memset(p, 0xab, n);  // the whole request is writable (ASan checks the block's size)
        PoolFree(p, n);
    }
}

TEST(PoolTest, AFreedBlockIsReusedWithinItsClass) {
    // 8000 and 8192 bytes share the 8 KiB class; 2040 and 2048 the last 64-byte class.
    for (auto [first, second] : {std::pair<size_t, size_t>{8000, 8192}, {2040, 2048}, {3000, 4096}}) {
        void* p = PoolAllocate(first);
        PoolFree(p, first);
        void* q = PoolAllocate(second);
        EXPECT_EQ(p, q) << first << " then " << second;
        PoolFree(q, second);
    }
}

TEST(PoolTest, LiveBlocksOfNeighbouringClassesDoNotOverlap) {
    std::vector<std::pair<char*, size_t>> blocks;
    for (size_t n = 1900; n <= 33000; n += 977) {
        char* p = static_cast<char*>(PoolAllocate(n));
        std::memset(p, static_cast<int>(blocks.size()), n);
        blocks.emplace_back(p, n);
    }
    for (size_t i = 0; i < blocks.size(); ++i) {
        const auto [p, n] = blocks[i];
        for (size_t k = 0; k < n; k += 61) ASSERT_EQ(p[k], static_cast<char>(i)) << "block " << i << " byte " << k;
    }
    for (const auto& [p, n] : blocks) PoolFree(p, n);
}

}  // namespace
}  // namespace cnet
