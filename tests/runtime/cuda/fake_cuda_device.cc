// fake_cuda_device.cc — for runtime_cuda_tests_on_cpu (Note [GPU tests on the CPU] in cuda_test_util.h): CUDA
// device 0 made of host memory whose kernel tables are the CPU's, so the GPU tests run their arrays on "cuda:0"
// through the device seam. Every array a function, link or optimizer makes on the CPU by default and then meets a
// device array is the same "arrays are on different devices" DeviceError it would be on a GPU; its random draws
// differ from the CPU's for one seed, as a GPU's do. On a machine with a CUDA device nothing is faked: the tests
// run on it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "cnet/core/device.h"
#include "cnet/core/memory.h"
#include "cnet/kernels/activation.h"
#include "cnet/kernels/connection.h"
#include "cnet/kernels/convolution.h"
#include "cnet/kernels/copy.h"
#include "cnet/kernels/elementwise.h"
#include "cnet/kernels/indexing.h"
#include "cnet/kernels/linalg.h"
#include "cnet/kernels/loss.h"
#include "cnet/kernels/lstm.h"
#include "cnet/kernels/normalization.h"
#include "cnet/kernels/optimizer.h"
#include "cnet/kernels/pooling.h"
#include "cnet/kernels/random.h"
#include "cnet/kernels/reduction.h"
#include "cnet/kernels/transfer.h"
#include "cnet/kernels/user_kernel.h"

namespace cnet {
namespace {

template <typename... Tables>
void RegisterCpuTablesAsCuda() {
    (kernels::RegisterCudaKernels(kernels::NativeKernels<Tables>()), ...);
}

// A GPU's generator is not the CPU's: one seed gives other values there. The fake device draws from the CPU's
// generator after skipping as many draws, so that code which draws on the device where it should draw on the host
// (to give the CPU's values on every device) fails here as it would on a GPU.
const kernels::RandomKernels& OtherStreamRandomKernels() {
    static const kernels::RandomKernels table{
        [](const Array& out, kernels::Distribution distribution, double a, double b) {
            const auto& cpu = kernels::NativeKernels<kernels::RandomKernels>();
            cpu.fill(Array::Empty(out.shape(), out.dtype()), distribution, a, b);
            cpu.fill(out, distribution, a, b);
        },
        [](const Array& out, int64_t low, int64_t high) {
            const auto& cpu = kernels::NativeKernels<kernels::RandomKernels>();
            cpu.randint(Array::Empty(out.shape(), out.dtype()), low, high);
            cpu.randint(out, low, high);
        },
        [](const Array& out, double ratio, double scale) {
            const auto& cpu = kernels::NativeKernels<kernels::RandomKernels>();
            cpu.dropout_mask(Array::Empty(out.shape(), out.dtype()), ratio, scale);
            cpu.dropout_mask(out, ratio, scale);
        }};
    return table;
}

class FakeCudaDevice : public ::testing::Environment {
public:
    void SetUp() override {
        if (CudaAvailable()) return;
        internal::RegisterCudaAllocator({[](size_t n, int) { return std::malloc(n == 0 ? 1 : n); },
                                         [](void* p, size_t, int) { std::free(p); }});
        internal::SetCudaDeviceReadyForTesting(0, true);
        RegisterCpuTablesAsCuda<kernels::ActivationKernels, kernels::ConnectionKernels, kernels::ConvolutionKernels,
                                kernels::CopyKernels, kernels::ElementwiseKernels, kernels::IndexingKernels,
                                kernels::LinalgKernels, kernels::LossKernels, kernels::LstmKernels,
                                kernels::NormalizationKernels, kernels::OptimizerKernels, kernels::PoolingKernels,
                                kernels::ReductionKernels, kernels::UserKernelKernels>();
        kernels::RegisterCudaKernels(OtherStreamRandomKernels());
        static const kernels::TransferKernels transfer{
            [](const Array& src, const Array& dst) { std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes()); }};
        kernels::RegisterCudaKernels(transfer);
    }
};

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new FakeCudaDevice);

}  // namespace
}  // namespace cnet
