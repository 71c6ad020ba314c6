// normalization_cudnn.cu — batch normalization on cuDNN, as Chainer runs BatchNormalization on the GPU:
// cudnnBatchNormalizationForwardTraining and cudnnBatchNormalizationBackward in spatial mode, x (A, C, B) described
// as an NCHW tensor (A, C, B, 1), so the statistics are per channel over A*B elements. cuDNN's saved mean and
// inverse standard deviation (1 / sqrt(biased variance + eps)) are the kernel interface's mean and inv_std; the
// running averages stay the caller's. Taken for float32 and float64 when the sizes fit int, a channel has more
// than one element, and eps is at least cuDNN's minimum.
#include "cuda/normalization_cudnn.cuh"

#include <algorithm>
#include <climits>
#include <memory>

#include "cuda/context.cuh"
#include "cuda/cudnn_util.cuh"

namespace cnet {
namespace cuda {
namespace {

struct Descriptors {
    cudnnDataType_t type;
    TensorDescriptor x, bn;  // bn: gamma, beta, mean and inv_std, (1, C, 1, 1)
};

// The descriptors of x viewed as (A, C, B) with C = `channels`, or null where cuDNN is not to take it.
std::unique_ptr<Descriptors> Describe(const Array& x, int64_t channels, double eps) {
    if (!UseCudnn() || eps < CUDNN_BN_MIN_EPSILON) return nullptr;
    if (x.dtype() != Dtype::kFloat32 && x.dtype() != Dtype::kFloat64) return nullptr;
    const int64_t a = x.shape()[0], b = x.size() / std::max<int64_t>(a * channels, 1);
    if (x.size() >= INT_MAX || channels == 0 || a * b <= 1) return nullptr;
    auto d = std::make_unique<Descriptors>();
    d->type = x.dtype() == Dtype::kFloat32 ? CUDNN_DATA_FLOAT : CUDNN_DATA_DOUBLE;
    const int dims[4] = {static_cast<int>(a), static_cast<int>(channels), static_cast<int>(b), 1};
    const int strides[4] = {static_cast<int>(channels * b), static_cast<int>(b), 1, 1};
    if (cudnnSetTensorNdDescriptor(d->x.get(), d->type, 4, dims, strides) != CUDNN_STATUS_SUCCESS ||
        cudnnDeriveBNTensorDescriptor(d->bn.get(), d->x.get(), CUDNN_BATCHNORM_SPATIAL) != CUDNN_STATUS_SUCCESS)
        return nullptr;
    return d;
}

bool AllContiguous(std::initializer_list<const Array*> arrays) {
    return std::all_of(arrays.begin(), arrays.end(), [](const Array* a) { return a->is_contiguous(); });
}

}  // namespace

bool CudnnBatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                           const Array& mean, const Array& inv_std) {
    if (!AllContiguous({&x, &gamma, &beta, &y, &mean, &inv_std})) return false;
    const std::unique_ptr<Descriptors> d = Describe(x, gamma.size(), eps);
    if (!d) return false;
    const int device = x.device().index();
    DeviceGuard guard(device);
    CNET_CUDNN_CHECK(cudnnBatchNormalizationForwardTraining(
        Cudnn(device), CUDNN_BATCHNORM_SPATIAL, kCudnnOne.For(d->type), kCudnnZero.For(d->type), d->x.get(),
        x.raw_data(), d->x.get(), y.raw_data(), d->bn.get(), gamma.raw_data(), beta.raw_data(), 0.0,
        /*running mean and variance: the caller's*/ nullptr, nullptr, eps, mean.raw_data(), inv_std.raw_data()));
    CountLaunch();
    return true;
}

bool CudnnBatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean,
                            const Array& inv_std, double eps, const Array& gx, const Array& ggamma,
                            const Array& gbeta) {
    if (!AllContiguous({&x, &gamma, &gy, &mean, &inv_std, &gx, &ggamma, &gbeta})) return false;
    const std::unique_ptr<Descriptors> d = Describe(x, gamma.size(), eps);
    if (!d) return false;
    const int device = x.device().index();
    DeviceGuard guard(device);
    const void* one = kCudnnOne.For(d->type);
    const void* zero = kCudnnZero.For(d->type);
    CNET_CUDNN_CHECK(cudnnBatchNormalizationBackward(
        Cudnn(device), CUDNN_BATCHNORM_SPATIAL, one, zero, one, zero, d->x.get(), x.raw_data(), d->x.get(),
        gy.raw_data(), d->x.get(), gx.raw_data(), d->bn.get(), gamma.raw_data(), ggamma.raw_data(), gbeta.raw_data(),
        eps, mean.raw_data(), inv_std.raw_data()));
    CountLaunch();
    return true;
}

}  // namespace cuda
}  // namespace cnet
