// pool.h — a thread-local free-list allocator for the small objects every operation creates (variables,
// function nodes, storages, tiny buffers). glibc's tcache keeps only 7 blocks per size, so chains of ops
// otherwise fall through to the slow malloc paths.
#pragma once

#include <cstddef>
#include <memory>

namespace cnet {
namespace internal {

constexpr size_t kPoolMaxBytes = 2048;

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
