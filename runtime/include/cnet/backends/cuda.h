// cuda.h — chainer.backends.cuda: the current CUDA device, device handles, and host <-> device copies of
// arrays. Every CUDA request goes through RequireDevice (cnet/core/device.h): a CPU-only build or a machine
// without the device throws DeviceError "CUDA device N is not available: <reason>", never a silent CPU run.
#pragma once

#include <optional>

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

/// chainer.backends.cuda.available.
bool available();

/// cupy.cuda.Device / chainer.backends.cuda.DummyDevice (id -1, the CPU): a device id; use() makes a CUDA
/// device current for later to_gpu() calls without an explicit device.
class DeviceHandle {
public:
    explicit DeviceHandle(int id) : id_(id) {}
    int id() const { return id_; }
    Device device() const { return Device::FromId(id_); }
    /// Makes this CUDA device current (checking that it is available); a no-op for the CPU (DummyDevice).
    void use() const;
    friend bool operator==(const DeviceHandle& a, const DeviceHandle& b) { return a.id_ == b.id_; }

private:
    int id_;
};

/// The current CUDA device id (0 until a device's use() is called), as in CuPy.
int current_device_id();
/// cuda.get_device_from_id(device_id): the device with that id (None or -1: the DummyDevice, the CPU).
DeviceHandle get_device_from_id(std::optional<int> device_id);
/// cuda.get_device_from_array(array): the array's device (DummyDevice, id -1, for a host array).
DeviceHandle get_device_from_array(const Array& array);

/// cuda.to_gpu(array, device=None): a copy on CUDA device `device` (the current one when absent); the array
/// itself when it is already there.
Array to_gpu(const Array& array, std::optional<int> device = std::nullopt);
/// cuda.to_cpu(array): a host copy (the array itself when on the host).
Array to_cpu(const Array& array);

}  // namespace cuda
}  // namespace cnet
