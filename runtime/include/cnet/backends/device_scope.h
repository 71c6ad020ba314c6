// device_scope.h — the device contexts of chainer.backends.cuda and chainer: `with cuda.Device(n):` (CuPy's
// Device as a context) and `with chainer.using_device(spec):` make a device current for the block and restore the
// previous current device after it. Entering a CUDA device goes through DeviceHandle::use() (RequireDevice): a
// CPU-only build or a missing device throws the same DeviceError as get_device_from_id(n).use(), never running
// the block on the CPU instead. Device -1 (cuda.DummyDevice) and '@numpy' are the CPU: nothing to make current.
#pragma once

#include <optional>
#include <string>

#include "cnet/backends/cuda.h"

namespace cnet {
namespace cuda {

/// cuda.Device(device=None): None is the current CUDA device, a negative id the DummyDevice.
class DeviceScope {
public:
    explicit DeviceScope(std::optional<int> device = std::nullopt);
    /// `with cuda.get_device_from_id(n):` / `with cuda.get_device_from_array(x):` (CuPy's Device as a context).
    explicit DeviceScope(const DeviceHandle& device) : DeviceScope(std::optional<int>(device.id())) {}
    ~DeviceScope();
    DeviceScope(const DeviceScope&) = delete;
    DeviceScope& operator=(const DeviceScope&) = delete;
    /// The device's id (-1 for the DummyDevice).
    int id() const { return id_; }

private:
    int id_;
    int previous_;
};

}  // namespace cuda

/// chainer.using_device(device_spec): '@numpy' (also 'native', '@intel64') or -1 is the CPU, '@cupy:N' (also
/// 'cuda:N') or N >= 0 is CUDA device N; another specifier is a ValueError.
class using_device : public cuda::DeviceScope {
public:
    explicit using_device(int device) : cuda::DeviceScope(device) {}
    explicit using_device(const std::string& spec);
    explicit using_device(const char* spec) : using_device(std::string(spec)) {}
};

}  // namespace cnet
