// mpi.h — the runtime's only view of MPI (internal): communicator handles and the few collectives ChainerMN's
// communicators are built from, on contiguous host arrays and byte strings. mpi.cc implements it with the C API
// of MPI; mpi_unavailable.cc, compiled when CMake found no MPI, makes every entry throw (Note [MPI build]).
//
// Note [MPI build]
// MPI is optional like CUDA: `find_package(MPI)` in runtime/CMakeLists.txt adds mpi.cc and defines nothing in
// public headers, so programs compile the same either way; without it, create_communicator throws RuntimeError
// "chainermn: cnet was built without MPI ..." and the MPI tests skip, saying so.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cnet/core/array.h"

namespace cnet {
namespace chainermn {
namespace mpi {

/// An MPI communicator (MPI_Comm), opaque outside mpi.cc.
struct Comm;
using CommPtr = std::shared_ptr<const Comm>;

/// True when the runtime was built with MPI.
bool Available();
/// MPI_COMM_WORLD, initializing MPI on first use (MPI_Init_thread, funneled: only the main thread calls MPI).
/// Installs the exit handlers of Note [Failing ranks].
CommPtr World();
int Rank(const Comm& comm);
int Size(const Comm& comm);
/// MPI_Comm_split_type(SHARED): the ranks on this host.
CommPtr SplitShared(const Comm& comm);
/// MPI_Comm_split(color, key).
CommPtr Split(const Comm& comm, int color, int key);

/// In-place sum over the ranks of a contiguous host array (float16 is summed as float32 on each rank's copy).
void AllreduceSum(const Comm& comm, Array& host);
/// Root's contiguous host array into every rank's array of the same shape and dtype.
void Bcast(const Comm& comm, Array& host, int root);
/// Root's bytes to every rank (the size is sent first).
void BcastBytes(const Comm& comm, std::string& bytes, int root);
/// Point to point, in messages of at most `chunk` bytes (the size is sent first).
void SendBytes(const Comm& comm, const std::string& bytes, int dest, int tag, int64_t chunk = int64_t{1} << 30);
std::string RecvBytes(const Comm& comm, int source, int tag, int64_t chunk = int64_t{1} << 30);
void Barrier(const Comm& comm);
/// MPI_Finalize when MPI was initialized and is not finalized yet.
void Finalize();
/// MPI_Abort(MPI_COMM_WORLD, code): ends every rank of the job.
[[noreturn]] void Abort(int code);

}  // namespace mpi
}  // namespace chainermn
}  // namespace cnet
