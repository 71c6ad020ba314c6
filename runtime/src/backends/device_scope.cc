// device_scope.cc — cuda.Device / chainer.using_device as contexts (cnet/backends/device_scope.h).
#include "cnet/backends/device_scope.h"

#include "cnet/core/error.h"

namespace cnet {
namespace cuda {

DeviceScope::DeviceScope(std::optional<int> device)
    : id_(device ? *device : current_device_id()), previous_(current_device_id()) {
    if (id_ < 0) id_ = -1;  // the DummyDevice
    DeviceHandle(id_).use();  // DeviceError where the CUDA device cannot be used
}

DeviceScope::~DeviceScope() {
    // CuPy's __exit__ restores the previous current device whatever the block made current (a use() inside it
    // too); restoring only names it current, so a default device 0 the program never used is not initialised.
    if (id_ >= 0) internal::SetCurrentDeviceId(previous_);
}

}  // namespace cuda

namespace {

// A non-negative decimal number, or -1 when `s` is not one.
int ParseId(const std::string& s) {
    if (s.empty() || s.size() > 9) return -1;
    int id = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        id = id * 10 + (c - '0');
    }
    return id;
}

int SpecToId(const std::string& spec) {
    if (spec == "@numpy" || spec == "native" || spec == "@intel64") return -1;
    for (const std::string prefix : {"@cupy:", "cuda:"}) {
        if (spec.compare(0, prefix.size(), prefix) == 0) {
            const int id = ParseId(spec.substr(prefix.size()));
            if (id >= 0) return id;
        }
    }
    throw ValueError(internal::StrCat("invalid device specifier: '", spec,
                                      "' (expected '@numpy', '@cupy:N' or a device id)"));
}

}  // namespace

using_device::using_device(const std::string& spec) : cuda::DeviceScope(SpecToId(spec)) {}

}  // namespace cnet
