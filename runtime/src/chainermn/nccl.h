// nccl.h — the NCCL layer of the GPU communicators (internal): a communicator over the ranks of an MPI
// communicator, one CUDA device per rank, and in-place collectives on contiguous device arrays, ordered on the
// device's stream of the CUDA backend. cuda/nccl.cu implements it in CUDA builds; nccl_unavailable.cc
// elsewhere makes every entry throw.
#pragma once

#include <memory>

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
/// In-place sum over the ranks.
void AllreduceSum(const Comm& comm, Array& array);
/// In-place sum into `root`'s array (the others' arrays are left as they were).
void ReduceSum(const Comm& comm, Array& array, int root);
/// `root`'s array into every rank's.
void Bcast(const Comm& comm, Array& array, int root);

}  // namespace nccl
}  // namespace chainermn
}  // namespace cnet
