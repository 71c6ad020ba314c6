// device.cu — the CUDA backend's start (cuda::Initialize, called by core/device.cc the first time a device is
// asked for), its per-device streams and library handles, and the error messages of check.cuh.
#include <atomic>
#include <cstring>
#include <mutex>
#include <string>

#include "cnet/core/device.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"
#include "cuda/registry.cuh"

namespace cnet {
namespace cuda {
namespace {

constexpr int kMaxDevices = 64;

struct DeviceState {
    cudaStream_t stream = nullptr;
    cublasHandle_t cublas = nullptr;
    cudnnHandle_t cudnn = nullptr;
};

// Leaked on purpose: arrays (and so kernels) may outlive static destruction.
DeviceState* States() {
    static DeviceState* states = new DeviceState[kMaxDevices];
    return states;
}

std::mutex& HandleMutex() {
    static std::mutex* m = new std::mutex;
    return *m;
}

std::atomic<long long> g_launches{0};

// Drops the directories before "runtime/src/" so messages name the source file, not the build machine.
const char* ShortFile(const char* file) {
    const char* p = std::strstr(file, "runtime/src/");
    return p ? p + std::strlen("runtime/src/") : file;
}

std::string Where(const char* call, const char* file, int line) {
    return std::string(call) + " failed at " + ShortFile(file) + ":" + std::to_string(line) + ": ";
}

}  // namespace

namespace internal {

void ThrowCudaError(cudaError_t status, const char* call, const char* file, int line) {
    throw CudaError("CUDA error: " + Where(call, file, line) + cudaGetErrorName(status) + " (" +
                    cudaGetErrorString(status) + ")");
}

void ThrowCublasError(cublasStatus_t status, const char* call, const char* file, int line) {
    throw CudaError("cuBLAS error: " + Where(call, file, line) + cublasGetStatusName(status) + " (" +
                    cublasGetStatusString(status) + ")");
}

void ThrowCurandError(curandStatus_t status, const char* call, const char* file, int line) {
    throw CudaError("cuRAND error: " + Where(call, file, line) + "status " + std::to_string(static_cast<int>(status)));
}

void ThrowCudnnError(cudnnStatus_t status, const char* call, const char* file, int line) {
    throw CudaError("cuDNN error: " + Where(call, file, line) + cudnnGetErrorString(status));
}

}  // namespace internal

DeviceGuard::DeviceGuard(int index) {
    CNET_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != index)
        CNET_CUDA_CHECK(cudaSetDevice(index));
    else
        previous_ = -1;  // nothing to restore
}

DeviceGuard::~DeviceGuard() {
    if (previous_ >= 0) cudaSetDevice(previous_);  // cannot throw from a destructor; the next call reports errors
}

void RegisterBackendOnce() {
    static std::once_flag once;
    std::call_once(once, [] {
        RegisterMemory();
        RegisterKernelTables();
    });
}

int DeviceCount() {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        cudaGetLastError();  // clear it: no driver or no device just means "no CUDA devices"
        return 0;
    }
    return count;
}

std::string Initialize(int index) {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        cudaGetLastError();
        return std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) + ")";
    }
    if (index >= count || index >= kMaxDevices)
        return "this machine has " + std::to_string(count) + " CUDA device" + (count == 1 ? "" : "s");
    try {
        DeviceGuard guard(index);
        DeviceState& state = States()[index];
        if (state.stream == nullptr) CNET_CUDA_CHECK(cudaStreamCreateWithFlags(&state.stream, cudaStreamNonBlocking));
        RegisterBackendOnce();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

cudaStream_t Stream(int index) {
    // Arrays exist on a device only after Initialize(index) created its stream (core/device.cc's RequireDevice).
    CNET_CHECK_AS(DeviceError, index >= 0 && index < kMaxDevices && States()[index].stream != nullptr,
                  "internal: CUDA device ", index, " is used before its backend was initialised");
    return States()[index].stream;
}

cublasHandle_t Cublas(int index) {
    DeviceState& state = States()[index];
    std::lock_guard<std::mutex> lock(HandleMutex());
    if (state.cublas == nullptr) {
        DeviceGuard guard(index);
        CNET_CUBLAS_CHECK(cublasCreate(&state.cublas));
        CNET_CUBLAS_CHECK(cublasSetStream(state.cublas, Stream(index)));
    }
    return state.cublas;
}

cudnnHandle_t Cudnn(int index) {
    DeviceState& state = States()[index];
    std::lock_guard<std::mutex> lock(HandleMutex());
    if (state.cudnn == nullptr) {
        DeviceGuard guard(index);
        CNET_CUDNN_CHECK(cudnnCreate(&state.cudnn));
        CNET_CUDNN_CHECK(cudnnSetStream(state.cudnn, Stream(index)));
    }
    return state.cudnn;
}

void Synchronize(int index) {
    DeviceGuard guard(index);
    CNET_CUDA_CHECK(cudaStreamSynchronize(Stream(index)));
}

void CountLaunch() { g_launches.fetch_add(1, std::memory_order_relaxed); }
long long LaunchCount() { return g_launches.load(std::memory_order_relaxed); }

}  // namespace cuda
}  // namespace cnet
