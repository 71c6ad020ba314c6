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

void RegisterKernelTables() {
    static const kernels::ActivationKernels activation{&cuda::ActivationForward, &cuda::ActivationGrad, &cuda::Softmax,
                                                       &cuda::SoftmaxGrad};
    static const kernels::ConnectionKernels connection{&cuda::EmbedGather, &cuda::EmbedScatterAdd};
    static const kernels::ConvolutionKernels convolution{&cuda::Im2Col,
                                                         &cuda::Col2Im,
                                                         &cuda::ConvolutionForward,
                                                         &cuda::ConvolutionBackwardData,
                                                         &cuda::ConvolutionBackwardWeights,
                                                         &cuda::ConvolutionUsesOneDnn};
    static const kernels::CopyKernels copy{&cuda::Fill, &cuda::Copy};
    static const kernels::ElementwiseKernels elementwise{&cuda::Unary, &cuda::Binary, &cuda::BinaryScalar, &cuda::Where,
                                                         &cuda::Clip};
    static const kernels::IndexingKernels indexing{&cuda::GatherBlocks, &cuda::ScatterBlocks, &cuda::FlatNonzero};
    static const kernels::LinalgKernels linalg{&cuda::Gemm, &cuda::GemmBatched};
    static const kernels::LossKernels loss{&cuda::SoftmaxCrossEntropyForward, &cuda::SoftmaxCrossEntropyBackward,
                                           &cuda::SigmoidCrossEntropyForward, &cuda::SigmoidCrossEntropyBackward};
    static const kernels::LstmKernels lstm{&cuda::LstmForward, &cuda::LstmBackward};
    static const kernels::NormalizationKernels normalization{&cuda::BatchNormForward, &cuda::BatchNormBackward};
    static const kernels::PoolingKernels pooling{&cuda::MaxPoolingForward,
                                                 &cuda::MaxPoolingBackward,
                                                 &cuda::MaxPoolingGather,
                                                 &cuda::AveragePoolingForward,
                                                 &cuda::AveragePoolingBackward,
                                                 &cuda::PoolingIndexMask,
                                                 &cuda::RoiPoolingForward,
                                                 &cuda::RoiPoolingBackward};
    static const kernels::OptimizerKernels optimizer{&cuda::Update, &cuda::ApplyGradHook, &cuda::SquaredNorm};
    static const kernels::RandomKernels random{&cuda::RandomFill, &cuda::RandomInt, &cuda::DropoutMask};
    static const kernels::ReductionKernels reduction{&cuda::Reduce, &cuda::ArgReduce, &cuda::Cumsum};
    static const kernels::TransferKernels transfer{&cuda::Transfer};
    static const kernels::UserKernelKernels user_kernel{&cuda::RunUserKernel};
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
