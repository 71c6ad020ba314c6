// cupy.h — `import cupy` in .cnet: numpy's creation routines on the current CUDA device (cuda::cupy()), and
// asnumpy. Where no CUDA device can be used they throw DeviceError "CUDA device N is not available: ...".
// Also what generated code needs for an ArrayModule (`xp`): its methods are the np routines below.
#pragma once

#include <utility>

#include "cnet/backends/array_module.h"  // xp.get_array_module (cupy's own, an ArrayModule method)
#include "cnet/backends/cuda.h"
#include "cnet/np/creation.h"
#include "cnet/np/linalg.h"
#include "cnet/np/manipulation.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace cupy {

template <typename... A>
Array array(A&&... a) { return cuda::cupy().on_device(np::array(std::forward<A>(a)...)); }
template <typename... A>
Array asarray(A&&... a) { return cuda::cupy().on_device(np::asarray(std::forward<A>(a)...)); }
template <typename... A>
Array zeros(A&&... a) { return cuda::cupy().on_device(np::zeros(std::forward<A>(a)...)); }
template <typename... A>
Array ones(A&&... a) { return cuda::cupy().on_device(np::ones(std::forward<A>(a)...)); }
template <typename... A>
Array empty(A&&... a) { return cuda::cupy().on_device(np::empty(std::forward<A>(a)...)); }
template <typename... A>
Array full(A&&... a) { return cuda::cupy().on_device(np::full(std::forward<A>(a)...)); }
template <typename... A>
Array arange(A&&... a) { return cuda::cupy().on_device(np::arange(std::forward<A>(a)...)); }
template <typename... A>
Array linspace(A&&... a) { return cuda::cupy().on_device(np::linspace(std::forward<A>(a)...)); }
/// cupy.asnumpy(a): a host copy.
inline Array asnumpy(const Array& a) { return a.to_device(Device::Cpu()); }

}  // namespace cupy
}  // namespace cnet
