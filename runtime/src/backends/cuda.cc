// cuda.cc — chainer.backends.cuda: the current CUDA device and the array copies (cnet/backends/cuda.h).
#include "cnet/backends/cuda.h"

#include <atomic>
#include <string>

#include "cnet/core/device.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace cuda {
namespace {

std::atomic<int> g_current_device{0};
std::atomic<int64_t> g_max_workspace_size{8 * 1024 * 1024};

}  // namespace

bool available() { return CudaAvailable(); }

void check_cuda_available() {
    if (available()) return;
    std::string reason;
    IsDeviceAvailable(Device::Cuda(0), &reason);
    throw py::RuntimeError("CUDA environment is not correctly set up\n(see https://github.com/chainer/chainer#installation)." +
                           (reason.empty() ? std::string() : " " + reason));
}

void DeviceHandle::use() const {
    if (id_ < 0) return;
    RequireDevice(Device::Cuda(id_));
    g_current_device.store(id_);
}

int current_device_id() { return g_current_device.load(); }

void internal::SetCurrentDeviceId(int id) { g_current_device.store(id); }

DeviceHandle get_device_from_id(std::optional<int> device_id) {
    return DeviceHandle(device_id ? *device_id : -1);  // None: the DummyDevice, as in Chainer
}

DeviceHandle get_device_from_array(const Array& array) { return DeviceHandle(array.device().id()); }

Array to_gpu(const Array& array, std::optional<int> device) {
    const int id = device ? *device : current_device_id();
    CNET_CHECK_AS(DeviceError, id >= 0, "to_gpu: invalid CUDA device id ", id);
    return array.to_device(Device::Cuda(id));
}

Array to_cpu(const Array& array) { return array.to_device(Device::Cpu()); }

void set_max_workspace_size(int64_t size) {
    if (size < 0) throw ValueError("set_max_workspace_size: size must be non-negative, got " + std::to_string(size));
    g_max_workspace_size.store(size);
}

int64_t get_max_workspace_size() { return g_max_workspace_size.load(); }

ArrayModule get_array_module(const Array& x) { return ArrayModule(x.defined() ? x.device() : Device::Cpu()); }
ArrayModule get_array_module(const Variable& x) { return get_array_module(x.defined() ? x.array() : Array()); }
ArrayModule cupy() { return ArrayModule(Device::Cuda(current_device_id())); }

}  // namespace cuda
}  // namespace cnet
