// cuda.h — chainer.backends.cuda: the current CUDA device, device handles, and host <-> device copies of
// arrays. Every CUDA request goes through RequireDevice (cnet/core/device.h): a CPU-only build or a machine
// without the device throws DeviceError "CUDA device N is not available: <reason>", never a silent CPU run.
#pragma once

#include <optional>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace cuda {

/// chainer.backends.cuda.available.
bool available();
/// chainer.backends.cuda.check_cuda_available(): Python's RuntimeError with Chainer's message, and why device 0
/// cannot be used, unless CUDA is available (the examples call it before using --gpu).
void check_cuda_available();

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
namespace internal {
/// Names `id` current without checking it (DeviceScope restoring the device that was current before it).
void SetCurrentDeviceId(int id);
}  // namespace internal
/// cuda.get_device_from_id(device_id): the device with that id (None or -1: the DummyDevice, the CPU).
DeviceHandle get_device_from_id(std::optional<int> device_id);
/// cuda.get_device_from_array(array): the array's device (DummyDevice, id -1, for a host array).
DeviceHandle get_device_from_array(const Array& array);

/// cuda.to_gpu(array, device=None): a copy on CUDA device `device` (the current one when absent); the array
/// itself when it is already there.
Array to_gpu(const Array& array, std::optional<int> device = std::nullopt);
/// cuda.to_cpu(array): a host copy (the array itself when on the host).
Array to_cpu(const Array& array);

/// cuda.set_max_workspace_size(size) / cuda.get_max_workspace_size(): the most scratch memory, in bytes, one
/// cuDNN call may take; algorithms needing more are passed over. Chainer's default, 8 MiB (8388608); a larger
/// limit lets cuDNN pick faster convolution algorithms. A negative size is a ValueError.
void set_max_workspace_size(int64_t size);
int64_t get_max_workspace_size();

/// The array module of a device — numpy for the CPU, cupy for a CUDA device — as cuda.get_array_module(x),
/// Link.xp, Variable.xp and cuda.cupy return it. Creation routines called through it (`xp.zeros(...)`) put their
/// result on its device (see its rows in cnet/backends/surface.def); math routines work where their arguments are.
class ArrayModule {
public:
    ArrayModule() : device_(Device::Cpu()) {}  // numpy (a variable holding a module, before it is assigned)
    ArrayModule(Device device) : device_(device) {}  // NOLINT(google-explicit-constructor): Link.xp is device()
    Device device() const { return device_; }
    /// `a` on this module's device (a no-op when it is there; DeviceError where the device is not available).
    Array on_device(const Array& a) const { return a.to_device(device_); }
    friend bool operator==(const ArrayModule& a, const ArrayModule& b) { return a.device_ == b.device_; }
    friend bool operator!=(const ArrayModule& a, const ArrayModule& b) { return !(a == b); }

private:
    Device device_;
};

/// cuda.get_array_module(x): cupy for an array (or a variable's array) on a CUDA device, else numpy.
ArrayModule get_array_module(const Array& x);
ArrayModule get_array_module(const Variable& x);
/// cuda.cupy: the module of the current CUDA device.
ArrayModule cupy();

}  // namespace cuda
}  // namespace cnet
