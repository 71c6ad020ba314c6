// normalization_test.cc — the CUDA batch-normalization kernels on both paths, cuDNN (chainer.config.use_cudnn
// 'auto') and the backend's own kernels ('never', and arrays cuDNN is not given: one element per channel), against
// the CPU: y, the saved mean and inverse standard deviation, and the three gradients, for image-shaped, 2-d and
// 3-d inputs in float32 and float64.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/kernels/normalization.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::ExpectClose;
using cuda_test::Gpu;
using cuda_test::Uniform;

struct Results {
    Array y, mean, inv_std, gx, ggamma, gbeta;
};

Results Compute(const Shape& x_shape, int64_t channels, Dtype dtype, double eps, Device device) {
    const Array x = Uniform(x_shape, dtype, -2, 2, 1).to_device(device),
                gamma = Uniform(Shape{channels}, dtype, 0.5, 1.5, 2).to_device(device),
                beta = Uniform(Shape{channels}, dtype, -1, 1, 3).to_device(device),
                gy = Uniform(x_shape, dtype, -1, 1, 4).to_device(device);
    Results r{Array::Empty(x_shape, dtype, device),    Array::Empty(Shape{channels}, dtype, device),
              Array::Empty(Shape{channels}, dtype, device), Array::Empty(x_shape, dtype, device),
              Array::Empty(Shape{channels}, dtype, device), Array::Empty(Shape{channels}, dtype, device)};
    kernels::BatchNormForward(x, gamma, beta, eps, r.y, r.mean, r.inv_std);
    kernels::BatchNormBackward(x, gamma, gy, r.mean, r.inv_std, eps, r.gx, r.ggamma, r.gbeta);
    return r;
}

void ExpectResultsClose(const Results& gpu, const Results& cpu, const std::string& what) {
    ExpectClose(gpu.y, cpu.y, what + ": y");
    ExpectClose(gpu.mean, cpu.mean, what + ": mean");
    ExpectClose(gpu.inv_std, cpu.inv_std, what + ": inv_std");
    ExpectClose(gpu.gx, cpu.gx, what + ": gx");
    ExpectClose(gpu.ggamma, cpu.ggamma, what + ": ggamma");
    ExpectClose(gpu.gbeta, cpu.gbeta, what + ": gbeta");
}

TEST(CudnnBatchNormalizationTest, BothPathsMatchTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    struct Case {
        std::string name;
        Shape x;
        int64_t channels;
        double eps;
    };
    const std::vector<Case> cases = {
        {"(8, 3, 5, 5), Chainer's eps", Shape{8, 3, 5, 5}, 3, 2e-5},
        {"(16, 4), eps 0", Shape{16, 4}, 4, 0.0},
        {"(2, 3, 7)", Shape{2, 3, 7}, 3, 1e-3},
        {"(1, 3): one element per channel", Shape{1, 3}, 3, 2e-5},
    };
    for (Dtype dtype : {Dtype::kFloat32, Dtype::kFloat64}) {
        for (const Case& c : cases) {
            const std::string what = c.name + " " + DtypeName(dtype);
            const Results cpu = Compute(c.x, c.channels, dtype, c.eps, Device::Cpu());
            ExpectResultsClose(Compute(c.x, c.channels, dtype, c.eps, Gpu()), cpu, what + ", use_cudnn 'auto'");
            using_config never("use_cudnn", "never");
            ExpectResultsClose(Compute(c.x, c.channels, dtype, c.eps, Gpu()), cpu, what + ", use_cudnn 'never'");
        }
    }
}

}  // namespace
}  // namespace cnet
