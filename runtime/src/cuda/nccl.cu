// nccl.cu — the NCCL layer of ChainerMN's GPU communicators (see src/chainermn/nccl.h): NCCL collectives on
// contiguous device arrays, queued on the device's backend stream so they are ordered after the kernels that
// computed the gradients and before those that read the result.
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include "chainermn/nccl.h"
#include "cnet/core/error.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"

namespace cnet {
namespace chainermn {
namespace nccl {

struct Comm {
    ncclComm_t handle = nullptr;
    int device = 0;
};

namespace {

void Check(ncclResult_t result, const char* call) {
    if (result == ncclSuccess) return;
    throw CudaError(std::string("chainermn: ") + call + " failed: " + ncclGetErrorString(result));
}

ncclDataType_t ElementType(Dtype dtype) {
    switch (dtype) {
        case Dtype::kFloat16: return ncclFloat16;
        case Dtype::kFloat32: return ncclFloat32;
        case Dtype::kFloat64: return ncclFloat64;
        case Dtype::kInt32: return ncclInt32;
        case Dtype::kInt64: return ncclInt64;
        case Dtype::kBool:
        case Dtype::kUint8: return ncclUint8;
    }
    throw DtypeError("chainermn: no NCCL type for this dtype");
}

// Checks the array; false when it is empty: every rank's is then (the callers agree on sizes first), and there
// is nothing to exchange and no buffer to hand NCCL (a model without parameters).
bool HasElementsOnDevice(const Comm& comm, const Array& a, const char* op) {
    CNET_CHECK_AS(DeviceError, !a.device().is_cpu() && a.device().id() == comm.device, "chainermn.", op,
                  ": NCCL takes arrays on cuda:", comm.device, " (got one on ", a.device().ToString(), ")");
    CNET_CHECK(a.is_contiguous(), "chainermn.", op, ": the array must be contiguous");
    return a.size() > 0;
}

}  // namespace

bool Available() { return true; }

std::string UniqueId() {
    ncclUniqueId id;
    Check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    return std::string(reinterpret_cast<const char*>(&id), sizeof id);
}

CommPtr CreateFromId(const std::string& bytes, int size, int rank, int device) {
    ncclUniqueId id;
    CNET_CHECK(bytes.size() == sizeof id, "chainermn: an NCCL id of ", bytes.size(), " bytes (", sizeof id,
               " expected)");
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(&id));
    // Starts the device (and fails with DeviceError "CUDA device N is not available: ..." where it cannot).
    Array::Zeros(Shape{1}, Dtype::kFloat32, Device::Cuda(device));
    cuda::DeviceGuard guard(device);
    auto comm = CommPtr(new Comm, [](Comm* c) {
        if (c->handle != nullptr) ncclCommDestroy(c->handle);
        delete c;
    });
    comm->device = device;
    Check(ncclCommInitRank(&comm->handle, size, id, rank), "ncclCommInitRank");
    return comm;
}

CommPtr Create(const mpi::Comm& over, int device) {
    std::string bytes;
    if (mpi::Rank(over) == 0) bytes = UniqueId();
    mpi::BcastBytes(over, bytes, 0);
    return CreateFromId(bytes, mpi::Size(over), mpi::Rank(over), device);
}

void Wait(Comm& comm, const std::function<bool()>& peers_alive) {
    CNET_CHECK(comm.handle != nullptr, "chainermn: the NCCL communicator was aborted");
    cuda::DeviceGuard guard(comm.device);
    for (;;) {
        const cudaError_t status = cudaStreamQuery(cuda::Stream(comm.device));
        if (status == cudaSuccess) return;
        if (status != cudaErrorNotReady) CNET_CUDA_CHECK(status);
        ncclResult_t async = ncclSuccess;
        Check(ncclCommGetAsyncError(comm.handle, &async), "ncclCommGetAsyncError");
        const bool alive = peers_alive();
        if (async != ncclSuccess || !alive) {
            ncclCommAbort(comm.handle);  // ends the collectives still waiting for the peer
            comm.handle = nullptr;
            throw CudaError(std::string("NCCL: ") +
                            (alive ? std::string("asynchronous error: ") + ncclGetErrorString(async)
                                   : std::string("a peer process is gone; communicator aborted")));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void AllreduceSum(const Comm& comm, Array& array) {
    if (!HasElementsOnDevice(comm, array, "allreduce")) return;
    cuda::DeviceGuard guard(comm.device);
    Check(ncclAllReduce(array.raw_data(), array.raw_data(), static_cast<size_t>(array.size()),
                        ElementType(array.dtype()), ncclSum, comm.handle, cuda::Stream(comm.device)),
          "ncclAllReduce");
}

void ReduceSum(const Comm& comm, Array& array, int root) {
    if (!HasElementsOnDevice(comm, array, "reduce")) return;
    cuda::DeviceGuard guard(comm.device);
    Check(ncclReduce(array.raw_data(), array.raw_data(), static_cast<size_t>(array.size()),
                     ElementType(array.dtype()), ncclSum, root, comm.handle, cuda::Stream(comm.device)),
          "ncclReduce");
}

void Bcast(const Comm& comm, Array& array, int root) {
    if (!HasElementsOnDevice(comm, array, "bcast")) return;
    cuda::DeviceGuard guard(comm.device);
    Check(ncclBroadcast(array.raw_data(), array.raw_data(), static_cast<size_t>(array.size()),
                        ElementType(array.dtype()), root, comm.handle, cuda::Stream(comm.device)),
          "ncclBroadcast");
}

}  // namespace nccl
}  // namespace chainermn
}  // namespace cnet
