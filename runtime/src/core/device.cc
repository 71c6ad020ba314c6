// device.cc — whether a device can be used, and the explicit start of the CUDA backend (Note [Device seam]).
#include "cnet/core/device.h"

#include <atomic>
#include <mutex>

#include "cnet/core/error.h"
#include "core/cuda_started.h"

namespace cnet {

#ifdef CNET_HAVE_CUDA
namespace cuda {
// Defined by the CUDA backend (src/cuda/). Initialize makes device `index` usable (context, stream, memory
// pool), registers the CUDA allocator and kernel tables, and returns "" or the reason the device cannot be
// used; it is called once per device, under a lock. DeviceCount is 0 without a driver or a device.
std::string Initialize(int index);
int DeviceCount();
}  // namespace cuda
#endif

namespace {

constexpr int kMaxCudaDevices = 64;
std::atomic<bool> g_ready[kMaxCudaDevices];

std::string Unavailable(int index) {
#ifdef CNET_HAVE_CUDA
    if (index >= kMaxCudaDevices) return "device ids above " + std::to_string(kMaxCudaDevices - 1) + " are not supported";
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    if (g_ready[index].load()) return "";
    std::string reason = cuda::Initialize(index);
    if (reason.empty()) g_ready[index].store(true);
    return reason;
#else
    (void)index;
    return "this build of cnet has no CUDA backend";
#endif
}

}  // namespace

bool IsDeviceAvailable(Device device, std::string* reason) {
    if (device.is_cpu()) return true;
    const int index = device.index();
    std::string why;
    if (index < 0) why = "invalid device id";
    else if (index < kMaxCudaDevices && g_ready[index].load(std::memory_order_acquire)) return true;
    else why = Unavailable(index);
    if (why.empty()) return true;
    if (reason != nullptr) *reason = why;
    return false;
}

void RequireDevice(Device device) {
    std::string reason;
    if (!IsDeviceAvailable(device, &reason))
        throw DeviceError("CUDA device " + std::to_string(device.index()) + " is not available: " + reason);
}

bool CudaAvailable() {
#ifdef CNET_HAVE_CUDA
    return cuda::DeviceCount() > 0;
#else
    return false;
#endif
}

bool CudaStarted() {
    for (const std::atomic<bool>& ready : g_ready)
        if (ready.load()) return true;
    return false;
}

namespace internal {
void SetCudaDeviceReadyForTesting(int index, bool ready) {
    if (index >= 0 && index < kMaxCudaDevices) g_ready[index].store(ready);
}
}  // namespace internal

}  // namespace cnet
