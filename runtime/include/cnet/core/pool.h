// pool.h — a thread-local free-list allocator for the small objects every operation creates (variables,
// function nodes, storages, tiny buffers) and for medium buffers (a layer's weight gradient). glibc's tcache
// keeps only 7 blocks per size and nothing above 1 KiB, so chains of ops otherwise fall through to the slow
// malloc paths (a 64-byte-aligned 8 KiB block also consolidates malloc's fast bins on every allocation).
#pragma once

#include <cstddef>
#include <memory>

namespace cnet {
namespace internal {

constexpr size_t kPoolSmallMaxBytes = 2048;  // 64-byte classes up to here, then powers of two
constexpr size_t kPoolMaxBytes = 32768;

/// A block of at least `nbytes` (64-byte aligned). Sizes above kPoolMaxBytes go to the system allocator.
void* PoolAllocate(size_t nbytes);
void PoolFree(void* p, size_t nbytes);

/// STL allocator over the pool, for std::allocate_shared.
template <typename T>
struct PoolAllocator {
    using value_type = T;
    PoolAllocator() = default;
    template <typename U>
    PoolAllocator(const PoolAllocator<U>&) {}  // NOLINT(runtime/explicit)
    T* allocate(size_t n) { return static_cast<T*>(PoolAllocate(n * sizeof(T))); }
    void deallocate(T* p, size_t n) { PoolFree(p, n * sizeof(T)); }
    template <typename U>
    bool operator==(const PoolAllocator<U>&) const { return true; }
    template <typename U>
    bool operator!=(const PoolAllocator<U>&) const { return false; }
};

/// std::make_shared through the pool.
template <typename T, typename... Args>
std::shared_ptr<T> MakeShared(Args&&... args) {
    return std::allocate_shared<T>(PoolAllocator<T>(), std::forward<Args>(args)...);
}

}  // namespace internal
}  // namespace cnet
