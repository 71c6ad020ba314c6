// cuda_test_util.h — helpers of the GPU tests: skip (visibly) without a device, compare a GPU result with the
// CPU's, and make deterministic inputs; and the CPU stand-in build of the same tests (Note [GPU tests on the CPU]).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/device.h"

// Note [GPU tests on the CPU]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// The GPU tests also build as runtime_cuda_tests_on_cpu (CNET_CUDA_TESTS_ON_CPU): where no CUDA device can be used,
// "cuda:0" is then a fake device of host memory whose kernel tables are the CPU's (fake_cuda_device.cc). Every
// test compares the CPU with the CPU's kernels run through the device seam on cuda:0, and must pass. That runs the
// tests' own logic (case tables, layouts, tolerances, expected values) and the runtime's device placement on every
// machine: an array made on the CPU by default that meets a device array is the DeviceError it would be on a GPU,
// and a value drawn on the device where it should be drawn on the host differs from the CPU's (the fake device's
// draws skip ahead in the CPU's stream, as a GPU's generator gives other values for one seed).
// Tests that need a real device (launch counts, the memory pool, cudaMalloc counts) say so with
// CNET_REQUIRE_REAL_CUDA_DEVICE and skip there.
#ifdef CNET_CUDA_TESTS_ON_CPU
#define CNET_REQUIRE_CUDA_DEVICE(index) \
    do {                                \
    } while (0)
#define CNET_REQUIRE_REAL_CUDA_DEVICE(index) GTEST_SKIP() << "needs a real CUDA device (a fake one stands in here)"
#else
/// Skips the test, with the reason in the output, when CUDA device `index` cannot be used.
#define CNET_REQUIRE_CUDA_DEVICE(index)                                                         \
    do {                                                                                        \
        std::string cnet_reason_;                                                               \
        if (!::cnet::IsDeviceAvailable(::cnet::Device::Cuda(index), &cnet_reason_))             \
            GTEST_SKIP() << "CUDA device " << (index) << " is not available: " << cnet_reason_; \
    } while (0)
/// CNET_REQUIRE_CUDA_DEVICE, for a test whose CPU stand-in cannot pass (Note [GPU tests on the CPU]).
#define CNET_REQUIRE_REAL_CUDA_DEVICE(index) CNET_REQUIRE_CUDA_DEVICE(index)
#endif

namespace cnet {
namespace cuda_test {

/// Tolerances for comparing the two backends (summation orders and libm implementations differ).
inline double RtolFor(Dtype d) { return d == Dtype::kFloat64 ? 1e-9 : (d == Dtype::kFloat16 ? 1e-2 : 2e-4); }
inline double AtolFor(Dtype d) { return d == Dtype::kFloat64 ? 1e-11 : (d == Dtype::kFloat16 ? 1e-3 : 2e-5); }

/// Expects `gpu` (any device) to equal `cpu` in shape and dtype and, elementwise, within atol + rtol * |cpu| (NaNs
/// must match NaNs).
inline void ExpectClose(const Array& gpu, const Array& cpu, const std::string& what, double rtol, double atol) {
    ASSERT_TRUE(gpu.defined()) << what << ": GPU result undefined";
    ASSERT_TRUE(cpu.defined()) << what << ": CPU result undefined";
    ASSERT_EQ(gpu.shape(), cpu.shape()) << what;
    ASSERT_EQ(gpu.dtype(), cpu.dtype()) << what;
    const Array g = gpu.to_device(Device::Cpu());
    for (int64_t i = 0; i < cpu.size(); ++i) {
        const double a = g.at_flat(i), b = cpu.at_flat(i);
        if (std::isnan(b)) {
            EXPECT_TRUE(std::isnan(a)) << what << " at flat index " << i << ": GPU " << a << ", CPU nan";
            continue;
        }
        if (std::isinf(b)) {
            EXPECT_EQ(a, b) << what << " at flat index " << i;
            continue;
        }
        EXPECT_NEAR(a, b, atol + rtol * std::fabs(b)) << what << " at flat index " << i;
    }
}

/// ExpectClose with the dtype's tolerances (RtolFor, AtolFor).
inline void ExpectClose(const Array& gpu, const Array& cpu, const std::string& what) {
    ExpectClose(gpu, cpu, what, RtolFor(cpu.dtype()), AtolFor(cpu.dtype()));
}

/// Deterministic values in [lo, hi) (a simple LCG: independent of the runtime's generator).
inline Array Uniform(const Shape& shape, Dtype dtype, double lo, double hi, uint64_t seed) {
    std::vector<double> v(static_cast<size_t>(shape.prod()));
    uint64_t s = seed * 6364136223846793005ull + 1442695040888963407ull;
    for (double& x : v) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x = lo + (hi - lo) * static_cast<double>(s >> 11) * (1.0 / 9007199254740992.0);
    }
    return Array::FromVector(v, shape).astype(dtype);
}

inline Device Gpu() { return Device::Cuda(0); }
#ifdef CNET_CUDA_TESTS_ON_CPU
/// Whether Gpu() is a real CUDA device (launch counts and the like can be checked).
constexpr bool kRealGpu = false;
#else
constexpr bool kRealGpu = true;
#endif

/// `a` on `device` with the same layout: its whole storage moves and the view is rebuilt with a's strides and
/// offset, so transposed, strided, broadcast and offset views reach the device as they are.
inline Array ToDeviceKeepingLayout(const Array& a, Device device) {
    if (a.is_contiguous() && a.offset() == 0) return a.to_device(device);
    const int64_t n = static_cast<int64_t>(a.storage()->nbytes() / a.itemsize());
    const Array all = Array::View(a.storage(), Shape{n}, Strides{1}, 0, a.dtype()).to_device(device);
    return all.as_strided(a.shape(), a.strides(), a.offset());
}

}  // namespace cuda_test
}  // namespace cnet
