// threading.h — the number of CPU threads the runtime may use (OMP_NUM_THREADS by default).
#pragma once

#include <cstdint>

namespace cnet {

/// Threads used for large kernels; small kernels always run on the calling thread.
int GetNumThreads();
void SetNumThreads(int n);
/// Threads worth using for a kernel of `work` scalar operations (1 below the parallel threshold).
int ThreadsFor(int64_t work, int64_t min_work_per_thread);

}  // namespace cnet
