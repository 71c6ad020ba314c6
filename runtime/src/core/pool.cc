// pool.cc — per-thread size-class free lists (64-byte classes up to 2 KiB, then powers of two up to 32 KiB).
#include "cnet/core/pool.h"

#include <cstdlib>
#include <new>

namespace cnet {
namespace internal {
namespace {

constexpr size_t kClassBytes = 64;
constexpr size_t kNumSmallClasses = kPoolSmallMaxBytes / kClassBytes;
constexpr size_t kNumMediumClasses = 4;  // 4, 8, 16 and 32 KiB
static_assert(kPoolSmallMaxBytes << kNumMediumClasses == kPoolMaxBytes, "medium classes must reach kPoolMaxBytes");
constexpr size_t kNumClasses = kNumSmallClasses + kNumMediumClasses;
constexpr size_t kMaxCachedPerClass = 4096;
constexpr size_t kMaxCachedPerMediumClass = 64;  // at most 2 MiB idle in the largest class

struct FreeBlock {
    FreeBlock* next;
};

struct ThreadPool {
    FreeBlock* heads[kNumClasses] = {};
    size_t counts[kNumClasses] = {};
    ~ThreadPool();
};

// The calling thread's pool through a plain pointer: a thread_local object with a destructor is reached through
// an initialization check on every access, and every operation allocates a few blocks. Null until the pool is
// made and again once it is destroyed (later thread-local destructors may still free blocks: they use the system).
thread_local ThreadPool* t_pool = nullptr;
thread_local bool t_pool_destroyed = false;

ThreadPool::~ThreadPool() {
    t_pool = nullptr;
    t_pool_destroyed = true;
    for (size_t c = 0; c < kNumClasses; ++c) {
        while (heads[c]) {
            FreeBlock* b = heads[c];
            heads[c] = b->next;
            std::free(b);
        }
    }
}

// The pool of this thread, made on first use; null after it is destroyed.
[[gnu::noinline]] ThreadPool* MakePool() {
    if (t_pool_destroyed) return nullptr;
    thread_local ThreadPool pool;
    t_pool = &pool;
    return t_pool;
}

inline ThreadPool* Pool() {
    ThreadPool* pool = t_pool;
    if (__builtin_expect(pool != nullptr, 1)) return pool;
    return MakePool();
}

inline size_t ClassOf(size_t nbytes) {
    if (nbytes <= kPoolSmallMaxBytes) return (nbytes - 1) / kClassBytes;  // nbytes >= 1
    size_t c = kNumSmallClasses, bytes = 2 * kPoolSmallMaxBytes;
    while (bytes < nbytes) {
        bytes *= 2;
        ++c;
    }
    return c;
}
size_t ClassBytes(size_t c) {
    return c < kNumSmallClasses ? (c + 1) * kClassBytes : kPoolSmallMaxBytes << (c - kNumSmallClasses + 1);
}
size_t ClassCap(size_t c) { return c < kNumSmallClasses ? kMaxCachedPerClass : kMaxCachedPerMediumClass; }

}  // namespace

void* PoolAllocate(size_t nbytes) {
    if (nbytes == 0) nbytes = 1;
    if (nbytes > kPoolMaxBytes) {
        void* p = std::aligned_alloc(kClassBytes, (nbytes + kClassBytes - 1) / kClassBytes * kClassBytes);
        if (!p) throw std::bad_alloc();
        return p;
    }
    const size_t c = ClassOf(nbytes);
    ThreadPool* pool = Pool();
    if (pool != nullptr) {
        if (FreeBlock* b = pool->heads[c]) {
            pool->heads[c] = b->next;
            --pool->counts[c];
            return b;
        }
    }
    void* p = std::aligned_alloc(kClassBytes, ClassBytes(c));
    if (!p) throw std::bad_alloc();
    return p;
}

void PoolFree(void* p, size_t nbytes) {
    if (!p) return;
    if (nbytes == 0) nbytes = 1;
    ThreadPool* pool = nbytes <= kPoolMaxBytes ? Pool() : nullptr;
    if (pool == nullptr) {
        std::free(p);
        return;
    }
    const size_t c = ClassOf(nbytes);
    if (pool->counts[c] >= ClassCap(c)) {
        std::free(p);
        return;
    }
    FreeBlock* b = static_cast<FreeBlock*>(p);
    b->next = pool->heads[c];
    pool->heads[c] = b;
    ++pool->counts[c];
}

}  // namespace internal
}  // namespace cnet
