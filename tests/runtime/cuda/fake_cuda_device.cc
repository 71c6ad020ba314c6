// fake_cuda_device.cc — for runtime_cuda_tests_on_cpu (Note [GPU tests on the CPU] in cuda_test_util.h): CUDA
// device 0 made of host memory whose kernel tables are the CPU's, so the GPU tests run their arrays on "cuda:0"
// through the device seam. Every array a function, link or optimizer makes on the CPU by default and then meets a
// device array is the same "arrays are on different devices" DeviceError it would be on a GPU. On a machine with
// a CUDA device nothing is faked: the tests run on it.
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
                                kernels::RandomKernels, kernels::ReductionKernels, kernels::UserKernelKernels>();
        static const kernels::TransferKernels transfer{
            [](const Array& src, const Array& dst) { std::memcpy(dst.raw_data(), src.raw_data(), src.nbytes()); }};
        kernels::RegisterCudaKernels(transfer);
    }
};

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new FakeCudaDevice);

}  // namespace
}  // namespace cnet
