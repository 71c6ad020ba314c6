// device.h — where an array lives: the host CPU or a CUDA device (Chainer's integer device ids: -1 is CPU).
#pragma once

#include <ostream>
#include <string>

namespace cnet {

class Device {
public:
    enum class Kind { kCpu, kCuda };

    constexpr Device() = default;
    static constexpr Device Cpu() { return Device(Kind::kCpu, 0); }
    static constexpr Device Cuda(int index) { return Device(Kind::kCuda, index); }
    /// Chainer's device id: negative means CPU, >= 0 a CUDA device.
    static constexpr Device FromId(int id) { return id < 0 ? Cpu() : Cuda(id); }

    Kind kind() const { return kind_; }
    int index() const { return index_; }
    bool is_cpu() const { return kind_ == Kind::kCpu; }
    bool is_cuda() const { return kind_ == Kind::kCuda; }
    /// Chainer's id (-1 for CPU).
    int id() const { return is_cpu() ? -1 : index_; }
    std::string ToString() const { return is_cpu() ? "cpu" : "cuda:" + std::to_string(index_); }

    friend bool operator==(Device a, Device b) { return a.kind_ == b.kind_ && a.index_ == b.index_; }
    friend bool operator!=(Device a, Device b) { return !(a == b); }

private:
    constexpr Device(Kind kind, int index) : kind_(kind), index_(index) {}
    Kind kind_ = Kind::kCpu;
    int index_ = 0;
};

inline std::ostream& operator<<(std::ostream& os, Device d) { return os << d.ToString(); }

/// Throws DeviceError "CUDA device N is not available: <reason>" unless arrays can live on `device` now (the
/// CPU always can). The first call for a CUDA device initialises the CUDA backend for it. See Note [Device
/// seam] in cnet/kernels/dispatch.h.
void RequireDevice(Device device);
/// Whether RequireDevice(device) succeeds; otherwise `reason` (when given) says why.
bool IsDeviceAvailable(Device device, std::string* reason = nullptr);
/// chainer.backends.cuda.available: this build has a CUDA backend and the machine at least one device.
bool CudaAvailable();

namespace internal {
/// Test hook: marks CUDA device `index` usable without a backend (or not), so that CPU-only tests can build
/// arrays on a fake CUDA device with a host allocator and exercise the dispatch errors.
void SetCudaDeviceReadyForTesting(int index, bool ready);
}  // namespace internal

}  // namespace cnet
