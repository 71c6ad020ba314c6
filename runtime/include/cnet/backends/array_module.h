// array_module.h — the device-generic helpers of chainer.backends.cuda over several arrays:
// cuda.get_array_module(*args) and cuda.copy(array, out_device=). (cuda.h has the one-array forms.)
#pragma once

#include <optional>
#include <vector>

#include "cnet/backends/cuda.h"

namespace cnet {
namespace cuda {

namespace detail {
inline Device DeviceOf(const Array& a) { return a.defined() ? a.device() : Device::Cpu(); }
inline Device DeviceOf(const Variable& v) { return v.defined() ? DeviceOf(v.array()) : Device::Cpu(); }
/// get_array_module(*xs) of a list: the device of its first element on a CUDA device, else the CPU.
template <typename X>
Device DeviceOf(const std::vector<X>& xs) {
    for (const X& x : xs) {
        if (DeviceOf(x).is_cuda()) return DeviceOf(x);
    }
    return Device::Cpu();
}
}  // namespace detail

/// cuda.get_array_module(*args): cupy (the module of the first argument on a CUDA device) when any argument is
/// on a CUDA device, else numpy; with no arguments, numpy.
template <typename... Xs>
ArrayModule get_array_module(const Xs&... xs) {
    const Device devices[] = {Device::Cpu(), detail::DeviceOf(xs)...};
    for (const Device& d : devices) {
        if (d.is_cuda()) return ArrayModule(d);
    }
    return ArrayModule(Device::Cpu());
}

/// cuda.copy(array, out_device=None): a new array with `array`'s contents on device `out_device` (an id; -1 the
/// CPU), by default on `array`'s own device. A CUDA destination that cannot be used is a DeviceError.
Array copy(const Array& array, std::optional<int> out_device = std::nullopt);

}  // namespace cuda
}  // namespace cnet
