// communicator_state.h — what every communicator is made of (internal): MPI_COMM_WORLD, the ranks on this host
// (intra) and the ranks with the same intra rank on every host (inter), and the gradient packing shared by the
// communicators that reduce one buffer.
#pragma once

#include <memory>
#include <vector>

#include "chainermn/mpi.h"
#include "cnet/chainermn/communicator.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace chainermn {

struct CommunicatorState {
    mpi::CommPtr world, intra, inter;
    int rank = 0, size = 1, intra_rank = 0, intra_size = 1, inter_rank = 0, inter_size = 1;
};

/// Initializes MPI if needed and splits MPI_COMM_WORLD by host.
std::shared_ptr<CommunicatorState> MakeCommunicatorState();

/// The initialized parameters of `model`, in namedparams order (the same on every rank); a parameter without
/// a gradient gets zeros, so every rank contributes the same buffers.
std::vector<Parameter> GradParams(Link& model, const char* op);

/// Every gradient flattened into one contiguous buffer of `dtype` on the gradients' device.
Array PackGrads(const std::vector<Parameter>& params, Dtype dtype);
/// The inverse of PackGrads, scaled by `scale` (1/size for the mean), in each parameter's dtype.
void UnpackGrads(const Array& packed, const std::vector<Parameter>& params, double scale);

/// The communicator constructors behind create_communicator.
CommunicatorPtr MakeNaiveCommunicator();
CommunicatorPtr MakeFlatCommunicator();
CommunicatorPtr MakePureNcclCommunicator(std::optional<Dtype> allreduce_grad_dtype);
CommunicatorPtr MakeHierarchicalCommunicator();

}  // namespace chainermn
}  // namespace cnet
