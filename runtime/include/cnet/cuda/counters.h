// counters.h — what the CUDA backend has done, for benchmarks: kernel launches (and cuBLAS calls and copies),
// and a way to wait for a device. Memory counters are on cuda::get_default_memory_pool().
#pragma once

#include <cstdint>

namespace cnet {
namespace cuda {

/// Kernels, cuBLAS calls and copies issued by the CUDA backend since the process started (0 without it).
int64_t launch_count();
/// Blocks until everything queued on CUDA device `device` has run (DeviceError where it is not available).
void synchronize(int device);

}  // namespace cuda
}  // namespace cnet
