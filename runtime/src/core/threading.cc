// threading.cc — thread-count policy shared by the CPU kernels.
#include "cnet/core/threading.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

namespace cnet {
namespace {
std::atomic<int> g_num_threads{0};
}

int GetNumThreads() {
    int n = g_num_threads.load(std::memory_order_relaxed);
    if (n <= 0) {
        n = std::max(1, omp_get_max_threads());
        g_num_threads.store(n, std::memory_order_relaxed);
    }
    return n;
}

void SetNumThreads(int n) { g_num_threads.store(std::max(1, n), std::memory_order_relaxed); }

int ThreadsFor(int64_t work, int64_t min_work_per_thread) {
    const int max_threads = GetNumThreads();
    if (max_threads <= 1 || work < 2 * min_work_per_thread) return 1;
    return static_cast<int>(std::min<int64_t>(max_threads, work / min_work_per_thread));
}

}  // namespace cnet
