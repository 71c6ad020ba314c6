// communicator.h — chainermn.CommunicatorBase and chainermn.create_communicator: the process group of a
// data-parallel job (one process per device, started by `mpirun -np N ./program`) and its collectives.
//
//   auto comm = cnet::chainermn::create_communicator("naive");   // MPI over host arrays
//   comm->rank(); comm->size();                                    // this process, of how many
//   comm->bcast_data(*model);                                      // rank 0's parameters everywhere
//   comm->allreduce_grad(*model);                                  // every gradient := mean over ranks
//
// Communicators (ChainerMN's names):
//   naive         MPI_Allreduce per parameter, host (CPU) arrays
//   flat          one MPI_Allreduce of all gradients packed into one buffer; host arrays, or device arrays staged
//                 through the host (Debian's Open MPI is not CUDA-aware)
//   pure_nccl     NCCL allreduce of the packed gradients over all ranks (device arrays); MPI bootstraps NCCL
//   hierarchical  NCCL reduce within each host, MPI allreduce between hosts (rank 0 of each host, staged
//                 through the host), NCCL broadcast within each host (device arrays)
// The others ChainerMN has (two_dimensional, single_node, non_cuda_aware, dummy) are ValueErrors naming the
// supported ones. Without MPI in the build every communicator is a RuntimeError (Note [MPI build]).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/dtype.h"

namespace cnet {

class Link;

namespace chainermn {

/// The MPI communicators a communicator is made of (defined in src/chainermn/communicator_state.h).
struct CommunicatorState;

/// chainermn.CommunicatorBase. Every collective must be called by every rank in the same order.
class CommunicatorBase {
public:
    virtual ~CommunicatorBase();
    CommunicatorBase(const CommunicatorBase&) = delete;
    CommunicatorBase& operator=(const CommunicatorBase&) = delete;

    /// Rank of this process among all (MPI_COMM_WORLD), and their number.
    int rank() const;
    int size() const;
    /// Rank among the processes on this host (the GPU a process uses), and their number.
    int intra_rank() const;
    int intra_size() const;
    /// Rank of this host among the hosts, and their number.
    int inter_rank() const;
    int inter_size() const;
    /// The name given to create_communicator ("naive", "flat", ...).
    virtual std::string name() const = 0;

    /// Every initialized parameter of `model` := rank 0's (ChainerMN's bcast_data).
    virtual void bcast_data(Link& model);
    /// Every initialized parameter's gradient := the mean of the ranks' gradients (a missing gradient counts
    /// as zeros, so ranks whose graphs did not reach a parameter still agree).
    virtual void allreduce_grad(Link& model) = 0;

    /// send(data, dest, tag) / recv(source, tag): one array, point to point (any dtype and shape; the
    /// receiver gets a host array).
    void send(const Array& data, int dest, int tag);
    Array recv(int source, int tag);
    /// bcast_obj(obj, root=0): root's value on every rank.
    Array bcast_obj(const Array& obj, int root = 0);
    double bcast_obj(double obj, int root = 0);
    int64_t bcast_obj(int64_t obj, int root = 0);
    std::string bcast_obj(const std::string& obj, int root = 0);
    /// allreduce_obj(obj): the sum over the ranks (mpi4py's default op), elementwise for arrays.
    Array allreduce_obj(const Array& obj);
    double allreduce_obj(double obj);
    int64_t allreduce_obj(int64_t obj);
    /// Blocks until every rank has called it.
    void barrier();

    /// The MPI communicators (internal).
    const CommunicatorState& state() const { return *state_; }

protected:
    explicit CommunicatorBase(std::shared_ptr<CommunicatorState> state);
    std::shared_ptr<CommunicatorState> state_;
};

using CommunicatorPtr = std::shared_ptr<CommunicatorBase>;

/// chainermn.create_communicator(communicator_name='hierarchical', mpi_comm=None, allreduce_grad_dtype=None).
/// `mpi_comm` is MPI_COMM_WORLD (there is no mpi4py object to pass). allreduce_grad_dtype (the dtype the
/// gradients travel in) is pure_nccl's alone, as in ChainerMN. ValueError for an unknown name.
CommunicatorPtr create_communicator(const std::string& communicator_name = "hierarchical",
                                    std::optional<Dtype> allreduce_grad_dtype = std::nullopt);

/// True when this build has MPI (chainermn can be used); tests skip without it.
bool mpi_available();

}  // namespace chainermn
}  // namespace cnet
