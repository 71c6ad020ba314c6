// chainermn_test_util.h — helpers of the chainermn tests, which run under `mpirun -np N`.
#pragma once

#include <cstdlib>
#include <string>

#include "cnet/chainermn/communicator.h"
#include "cnet/core/array.h"

namespace cnet {
namespace testing_util {

/// The number of processes mpirun started (Open MPI's OMPI_COMM_WORLD_SIZE; 1 when run alone).
inline int LaunchedRanks() {
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    return size != nullptr ? std::atoi(size) : 1;
}

/// True when `a` is bitwise the same array on every rank (rank 0's copy is broadcast and compared; every
/// rank learns the verdict).
inline bool SameOnAllRanks(chainermn::CommunicatorBase& comm, const Array& a) {
    Array root = comm.bcast_obj(a);
    bool same = root.shape() == a.shape() && root.dtype() == a.dtype();
    if (same) {
        const std::vector<double> x = root.to_vector<double>(), y = a.to_vector<double>();
        same = x == y;
    }
    return comm.allreduce_obj(static_cast<int64_t>(!same)) == 0;
}

}  // namespace testing_util
}  // namespace cnet
