// dispatch.cc — the errors of the device seam (Note [Device seam] in cnet/kernels/dispatch.h).
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {
namespace internal {

void ThrowNotImplemented(const char* family, const char* kernel, Device device) {
    if (kernel == nullptr)
        throw DeviceError(cnet::internal::StrCat("the ", family, " kernels are not implemented on ", device.ToString()));
    throw DeviceError(cnet::internal::StrCat("kernel ", family, ".", kernel, " is not implemented on ",
                                             device.ToString()));
}

void ThrowMixedDevices(const char* family, const char* kernel, Device a, Device b) {
    throw DeviceError(cnet::internal::StrCat(family, ".", kernel, ": arrays are on different devices (",
                                             a.ToString(), " and ", b.ToString(), ")"));
}

void RethrowNamingKernel(const char* family, const char* kernel, const DtypeError& e) {
    throw DtypeError(cnet::internal::StrCat(family, ".", kernel, ": ", e.what()));
}

}  // namespace internal
}  // namespace kernels
}  // namespace cnet
