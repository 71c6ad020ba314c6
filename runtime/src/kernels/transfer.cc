// transfer.cc — the cross-device copy entry point: runs on the backend of the non-CPU side.
#include "cnet/kernels/transfer.h"

namespace cnet {
namespace kernels {

void Transfer(const Array& src, const Array& dst) {
    CNET_CHECK(src.is_contiguous() && dst.is_contiguous() && src.shape() == dst.shape() && src.dtype() == dst.dtype(),
               "internal: Transfer expects contiguous arrays of one shape and dtype, got ", src.shape(), " ",
               DtypeName(src.dtype()), " and ", dst.shape(), " ", DtypeName(dst.dtype()));
    const Device device = dst.device().is_cpu() ? src.device() : dst.device();
    CallKernel(&TransferKernels::transfer, "Transfer", device, src, dst);
}

}  // namespace kernels
}  // namespace cnet
