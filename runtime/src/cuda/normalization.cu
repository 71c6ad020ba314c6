// normalization.cu — batch normalization on CUDA (kernels/normalization.h): cuDNN where it takes the arrays and
// chainer.config.use_cudnn allows it (normalization_cudnn.cu); otherwise one block per channel computes the
// two-pass mean and variance in double (the CPU's method, native/normalization.cc) with a shared-memory tree,
// then the block normalizes its channel; the backward sums gy and gy * x_hat the same way.
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/normalization_cudnn.cuh"

namespace cnet {
namespace cuda {
namespace {

// Sum of v over the block (blockDim.x == kThreads); every thread gets the result.
__device__ inline double BlockSum(double v, double* shared) {
    shared[threadIdx.x] = v;
    __syncthreads();
    for (int width = blockDim.x / 2; width > 0; width /= 2) {
        if (static_cast<int>(threadIdx.x) < width) shared[threadIdx.x] += shared[threadIdx.x + width];
        __syncthreads();
    }
    const double total = shared[0];
    __syncthreads();  // shared is reused by the next sum
    return total;
}

// x as (A, C, B): element (i, c, j) at (i * C + c) * B + j.
struct Layout {
    int64_t a, c, b;
};

template <typename T>
__global__ void BatchNormForwardKernel(Layout l, const T* x, const T* gamma, const T* beta, double eps, T* y, T* mean,
                                       T* inv_std) {
    __shared__ double shared[kThreads];
    const int64_t m = l.a * l.b;
    for (int64_t c = blockIdx.x; c < l.c; c += gridDim.x) {
        double sum = 0;
        for (int64_t e = threadIdx.x; e < m; e += blockDim.x) sum += x[((e / l.b) * l.c + c) * l.b + e % l.b];
        const double mu = BlockSum(sum, shared) / static_cast<double>(m);
        double sq = 0;
        for (int64_t e = threadIdx.x; e < m; e += blockDim.x) {
            const double d = x[((e / l.b) * l.c + c) * l.b + e % l.b] - mu;
            sq += d * d;
        }
        const double inv = 1.0 / sqrt(BlockSum(sq, shared) / static_cast<double>(m) + eps);
        if (threadIdx.x == 0) {
            mean[c] = static_cast<T>(mu);
            inv_std[c] = static_cast<T>(inv);
        }
        const T scale = static_cast<T>(gamma[c] * inv), shift = static_cast<T>(beta[c] - gamma[c] * inv * mu);
        for (int64_t e = threadIdx.x; e < m; e += blockDim.x) {
            const int64_t o = ((e / l.b) * l.c + c) * l.b + e % l.b;
            y[o] = x[o] * scale + shift;
        }
    }
}

template <typename T>
__global__ void BatchNormBackwardKernel(Layout l, const T* x, const T* gamma, const T* gy, const T* mean,
                                        const T* inv_std, T* gx, T* ggamma, T* gbeta) {
    __shared__ double shared[kThreads];
    const int64_t m = l.a * l.b;
    for (int64_t c = blockIdx.x; c < l.c; c += gridDim.x) {
        const double mu = mean[c], inv = inv_std[c];
        double s_gy = 0, s_gy_xhat = 0;
        for (int64_t e = threadIdx.x; e < m; e += blockDim.x) {
            const int64_t o = ((e / l.b) * l.c + c) * l.b + e % l.b;
            s_gy += gy[o];
            s_gy_xhat += gy[o] * (x[o] - mu) * inv;
        }
        const double sum_gy = BlockSum(s_gy, shared), sum_gy_xhat = BlockSum(s_gy_xhat, shared);
        if (threadIdx.x == 0) {
            gbeta[c] = static_cast<T>(sum_gy);
            ggamma[c] = static_cast<T>(sum_gy_xhat);
        }
        const double k = gamma[c] * inv;
        for (int64_t e = threadIdx.x; e < m; e += blockDim.x) {
            const int64_t o = ((e / l.b) * l.c + c) * l.b + e % l.b;
            const double xhat = (x[o] - mu) * inv;
            gx[o] = static_cast<T>(k * (gy[o] - (xhat * sum_gy_xhat + sum_gy) / static_cast<double>(m)));
        }
    }
}

int ChannelBlocks(int64_t channels) {
    return static_cast<int>(std::min<int64_t>(std::max<int64_t>(channels, 1), 1 << 16));
}

}  // namespace

void BatchNormForward(const Array& x_in, const Array& gamma_in, const Array& beta_in, double eps, const Array& y,
                      const Array& mean, const Array& inv_std) {
    const Array x = x_in.as_contiguous(), gamma = gamma_in.as_contiguous(), beta = beta_in.as_contiguous();
    if (CudnnBatchNormForward(x, gamma, beta, eps, y, mean, inv_std)) return;
    const Layout l{x.shape()[0], gamma.size(), x.size() / std::max<int64_t>(x.shape()[0] * gamma.size(), 1)};
    if (l.c == 0) return;
    const int device = x.device().index();
    DeviceGuard guard(device);
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        BatchNormForwardKernel<T><<<ChannelBlocks(l.c), kThreads, 0, Stream(device)>>>(
            l, DevicePtr<const T>(x), DevicePtr<const T>(gamma), DevicePtr<const T>(beta), eps, DevicePtr<T>(y),
            DevicePtr<T>(mean), DevicePtr<T>(inv_std));
    });
    CNET_CUDA_CHECK_LAUNCH();
    CountLaunch();
}

void BatchNormBackward(const Array& x_in, const Array& gamma_in, const Array& gy_in, const Array& mean,
                       const Array& inv_std, double eps, const Array& gx, const Array& ggamma, const Array& gbeta) {
    const Array x = x_in.as_contiguous(), gamma = gamma_in.as_contiguous(), gy = gy_in.as_contiguous();
    if (CudnnBatchNormBackward(x, gamma, gy, mean, inv_std, eps, gx, ggamma, gbeta)) return;
    const Layout l{x.shape()[0], gamma.size(), x.size() / std::max<int64_t>(x.shape()[0] * gamma.size(), 1)};
    if (l.c == 0) return;
    const int device = x.device().index();
    DeviceGuard guard(device);
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        BatchNormBackwardKernel<T><<<ChannelBlocks(l.c), kThreads, 0, Stream(device)>>>(
            l, DevicePtr<const T>(x), DevicePtr<const T>(gamma), DevicePtr<const T>(gy), DevicePtr<const T>(mean),
            DevicePtr<const T>(inv_std), DevicePtr<T>(gx), DevicePtr<T>(ggamma), DevicePtr<T>(gbeta));
    });
    CNET_CUDA_CHECK_LAUNCH();
    CountLaunch();
}

}  // namespace cuda
}  // namespace cnet
