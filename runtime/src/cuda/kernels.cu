// kernels.cu — registers the CUDA kernel table of every family with the device seam (Note [Device seam] in
// cnet/kernels/dispatch.h); called once from Initialize (device.cu). A family or entry missing here throws
// DeviceError naming it when used on a CUDA device.
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
#include "cuda/activation.cuh"
#include "cuda/conv_pool.cuh"
#include "cuda/copy.cuh"
#include "cuda/elementwise.cuh"
#include "cuda/families.cuh"
#include "cuda/indexing.cuh"
#include "cuda/linalg.cuh"
#include "cuda/reduction.cuh"
#include "cuda/registry.cuh"

namespace cnet {
namespace cuda {

namespace {

// A family's table from all of its entries: one entry short is a compile error here (aggregate initialisation
// would leave it null, a DeviceError found only when a GPU runs it).
template <typename Table, typename... Entries>
Table Complete(Entries... entries) {
    static_assert(sizeof(Table) == sizeof...(Entries) * sizeof(void (*)()), "a CUDA kernel table misses entries");
    return Table{entries...};
}

}  // namespace

void RegisterKernelTables() {
    static const auto activation = Complete<kernels::ActivationKernels>(&cuda::ActivationForward, &cuda::ActivationGrad,
                                                                        &cuda::Softmax, &cuda::SoftmaxGrad);
    static const auto connection = Complete<kernels::ConnectionKernels>(&cuda::EmbedGather, &cuda::EmbedScatterAdd);
    static const auto convolution = Complete<kernels::ConvolutionKernels>(
        &cuda::Im2Col, &cuda::Col2Im, &cuda::ConvolutionForward, &cuda::ConvolutionBackwardData,
        &cuda::ConvolutionBackwardWeights, &cuda::ConvolutionUsesOneDnn);
    static const auto copy = Complete<kernels::CopyKernels>(&cuda::Fill, &cuda::Copy);
    static const auto elementwise = Complete<kernels::ElementwiseKernels>(
        &cuda::Unary, &cuda::Binary, &cuda::BinaryScalar, &cuda::Where, &cuda::Clip);
    static const auto indexing =
        Complete<kernels::IndexingKernels>(&cuda::GatherBlocks, &cuda::ScatterBlocks, &cuda::FlatNonzero);
    static const auto linalg = Complete<kernels::LinalgKernels>(&cuda::Gemm, &cuda::GemmBatched);
    static const auto loss =
        Complete<kernels::LossKernels>(&cuda::SoftmaxCrossEntropyForward, &cuda::SoftmaxCrossEntropyBackward,
                                       &cuda::SigmoidCrossEntropyForward, &cuda::SigmoidCrossEntropyBackward);
    static const auto lstm = Complete<kernels::LstmKernels>(&cuda::LstmForward, &cuda::LstmBackward);
    static const auto normalization =
        Complete<kernels::NormalizationKernels>(&cuda::BatchNormForward, &cuda::BatchNormBackward);
    static const auto pooling = Complete<kernels::PoolingKernels>(
        &cuda::MaxPoolingForward, &cuda::MaxPoolingBackward, &cuda::MaxPoolingGather, &cuda::AveragePoolingForward,
        &cuda::AveragePoolingBackward, &cuda::PoolingIndexMask, &cuda::RoiPoolingForward, &cuda::RoiPoolingBackward);
    static const auto optimizer =
        Complete<kernels::OptimizerKernels>(&cuda::Update, &cuda::ApplyGradHook, &cuda::SquaredNorm);
    static const auto random =
        Complete<kernels::RandomKernels>(&cuda::RandomFill, &cuda::RandomInt, &cuda::DropoutMask);
    static const auto reduction =
        Complete<kernels::ReductionKernels>(&cuda::Reduce, &cuda::ArgReduce, &cuda::Cumsum, &cuda::ExclusiveProducts);
    static const auto transfer = Complete<kernels::TransferKernels>(&cuda::Transfer);
    static const auto user_kernel = Complete<kernels::UserKernelKernels>(&cuda::RunUserKernel);
    kernels::RegisterCudaKernels(activation);
    kernels::RegisterCudaKernels(connection);
    kernels::RegisterCudaKernels(convolution);
    kernels::RegisterCudaKernels(copy);
    kernels::RegisterCudaKernels(elementwise);
    kernels::RegisterCudaKernels(indexing);
    kernels::RegisterCudaKernels(linalg);
    kernels::RegisterCudaKernels(loss);
    kernels::RegisterCudaKernels(lstm);
    kernels::RegisterCudaKernels(normalization);
    kernels::RegisterCudaKernels(optimizer);
    kernels::RegisterCudaKernels(pooling);
    kernels::RegisterCudaKernels(random);
    kernels::RegisterCudaKernels(reduction);
    kernels::RegisterCudaKernels(transfer);
    kernels::RegisterCudaKernels(user_kernel);
}

}  // namespace cuda
}  // namespace cnet
