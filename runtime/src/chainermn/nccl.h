// nccl.h — the NCCL layer of the GPU communicators (internal): a communicator over the ranks of an MPI
// communicator, one CUDA device per rank, and in-place collectives on contiguous device arrays, ordered on the
// device's stream of the CUDA backend. cuda/nccl.cu implements it in CUDA builds; nccl_unavailable.cc
// elsewhere makes every entry throw.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "chainermn/mpi.h"
#include "cnet/core/array.h"

namespace cnet {
namespace chainermn {
namespace nccl {

/// An NCCL communicator (ncclComm_t) and its device, opaque outside nccl.cu.
struct Comm;
using CommPtr = std::shared_ptr<Comm>;

/// True when the runtime was built with the CUDA backend and NCCL.
bool Available();
/// ncclCommInitRank over the ranks of `over` on CUDA device `device`: `over`'s rank 0 makes the unique id and
/// MPI broadcasts it.
CommPtr Create(const mpi::Comm& over, int device);
/// A new NCCL unique id (ncclGetUniqueId) as bytes, for processes that are not MPI ranks
/// (MultiprocessParallelUpdater sends it to its workers over their channels).
std::string UniqueId();
/// ncclCommInitRank with an id from UniqueId: rank `rank` of `size`, on CUDA device `device`.
CommPtr CreateFromId(const std::string& id, int size, int rank, int device);
/// Waits until the collectives queued so far have finished, asking `peers_alive()` about every millisecond
/// meanwhile: when it answers false, or NCCL reports an asynchronous error, the communicator is aborted
/// (ncclCommAbort) and CudaError raised, so a peer that died is an error instead of a wait without end.
void Wait(Comm& comm, const std::function<bool()>& peers_alive);
/// In-place sum over the ranks.
void AllreduceSum(const Comm& comm, Array& array);
/// In-place sum into `root`'s array (the others' arrays are left as they were).
void ReduceSum(const Comm& comm, Array& array, int root);
/// `root`'s array into every rank's.
void Bcast(const Comm& comm, Array& array, int root);

}  // namespace nccl
}  // namespace chainermn
}  // namespace cnet
