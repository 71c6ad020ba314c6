// check.cuh — error checking for CUDA, cuBLAS, cuRAND and cuDNN calls: a failed call throws cnet::CudaError
// naming the call, file:line and the library's own error string.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>
#include <curand.h>

#include "cnet/core/error.h"

namespace cnet {
namespace cuda {
namespace internal {

[[noreturn]] void ThrowCudaError(cudaError_t status, const char* call, const char* file, int line);
[[noreturn]] void ThrowCublasError(cublasStatus_t status, const char* call, const char* file, int line);
[[noreturn]] void ThrowCurandError(curandStatus_t status, const char* call, const char* file, int line);
[[noreturn]] void ThrowCudnnError(cudnnStatus_t status, const char* call, const char* file, int line);

}  // namespace internal
}  // namespace cuda
}  // namespace cnet

#define CNET_CUDA_CHECK(call)                                                                \
    do {                                                                                     \
        const cudaError_t cnet_status_ = (call);                                             \
        if (cnet_status_ != cudaSuccess)                                                     \
            ::cnet::cuda::internal::ThrowCudaError(cnet_status_, #call, __FILE__, __LINE__); \
    } while (0)

#define CNET_CUBLAS_CHECK(call)                                                                \
    do {                                                                                       \
        const cublasStatus_t cnet_status_ = (call);                                            \
        if (cnet_status_ != CUBLAS_STATUS_SUCCESS)                                             \
            ::cnet::cuda::internal::ThrowCublasError(cnet_status_, #call, __FILE__, __LINE__); \
    } while (0)

#define CNET_CURAND_CHECK(call)                                                                \
    do {                                                                                       \
        const curandStatus_t cnet_status_ = (call);                                            \
        if (cnet_status_ != CURAND_STATUS_SUCCESS)                                             \
            ::cnet::cuda::internal::ThrowCurandError(cnet_status_, #call, __FILE__, __LINE__); \
    } while (0)

#define CNET_CUDNN_CHECK(call)                                                                \
    do {                                                                                      \
        const cudnnStatus_t cnet_status_ = (call);                                            \
        if (cnet_status_ != CUDNN_STATUS_SUCCESS)                                             \
            ::cnet::cuda::internal::ThrowCudnnError(cnet_status_, #call, __FILE__, __LINE__); \
    } while (0)

/// Checks the launch of the kernel just issued (bad configuration, no device); execution errors surface at
/// the next synchronising call.
#define CNET_CUDA_CHECK_LAUNCH() CNET_CUDA_CHECK(cudaGetLastError())
