// transfer.cc — the CPU side of the transfer family: a host-to-host copy (copies that involve a CUDA device run
// on the CUDA backend's table, see kernels/transfer.h).
#include "cnet/kernels/transfer.h"

#include <cstring>

namespace cnet {
namespace native {
namespace {

// Both sides are C-contiguous host arrays of one dtype and shape.
void Transfer(const Array& src, const Array& dst) {
    if (src.nbytes() > 0) std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes());
}

}  // namespace
}  // namespace native

template <>
const kernels::TransferKernels& kernels::NativeKernels<kernels::TransferKernels>() {
    static const TransferKernels table{&native::Transfer};
    return table;
}

}  // namespace cnet
