// dispatch_test.cc — the device seam (Note [Device seam]): CUDA requests without a backend fail with
// "CUDA device N is not available", and kernels run on the table of their arrays' device, never elsewhere.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cnet/backends/cuda.h"
#include "cnet/backends/cupy.h"
#include "cnet/core/memory.h"
#include "cnet/kernels/convolution.h"
#include "cnet/kernels/copy.h"
#include "cnet/kernels/elementwise.h"
#include "cnet/kernels/transfer.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/serializers/npz.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::Arr;
using testing_util::MessageOf;

TEST(DeviceSeamTest, CudaWithoutBackendIsUnavailable) {
    if (CudaAvailable()) GTEST_SKIP() << "a CUDA device is present; this checks the CPU-only behaviour";
    const std::string prefix = "CUDA device 0 is not available: ";
    EXPECT_EQ(MessageOf<DeviceError>([] { Array::Zeros({2, 3}, Dtype::kFloat32, Device::Cuda(0)); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(MessageOf<DeviceError>([] { Arr({1, 2}).to_device(Device::Cuda(0)); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(MessageOf<DeviceError>([] { RequireDevice(Device::Cuda(0)); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(MessageOf<DeviceError>([] { kernels::KernelsFor<kernels::ElementwiseKernels>(Device::Cuda(2)); })
                  .rfind("CUDA device 2 is not available: ", 0),
              0u);
    // The device API: nothing moves, and the error names the device.
    links::Linear model(3, 2);
    EXPECT_EQ(MessageOf<DeviceError>([&] { model.to_gpu(); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(model.device(), Device::Cpu());
    EXPECT_EQ(model.W.array().device(), Device::Cpu());
    Variable v(Arr({1, 2}));
    EXPECT_EQ(MessageOf<DeviceError>([&] { v.to_gpu(0); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(MessageOf<DeviceError>([] { cuda::get_device_from_id(0).use(); }).rfind(prefix, 0), 0u);
    EXPECT_EQ(MessageOf<DeviceError>([] { cuda::to_gpu(Arr({1})); }).rfind(prefix, 0), 0u);
    EXPECT_FALSE(cuda::available());
    cuda::get_device_from_id(-1).use();  // DummyDevice: the CPU
    EXPECT_EQ(cuda::get_device_from_array(Arr({1})).id(), -1);
    std::string reason;
    EXPECT_FALSE(IsDeviceAvailable(Device::Cuda(0), &reason));
    EXPECT_FALSE(reason.empty());
    EXPECT_TRUE(IsDeviceAvailable(Device::Cpu()));
    RequireDevice(Device::Cpu());
}

// A kernel's dtype error names the kernel as well as the dtype; float16 is computed in float32 (Note [float16 on the
// CPU]), so only dtypes with no float computation are refused.
TEST(DeviceSeamTest, DtypeErrorsNameTheKernel) {
    const Array x = Array::Zeros({1, 1, 3, 3}, Dtype::kInt32), W = Array::Zeros({1, 1, 2, 2}, Dtype::kInt32);
    const Array y = Array::Zeros({1, 1, 2, 2}, Dtype::kInt32);
    const kernels::ConvParams p{Dims{2, 2}, Dims{1, 1}, Dims{0, 0}, Dims{1, 1}};
    try {
        kernels::ConvolutionForward(x, W, Array(), p, y);
        ADD_FAILURE() << "no DtypeError";
    } catch (const DtypeError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("convolution.ConvolutionForward: ", 0), 0u) << e.what();
        EXPECT_NE(std::string(e.what()).find("int32"), std::string::npos) << e.what();
    }
    const Array y16 = Array::Empty({1, 1, 2, 2}, Dtype::kFloat16);
    kernels::ConvolutionForward(Array::Ones({1, 1, 3, 3}, Dtype::kFloat16), Array::Ones({1, 1, 2, 2}, Dtype::kFloat16),
                                Array(), p, y16);
    EXPECT_ALLCLOSE(y16, Array::Full({1, 1, 2, 2}, 4, Dtype::kFloat16), 0, 0);
}

// A fake CUDA device 0 backed by host memory, with no kernel tables until a test registers some: whatever runs on
// it must come from its own tables, so a missing entry is an error even though the bytes are readable.
class FakeCudaTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (CudaAvailable()) GTEST_SKIP() << "a CUDA device is present; the fake device would shadow it";
        internal::RegisterCudaAllocator({[](size_t n, int) { return std::malloc(n == 0 ? 1 : n); },
                                         [](void* p, size_t, int) { std::free(p); }});
        internal::SetCudaDeviceReadyForTesting(0, true);
    }
    void TearDown() override {
        kernels::internal::cuda_kernels<kernels::ElementwiseKernels> = nullptr;
        kernels::internal::cuda_kernels<kernels::CopyKernels> = nullptr;
        kernels::internal::cuda_kernels<kernels::TransferKernels> = nullptr;
        internal::SetCudaDeviceReadyForTesting(0, false);
        internal::RegisterCudaAllocator({});
    }
};

TEST_F(FakeCudaTest, MissingTableOrEntryIsAnErrorNotAFallback) {
    const Array x = Array::Empty({3}, Dtype::kFloat32, Device::Cuda(0));
    EXPECT_EQ(MessageOf<DeviceError>([&] { kernels::Unary(kernels::UnaryOp::kExp, x, x); }),
              "the elementwise kernels are not implemented on cuda:0");
    EXPECT_EQ(MessageOf<DeviceError>([&] { Array(x).fill(Scalar(1)); }), "the copy kernels are not implemented on cuda:0");
    kernels::ElementwiseKernels table;  // only `unary`
    table.unary = [](kernels::UnaryOp, const Array&, const Array& out) { std::memset(out.raw_data(), 0, 12); };
    kernels::RegisterCudaKernels(table);
    kernels::Unary(kernels::UnaryOp::kExp, x, x);
    EXPECT_EQ(static_cast<const float*>(x.raw_data())[2], 0.0f);
    EXPECT_EQ(MessageOf<DeviceError>([&] { kernels::Binary(kernels::BinaryOp::kAdd, x, x, x); }),
              "kernel elementwise.Binary is not implemented on cuda:0");
}

TEST_F(FakeCudaTest, MixedDevicesAreRejected) {
    const Array gpu = Array::Empty({2}, Dtype::kFloat32, Device::Cuda(0));
    const Array cpu = Arr({1, 2});
    EXPECT_EQ(MessageOf<DeviceError>([&] { kernels::Binary(kernels::BinaryOp::kAdd, cpu, gpu, cpu); }),
              "elementwise.Binary: arrays are on different devices (cpu and cuda:0)");
    EXPECT_EQ(MessageOf<DeviceError>([&] { Array(cpu).assign(gpu); }),
              "copy.Copy: arrays are on different devices (cuda:0 and cpu)");
}

// to_device runs the transfer kernel of the CUDA side in both directions (here a host memcpy stands in).
TEST_F(FakeCudaTest, ToDeviceUsesTheDeviceTransferKernel) {
    static int calls;
    calls = 0;
    kernels::TransferKernels table;
    table.transfer = [](const Array& src, const Array& dst) {
        ++calls;
        std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes());
    };
    kernels::RegisterCudaKernels(table);
    const Array x = Arr({1, 2, 3, 4}, {2, 2}).T();  // non-contiguous: made contiguous on its device first
    const Array g = x.to_device(Device::Cuda(0));
    EXPECT_EQ(g.device(), Device::Cuda(0));
    EXPECT_EQ(calls, 1);
    const Array back = g.to_device(Device::Cpu());
    EXPECT_EQ(calls, 2);
    EXPECT_ALLCLOSE(back, Arr({1, 3, 2, 4}, {2, 2}));
    EXPECT_EQ(g.to_device(Device::Cuda(0)).storage(), g.storage());  // already there: no copy
}

// Link.to_gpu moves parameters, grads and optimizer-less persistents; a parameter initialized later lands on the
// link's device; to_cpu brings the same values back.
TEST_F(FakeCudaTest, LinkToGpuAndBack) {
    kernels::TransferKernels transfer;
    transfer.transfer = [](const Array& src, const Array& dst) { std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes()); };
    kernels::RegisterCudaKernels(transfer);
    links::Linear model(std::nullopt, 2);  // W is initialized at the first call
    const Array b = model.b.array().copy();
    model.to_gpu();
    EXPECT_EQ(model.b.array().device(), Device::Cuda(0));
    EXPECT_EQ(model.device(), Device::Cuda(0));
    model.W.initialize(Shape{2, 3});
    EXPECT_EQ(model.W.array().device(), Device::Cuda(0));
    model.to_cpu();
    EXPECT_EQ(model.device(), Device::Cpu());
    EXPECT_EQ(model.W.array().device(), Device::Cpu());
    EXPECT_ALLCLOSE(model.b.array(), b);
    const Array g = cuda::to_gpu(Arr({5, 6}));
    EXPECT_EQ(cuda::get_device_from_array(g).id(), 0);
    // xp: cupy for a device array, numpy for a host one; creation through cupy lands on the device.
    EXPECT_EQ(cuda::get_array_module(g).device(), Device::Cuda(0));
    EXPECT_EQ(cuda::get_array_module(Arr({1})).device(), Device::Cpu());
    EXPECT_EQ(cupy::arange(Scalar(3)).device(), Device::Cuda(0));
    EXPECT_ALLCLOSE(cupy::asnumpy(cupy::arange(Scalar(3))), Arr({0, 1, 2}, Dtype::kInt64));
    EXPECT_ALLCLOSE(cuda::to_cpu(g), Arr({5, 6}));
}

// A fake device backend that can copy whole contiguous buffers (enough for parameters).
void RegisterFakeCopies() {
    static kernels::TransferKernels transfer;
    transfer.transfer = [](const Array& src, const Array& dst) { std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes()); };
    kernels::RegisterCudaKernels(transfer);
    static kernels::CopyKernels copy;
    copy.copy = [](const Array& src, const Array& dst) {
        ASSERT_TRUE(src.is_contiguous() && dst.is_contiguous() && src.shape() == dst.shape() &&
                    src.dtype() == dst.dtype());
        std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes());
    };
    kernels::RegisterCudaKernels(copy);
}

// copyparams and addgrads work across devices; a model on the device saves host arrays to npz and loads them back.
TEST_F(FakeCudaTest, CopyparamsAndNpzAcrossDevices) {
    RegisterFakeCopies();
    links::Linear cpu(2, 3), gpu(2, 3);
    const Array w = cpu.W.array().copy();
    gpu.to_gpu();
    gpu.copyparams(cpu);  // host -> device
    EXPECT_EQ(gpu.W.array().device(), Device::Cuda(0));
    EXPECT_ALLCLOSE(gpu.W.array().to_device(Device::Cpu()), w);
    links::Linear other(2, 3);
    other.copyparams(gpu);  // device -> host
    EXPECT_ALLCLOSE(other.W.array(), w);
    gpu.W.set_grad(Array::Ones({3, 2}, Dtype::kFloat32, Device::Cpu()).to_device(Device::Cuda(0)));
    other.cleargrads();  // a new parameter's gradient is NaN, as in Chainer
    other.addgrads(gpu);
    EXPECT_EQ(other.W.grad().device(), Device::Cpu());
    EXPECT_ALLCLOSE(other.W.grad(), Array::Ones({3, 2}));

    const std::string path = ::testing::TempDir() + "cnet_device_npz_test.npz";
    serializers::save_npz(path, gpu);  // written from host copies
    links::Linear loaded(2, 3);
    serializers::load_npz(path, loaded);
    EXPECT_ALLCLOSE(loaded.W.array(), w);
    links::Linear loaded_gpu(2, 3);
    loaded_gpu.to_gpu();
    serializers::load_npz(path, loaded_gpu);  // copied to the device
    EXPECT_EQ(loaded_gpu.W.array().device(), Device::Cuda(0));
    EXPECT_ALLCLOSE(loaded_gpu.W.array().to_device(Device::Cpu()), w);
    std::remove(path.c_str());
}

// Optimizer state loaded from a snapshot (host arrays) follows its parameter to the device before the update.
TEST_F(FakeCudaTest, LoadedOptimizerStateFollowsItsParameter) {
    RegisterFakeCopies();
    Parameter p(Arr({1, 2}).to_device(Device::Cuda(0)));
    struct Rule : optimizers::MomentumSGDRule {
        using UpdateRule::state_;
        using UpdateRule::state_matches;
    } rule;
    rule.state_.emplace_back("v", Arr({3, 4}));  // as a deserializer leaves it
    EXPECT_FALSE(rule.state_matches(p));
    rule.init_state(p);
    EXPECT_EQ(rule.state("v").device(), Device::Cuda(0));
    EXPECT_ALLCLOSE(rule.state("v").to_device(Device::Cpu()), Arr({3, 4}));
    EXPECT_TRUE(rule.state_matches(p));
}

}  // namespace
}  // namespace cnet
