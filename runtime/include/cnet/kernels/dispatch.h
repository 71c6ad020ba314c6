// dispatch.h — the device seam: per-family kernel tables, one per backend, chosen by the arrays' device.
#pragma once

#include <initializer_list>
#include <utility>

#include "cnet/core/array.h"
#include "cnet/core/error.h"

namespace cnet {
namespace kernels {

// Note [Device seam]
// ~~~~~~~~~~~~~~~~~~
// Only backends touch element memory. Each kernel family F (activation, elementwise, reduction, ...) has
//   kernels/F.h         the device-agnostic entry points (kernels::Foo(...)) and `struct FKernels`, a table of
//                       function pointers with one entry per entry point, plus `static constexpr kFamily`;
//   src/kernels/F.cc    the entry points: check that all arrays are on one device, pick that device's
//                       table (KernelsFor) and call the entry (CallKernel);
//   src/native/F.cc     the CPU implementations and `NativeKernels<FKernels>()`, which returns the CPU table;
//   src/cuda/F.cu       the CUDA implementations and their table, registered with RegisterCudaKernels(table)
//                       from the backend's initialisation (cuda::Initialize, see core/device.cc), never from
//                       a static initialiser, which the linker may drop from a static library.
// A device whose backend is absent (a CPU-only build, no GPU) throws DeviceError "CUDA device N is not
// available: <reason>" (RequireDevice); a null table entry throws DeviceError naming the kernel and the device.
// There is no silent fallback to another device. tests/runtime/core/raw_memory_test.cmake enforces that code
// outside the backends and the host I/O files does not read element memory.

/// The CPU table of a family; each native/<family>.cc defines the specialisation for its table type.
template <typename Table>
const Table& NativeKernels();

namespace internal {
template <typename Table>
inline const Table* cuda_kernels = nullptr;

/// kernel == nullptr: the backend of `device` has no table for the family.
[[noreturn]] void ThrowNotImplemented(const char* family, const char* kernel, Device device);
[[noreturn]] void ThrowMixedDevices(const char* family, const char* kernel, Device a, Device b);
/// Rethrows a kernel's DtypeError (e.g. CNET_DISPATCH_FLOAT's "expected float32 or float64, got int32") with the
/// kernel's name in front, so that the message names the operation as well as the dtype.
[[noreturn]] void RethrowNamingKernel(const char* family, const char* kernel, const DtypeError& e);
}  // namespace internal

/// Installs the CUDA table of a family (called by the CUDA backend when it initialises).
template <typename Table>
void RegisterCudaKernels(const Table& table) {
    internal::cuda_kernels<Table> = &table;
}

/// The table serving `device`; throws DeviceError when the device cannot be used.
template <typename Table>
const Table& KernelsFor(Device device) {
    if (device.is_cpu()) return NativeKernels<Table>();
    const Table* table = internal::cuda_kernels<Table>;
    if (table == nullptr) {
        RequireDevice(device);  // throws "CUDA device N is not available: ..." where there is no backend
        table = internal::cuda_kernels<Table>;
        if (table == nullptr) internal::ThrowNotImplemented(Table::kFamily, nullptr, device);
    }
    return *table;
}

/// The one device of the defined arrays in `arrays` (undefined ones are skipped); throws DeviceError naming
/// the kernel and both devices when they differ.
template <typename Table>
Device CommonDevice(const char* kernel, std::initializer_list<const Array*> arrays) {
    const Array* first = nullptr;
    for (const Array* a : arrays) {
        if (a == nullptr || !a->defined()) continue;
        if (first == nullptr) first = a;
        else if (a->device() != first->device())
            internal::ThrowMixedDevices(Table::kFamily, kernel, first->device(), a->device());
    }
    return first == nullptr ? Device::Cpu() : first->device();
}

/// Calls table entry `entry` (named `kernel` in errors) of `device`'s backend.
template <typename Table, typename Fn, typename... Args>
decltype(auto) CallKernel(Fn Table::*entry, const char* kernel, Device device, Args&&... args) {
    const Fn fn = KernelsFor<Table>(device).*entry;
    if (fn == nullptr) internal::ThrowNotImplemented(Table::kFamily, kernel, device);
    try {
        return fn(std::forward<Args>(args)...);
    } catch (const DtypeError& e) {
        internal::RethrowNamingKernel(Table::kFamily, kernel, e);
    }
}

/// CommonDevice + CallKernel: the usual body of an entry point.
template <typename Table, typename Fn, typename... Args>
decltype(auto) Dispatch(Fn Table::*entry, const char* kernel, std::initializer_list<const Array*> arrays,
                        Args&&... args) {
    return CallKernel(entry, kernel, CommonDevice<Table>(kernel, arrays), std::forward<Args>(args)...);
}

}  // namespace kernels
}  // namespace cnet
