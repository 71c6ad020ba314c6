// convolution_test.cc — the CUDA convolution kernels' two paths: cuDNN (chainer.config.use_cudnn 'auto', where it
// takes the geometry) and the reference path (im2col + cuBLAS; 'never', and the geometries cuDNN does not take:
// cover_all's extra output). Each is checked against the CPU for the three products
// (forward with bias, backward data, backward weights), in float32 and float64; launch counts show which path ran
// (cuDNN: one call per product, the reference path: a GEMM per sample). Then the cuDNN settings Chainer has:
// cudnn_deterministic (bitwise repeatable), autotune, and the workspace limit; and inputs at unaligned offsets.
// (A deconvolution's outsize needs no case of its own: its geometry is a convolution's with the same padding on both
// sides.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/backends/cuda.h"
#include "cnet/core/config.h"
#include "cnet/cuda/counters.h"
#include "cnet/kernels/convolution.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::ExpectClose;
using cuda_test::Gpu;
using cuda_test::Uniform;
using kernels::ConvParams;

struct Geometry {
    std::string name;
    Shape x, w, y;
    ConvParams p;
    bool cudnn;  // cuDNN computes it (equal padding on both sides of every axis)
};

ConvParams Params(Dims k, Dims s, Dims pad, Dims d, int64_t groups = 1) { return ConvParams{k, s, pad, d, groups}; }

std::vector<Geometry> Geometries() {
    return {
        {"2-d, stride 2, pad 1", {4, 3, 7, 7}, {5, 3, 3, 3}, {4, 5, 4, 4}, Params({3, 3}, {2, 2}, {1, 1}, {1, 1}), true},
        {"2-d, groups 2", {3, 4, 6, 6}, {6, 2, 3, 3}, {3, 6, 6, 6}, Params({3, 3}, {1, 1}, {1, 1}, {1, 1}, 2), true},
        {"2-d, dilate 2", {2, 3, 9, 9}, {4, 3, 3, 3}, {2, 4, 9, 9}, Params({3, 3}, {1, 1}, {2, 2}, {2, 2}), true},
        {"1-d", {2, 3, 10}, {4, 3, 3}, {2, 4, 10}, Params({3}, {1}, {1}, {1}), true},
        {"3-d", {2, 2, 5, 5, 5}, {3, 2, 2, 2, 2}, {2, 3, 4, 4, 4}, Params({2, 2, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}),
         true},
        // cover_all: (6 - 3) / 2 + 1 = 2 outputs become 3, the last window reaching past the padding
        {"2-d, cover_all", {2, 3, 6, 6}, {4, 3, 3, 3}, {2, 4, 3, 3}, Params({3, 3}, {2, 2}, {0, 0}, {1, 1}), false},
    };
}

struct Products {
    Array y, gx, gW;
};

// The three products on `device`, and the launches each made.
Products Compute(const Geometry& g, Dtype dtype, Device device, std::vector<int64_t>* launches = nullptr) {
    const Array x = Uniform(g.x, dtype, -1, 1, 1).to_device(device), W = Uniform(g.w, dtype, -1, 1, 2).to_device(device),
                b = Uniform(Shape{g.w[0]}, dtype, -1, 1, 3).to_device(device),
                gy = Uniform(g.y, dtype, -1, 1, 4).to_device(device);
    Products r{Array::Empty(g.y, dtype, device), Array::Empty(g.x, dtype, device), Array::Empty(g.w, dtype, device)};
    int64_t before = cuda::launch_count();
    auto count = [&] {
        if (launches) launches->push_back(cuda::launch_count() - before);
        before = cuda::launch_count();
    };
    kernels::ConvolutionForward(x, W, b, g.p, r.y);
    count();
    kernels::ConvolutionBackwardData(gy, W, g.p, r.gx);
    count();
    kernels::ConvolutionBackwardWeights(x, gy, g.p, r.gW);
    count();
    return r;
}

// `loose` scales the tolerances: for the algorithms a larger workspace or autotuning can pick (FFT, Winograd),
// whose float32 error is spread over every output instead of growing with each one's magnitude.
void ExpectProductsClose(const Products& gpu, const Products& cpu, const std::string& what, double loose = 1) {
    const double rtol = cuda_test::RtolFor(cpu.y.dtype()), atol = loose * cuda_test::AtolFor(cpu.y.dtype());
    ExpectClose(gpu.y, cpu.y, what + ": forward", rtol, atol);
    ExpectClose(gpu.gx, cpu.gx, what + ": backward data", rtol, atol);
    ExpectClose(gpu.gW, cpu.gW, what + ": backward weights", rtol, atol);
}

class CudnnConvolutionTest : public ::testing::TestWithParam<Dtype> {
protected:
    void SetUp() override { CNET_REQUIRE_CUDA_DEVICE(0); }
};

TEST_P(CudnnConvolutionTest, BothPathsMatchTheCpu) {
    for (const Geometry& g : Geometries()) {
        const std::string what = g.name + " (" + DtypeName(GetParam()) + ")";
        const Products cpu = Compute(g, GetParam(), Device::Cpu());
        std::vector<int64_t> cudnn_launches, reference_launches;
        ExpectProductsClose(Compute(g, GetParam(), Gpu(), &cudnn_launches), cpu, what + ", use_cudnn 'auto'");
        {
            using_config never("use_cudnn", "never");
            ExpectProductsClose(Compute(g, GetParam(), Gpu(), &reference_launches), cpu, what + ", use_cudnn 'never'");
        }
        // cuDNN: the convolution and the bias addition, then one call per gradient; the reference path makes a
        // GEMM per sample (and an im2col), so it always makes more.
        if (!cuda_test::kRealGpu) continue;  // no launches to count on the CPU stand-in
        if (g.cudnn) {
            EXPECT_EQ(cudnn_launches, (std::vector<int64_t>{2, 1, 1})) << what;
            for (int k = 0; k < 3; ++k) EXPECT_GT(reference_launches[k], cudnn_launches[k]) << what << " product " << k;
        } else {
            EXPECT_EQ(cudnn_launches, reference_launches) << what << ": cuDNN cannot take it; the reference path runs";
        }
    }
}

TEST_P(CudnnConvolutionTest, DeterministicAlgorithmsRepeatBitwise) {
    using_config deterministic("cudnn_deterministic", true);
    for (const Geometry& g : Geometries()) {
        const Products a = Compute(g, GetParam(), Gpu()), b = Compute(g, GetParam(), Gpu());
        const Products cpu = Compute(g, GetParam(), Device::Cpu());
        ExpectProductsClose(a, cpu, g.name + ", cudnn_deterministic");
        EXPECT_EQ(a.gx.to_device(Device::Cpu()).to_vector<double>(), b.gx.to_device(Device::Cpu()).to_vector<double>())
            << g.name;
        EXPECT_EQ(a.gW.to_device(Device::Cpu()).to_vector<double>(), b.gW.to_device(Device::Cpu()).to_vector<double>())
            << g.name;
    }
}

TEST_P(CudnnConvolutionTest, AutotuneAndWorkspaceLimitsKeepTheResults) {
    const int64_t saved = cuda::get_max_workspace_size();
    for (const Geometry& g : Geometries()) {
        const Products cpu = Compute(g, GetParam(), Device::Cpu());
        {
            using_config autotune("autotune", true);
            ExpectProductsClose(Compute(g, GetParam(), Gpu()), cpu, g.name + ", autotune", 5);
        }
        // No workspace at all: cuDNN's implicit-GEMM algorithms need none, so cuDNN still runs.
        cuda::set_max_workspace_size(0);
        std::vector<int64_t> launches;
        ExpectProductsClose(Compute(g, GetParam(), Gpu(), &launches), cpu, g.name + ", no workspace");
        if (g.cudnn && cuda_test::kRealGpu) {
            EXPECT_EQ(launches[0], 2) << g.name << ": forward with no workspace";
        }
        cuda::set_max_workspace_size(1 << 30);
        ExpectProductsClose(Compute(g, GetParam(), Gpu()), cpu, g.name + ", 1 GiB workspace", 5);
        cuda::set_max_workspace_size(saved);
    }
}

// Inputs that are views at an odd offset (x[1:], W[1:]): not 16-byte aligned, which cuDNN's engines may reject;
// the backend gives cuDNN aligned copies.
TEST_P(CudnnConvolutionTest, InputViewsAtOddOffsetsMatchTheCpu) {
    const Geometry g = Geometries()[0];  // a copy: Geometries() returns a temporary
    const Dtype d = GetParam();
    Shape xs = g.x, ws = g.w;
    ++xs[0], ++ws[0];
    const Array x_all = Uniform(xs, d, -1, 1, 5), w_all = Uniform(ws, d, -1, 1, 6), gy = Uniform(g.y, d, -1, 1, 7);
    auto run = [&](Device device) {
        const Array xa = x_all.to_device(device), wa = w_all.to_device(device), gya = gy.to_device(device);
        const Array x = xa.as_strided(g.x, xa.strides(), g.x.prod() / g.x[0]);  // x_all[1:]
        const Array W = wa.as_strided(g.w, wa.strides(), g.w.prod() / g.w[0]);  // W_all[1:]
        Products r{Array::Empty(g.y, d, device), Array::Empty(g.x, d, device), Array::Empty(g.w, d, device)};
        kernels::ConvolutionForward(x, W, Array(), g.p, r.y);
        kernels::ConvolutionBackwardData(gya.as_strided(g.y, gya.strides(), 0), W, g.p, r.gx);
        kernels::ConvolutionBackwardWeights(x, gya, g.p, r.gW);
        return r;
    };
    ExpectProductsClose(run(Gpu()), run(Device::Cpu()), g.name + ", inputs at an odd offset");
}

INSTANTIATE_TEST_SUITE_P(Dtypes, CudnnConvolutionTest, ::testing::Values(Dtype::kFloat32, Dtype::kFloat64),
                         [](const auto& info) { return std::string(DtypeName(info.param)); });

}  // namespace
}  // namespace cnet
