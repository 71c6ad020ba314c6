// device_test.cc — the CUDA backend's memory and transfers on a real device: pool reuse and free_all_blocks,
// no cudaMalloc in a repeated allocation pattern, host<->device round trips for every dtype and layout,
// copies between two devices, and the error on a machine without the device.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/cuda/memory_pool.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::Gpu;

TEST(CudaDeviceTest, WithoutTheDeviceUsingItIsAClearError) {
    std::string reason;
    if (IsDeviceAvailable(Device::Cuda(0), &reason)) GTEST_SKIP() << "this machine has CUDA device 0";
    try {
        Array::Zeros(Shape{2}, Dtype::kFloat32, Device::Cuda(0));
        FAIL() << "expected DeviceError";
    } catch (const DeviceError& e) {
        EXPECT_EQ(std::string(e.what()), "CUDA device 0 is not available: " + reason);
    }
    EXPECT_FALSE(reason.empty());
}

TEST(CudaDeviceTest, PoolReusesFreedBlocksAndFreeAllBlocksReturnsThem) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);
    cuda::MemoryPool& pool = cuda::get_default_memory_pool();
    pool.free_all_blocks();
    const size_t used0 = pool.used_bytes();
    void* first = nullptr;
    {
        Array a = Array::Empty(Shape{1000}, Dtype::kFloat32, Gpu());  // 4000 bytes -> class 4096
        first = a.raw_data();
        EXPECT_EQ(pool.used_bytes(), used0 + 4096);
    }
    EXPECT_EQ(pool.used_bytes(), used0);
    EXPECT_GE(pool.free_bytes(), 4096u);
    const int64_t mallocs = pool.raw_malloc_count();
    {
        Array b = Array::Empty(Shape{1024}, Dtype::kFloat32, Gpu());  // same class: the same block, no cudaMalloc
        EXPECT_EQ(b.raw_data(), first);
        EXPECT_EQ(pool.raw_malloc_count(), mallocs);
    }
    const int64_t frees = pool.raw_free_count();
    pool.free_all_blocks();
    EXPECT_EQ(pool.free_bytes(), 0u);
    EXPECT_GT(pool.raw_free_count(), frees);
    EXPECT_EQ(pool.total_bytes(), pool.used_bytes());
}

TEST(CudaDeviceTest, ARepeatedComputationMakesNoCudaMallocAfterTheFirstRound) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);
    cuda::MemoryPool& pool = cuda::get_default_memory_pool();
    const Array x = cuda_test::Uniform(Shape{64, 32}, Dtype::kFloat32, -1, 1, 1).to_device(Gpu());
    auto round = [&] {
        Array y = x.copy();
        y.assign(x.T().T());
        return y.to_device(Device::Cpu());
    };
    round();
    const int64_t mallocs = pool.raw_malloc_count(), frees = pool.raw_free_count();
    for (int i = 0; i < 5; ++i) round();
    EXPECT_EQ(pool.raw_malloc_count(), mallocs);
    EXPECT_EQ(pool.raw_free_count(), frees);
}

TEST(CudaDeviceTest, RoundTripsEveryDtypeAndLayout) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (Dtype d : {Dtype::kBool, Dtype::kUint8, Dtype::kInt32, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32,
                    Dtype::kFloat64}) {
        const Array host = cuda_test::Uniform(Shape{3, 5}, Dtype::kFloat64, -3, 3, 7).astype(d);
        const Array dev = host.to_device(Gpu());
        EXPECT_EQ(dev.device(), Gpu());
        cuda_test::ExpectClose(dev, host, std::string("contiguous ") + DtypeName(d));
        cuda_test::ExpectClose(host.T().to_device(Gpu()), host.T(), std::string("transposed ") + DtypeName(d));
        cuda_test::ExpectClose(dev.T().copy(), host.T().copy(), std::string("device transpose copy ") + DtypeName(d));
        cuda_test::ExpectClose(dev[{Slice(), Slice(1, 5, 2)}].copy(), host[{Slice(), Slice(1, 5, 2)}].copy(),
                               std::string("strided slice ") + DtypeName(d));
    }
    const Array scalar = Array::FromScalar(Scalar(2.5), Dtype::kFloat32);
    cuda_test::ExpectClose(scalar.to_device(Gpu()), scalar, "0-d");
    const Array empty = Array::Zeros(Shape{0, 4}, Dtype::kFloat32);
    cuda_test::ExpectClose(empty.to_device(Gpu()), empty, "empty");
}

TEST(CudaDeviceTest, CastsBetweenEveryPairOfDtypesAsTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array base = cuda_test::Uniform(Shape{4, 6}, Dtype::kFloat64, -100, 100, 3);
    for (Dtype from : {Dtype::kBool, Dtype::kUint8, Dtype::kInt32, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32,
                       Dtype::kFloat64}) {
        const Array src = (from == Dtype::kUint8 ? base.astype(Dtype::kInt32).astype(from) : base.astype(from));
        const Array dev = src.to_device(Gpu());
        for (Dtype to : {Dtype::kBool, Dtype::kUint8, Dtype::kInt32, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32,
                         Dtype::kFloat64}) {
            cuda_test::ExpectClose(dev.astype(to), src.astype(to),
                                   std::string(DtypeName(from)) + " -> " + DtypeName(to));
        }
    }
}

// Floats that do not fit the integer type (undefined in C++): the CPU's answers, which are NumPy's on x86-64
// (ArrayCopyTest.OutOfRangeFloatsCastAsNumPyDoes), not CUDA's saturation.
TEST(CudaDeviceTest, OutOfRangeFloatsCastToIntegersAsTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array special = Array::FromVector(std::vector<double>{-5.5, 300.7, NAN, 3e9, -3e9, 1e20, INFINITY, -1.0});
    for (Dtype from : {Dtype::kFloat32, Dtype::kFloat64}) {
        const Array src = special.astype(from), dev = src.to_device(Gpu());
        for (Dtype to : {Dtype::kUint8, Dtype::kInt32, Dtype::kInt64}) {
            cuda_test::ExpectClose(dev.astype(to), src.astype(to),
                                   std::string(DtypeName(from)) + " -> " + DtypeName(to));
        }
    }
    Array ones = Array::Zeros(Shape{3}, Dtype::kUint8, Gpu());
    ones.fill(Scalar(int64_t{-1}));
    EXPECT_EQ(ones.to_device(Device::Cpu()).to_vector<int64_t>(), (std::vector<int64_t>{255, 255, 255}));
}

// Over 64 MiB a copy is not staged through the pinned pool (which keeps its blocks): the round trip is exact and
// the pinned pool does not grow by the array's size.
TEST(CudaDeviceTest, LargeTransfersBypassThePinnedPool) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array host = cuda_test::Uniform(Shape{1024}, Dtype::kFloat32, -1, 1, 5)  // 68 MiB of float32
                           .broadcast_to(Shape{17 * 1024, 1024})
                           .copy();
    const size_t pinned_before = cuda::get_default_pinned_memory_pool().total_bytes();
    const Array back = host.to_device(Gpu()).to_device(Device::Cpu());
    EXPECT_EQ(back.to_vector<float>(), host.to_vector<float>());
    EXPECT_LT(cuda::get_default_pinned_memory_pool().total_bytes(), pinned_before + host.nbytes());
}

TEST(CudaDeviceTest, FillsEveryDtypeThroughViews) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (Dtype d : {Dtype::kBool, Dtype::kUint8, Dtype::kInt32, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32,
                    Dtype::kFloat64}) {
        Array host = Array::Zeros(Shape{4, 3}, d);
        Array dev = Array::Zeros(Shape{4, 3}, d, Gpu());
        Array host_column = host.T()[1], dev_column = dev.T()[1];  // strided views
        host_column.fill(Scalar(3));
        dev_column.fill(Scalar(3));
        cuda_test::ExpectClose(dev, host, std::string("fill ") + DtypeName(d));
    }
}

TEST(CudaDeviceTest, CopiesBetweenTwoDevices) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);
    CNET_REQUIRE_REAL_CUDA_DEVICE(1);
    const Array host = cuda_test::Uniform(Shape{7, 9}, Dtype::kFloat32, -1, 1, 11);
    const Array d0 = host.to_device(Device::Cuda(0));
    const Array d1 = d0.to_device(Device::Cuda(1));
    EXPECT_EQ(d1.device(), Device::Cuda(1));
    cuda_test::ExpectClose(d1, host, "cuda:0 -> cuda:1");
    cuda_test::ExpectClose(d1.T().to_device(Device::Cuda(0)), host.T(), "transposed cuda:1 -> cuda:0");
}

}  // namespace
}  // namespace cnet
