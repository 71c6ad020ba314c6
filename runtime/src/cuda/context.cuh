// context.cuh — per-device state of the CUDA backend: one stream per device (every kernel, copy and library
// call of the backend is ordered on it), and the cuBLAS and cuDNN handles bound to that stream, created on
// first use.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

/// Makes `index` the calling thread's current device for the guard's lifetime (restores the previous one).
class DeviceGuard {
public:
    explicit DeviceGuard(int index);
    ~DeviceGuard();
    DeviceGuard(const DeviceGuard&) = delete;
    DeviceGuard& operator=(const DeviceGuard&) = delete;

private:
    int previous_ = -1;
};

/// The device's stream (created by Initialize). Work on one device is totally ordered on it, which is what
/// lets the memory pool hand a freed block to the next allocation without synchronising.
cudaStream_t Stream(int index);
/// The device's cuBLAS handle, bound to Stream(index); created on first use.
cublasHandle_t Cublas(int index);
/// The device's cuDNN handle, bound to Stream(index); created on first use (cuDNN loads lazily and is big).
cudnnHandle_t Cudnn(int index);
/// Blocks until all work queued on the device's stream is done.
void Synchronize(int index);

/// Launch counter for benchmarks (kernel launches and library calls issued by the backend since start).
void CountLaunch();
long long LaunchCount();

}  // namespace cuda
}  // namespace cnet
