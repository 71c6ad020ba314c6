// counters.cc — cuda::launch_count / synchronize (counters.h); plain C++, built in every configuration.
#include "cnet/cuda/counters.h"

#include "cnet/core/device.h"

namespace cnet {
namespace cuda {

#ifdef CNET_HAVE_CUDA
long long LaunchCount();      // context.cuh, defined in device.cu
void Synchronize(int index);  // context.cuh, defined in device.cu
#endif

int64_t launch_count() {
#ifdef CNET_HAVE_CUDA
    return LaunchCount();
#else
    return 0;
#endif
}

void synchronize(int device) {
    RequireDevice(Device::Cuda(device));  // throws without the backend or the device
#ifdef CNET_HAVE_CUDA
    Synchronize(device);
#endif
}

}  // namespace cuda
}  // namespace cnet
