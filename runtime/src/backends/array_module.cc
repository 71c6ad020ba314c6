// array_module.cc — cuda.copy (cnet/backends/array_module.h).
#include "cnet/backends/array_module.h"

namespace cnet {
namespace cuda {

Array copy(const Array& array, std::optional<int> out_device) {
    const Device to = out_device ? Device::FromId(*out_device) : array.device();
    if (to == array.device()) return array.copy();
    return array.to_device(to);  // RequireDevice: the same DeviceError as get_device_from_id(n).use()
}

}  // namespace cuda
}  // namespace cnet
