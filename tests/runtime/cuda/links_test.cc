// links_test.cc — links on the GPU where device-agnostic code builds arrays of its own: BatchNormalization's
// stand-ins for an unused gamma/beta and its lazily sized statistics, NStepLSTM's zero initial state, and
// parameters created later than to_gpu() (a lazy link's copy, load_npz or copyparams into a lazy link, a copy in
// "init" mode, a lazy LSTM's gate blocks), each against the same link on the CPU; and StandardUpdater(device=0)
// moving the model, as Chainer's does.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/core/random.h"
#include "cnet/links/linear.h"
#include "cnet/links/lstm.h"
#include "cnet/links/n_step_rnn.h"
#include "cnet/links/normalization.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/serializers/npz.h"
#include "cnet/training/training.h"
#include "cuda_test_util.h"
#include "training/training_test_util.h"

namespace cnet {
namespace {

using cuda_test::ExpectClose;
using cuda_test::Gpu;
using cuda_test::Uniform;

// BatchNormalization without gamma and beta, and one sized by its first input, in training and in test mode.
TEST(CudaLinksTest, BatchNormalizationStandInsAndLazyStatisticsLiveOnTheInputsDevice) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array x = Uniform(Shape{4, 3, 2, 2}, Dtype::kFloat32, -1, 1, 1);
    auto make = [](bool lazy) {
        return lazy ? std::make_shared<links::BatchNormalization>()
                    : std::make_shared<links::BatchNormalization>(3, 0.9, 2e-5, Dtype::kFloat32, false, false);
    };
    for (bool lazy : {false, true}) {
        const std::string what = lazy ? "size None" : "use_gamma=False, use_beta=False";
        auto cpu = make(lazy), gpu = make(lazy);
        gpu->to_device(Gpu());
        ExpectClose((*gpu)(Variable(x.to_device(Gpu()))).array(), (*cpu)(Variable(x)).array(), what + ": train");
        EXPECT_EQ(gpu->avg_mean().device(), Gpu()) << what;
        ExpectClose(gpu->avg_mean(), cpu->avg_mean(), what + ": avg_mean");
        ExpectClose(gpu->avg_var(), cpu->avg_var(), what + ": avg_var");
        using_config test_mode("train", false);
        ExpectClose((*gpu)(Variable(x.to_device(Gpu()))).array(), (*cpu)(Variable(x)).array(), what + ": test");
    }
}

TEST(CudaLinksTest, NStepLstmWithoutAnInitialStateStartsFromZerosOnTheGpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    links::NStepLSTM cpu(2, 3, 4, 0.0, 0.1, 0.05), gpu(2, 3, 4, 0.0, 0.1, 0.05);
    gpu.to_device(Gpu());
    const std::vector<Array> xs = {Uniform(Shape{3, 3}, Dtype::kFloat32, -1, 1, 2),
                                   Uniform(Shape{2, 3}, Dtype::kFloat32, -1, 1, 3)};
    VarList cpu_xs, gpu_xs;
    for (const Array& a : xs) {
        cpu_xs.push_back(Variable(a));
        gpu_xs.push_back(Variable(a.to_device(Gpu())));
    }
    const auto [hy_c, cy_c, ys_c] = cpu(Variable(), Variable(), cpu_xs);
    const auto [hy_g, cy_g, ys_g] = gpu(Variable(), Variable(), gpu_xs);
    ExpectClose(hy_g.array(), hy_c.array(), "hy");
    ExpectClose(cy_g.array(), cy_c.array(), "cy");
    for (size_t i = 0; i < ys_c.size(); ++i) ExpectClose(ys_g[i].array(), ys_c[i].array(), "ys " + std::to_string(i));
}

// Parameters made after to_gpu(): they belong on the link's device, as Chainer's do.
TEST(CudaLinksTest, ParametersCreatedAfterToGpuAreCreatedOnTheGpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array x = Uniform(Shape{2, 4}, Dtype::kFloat32, -1, 1, 4);
    links::Linear source(4, 3, false, 0.25, 0.5);
    {  // a lazy link's copy, initialized by its first input
        links::Linear lazy(std::nullopt, 3, false, 0.25, 0.5);
        lazy.to_device(Gpu());
        auto copy = std::static_pointer_cast<links::Linear>(lazy.copy("copy"));
        ExpectClose((*copy)(Variable(x.to_device(Gpu()))).array(), source(Variable(x)).array(), "copy of a lazy link");
        EXPECT_EQ(copy->W.device(), Gpu());
    }
    {  // copy(mode='init') of a GPU link
        links::Linear gpu(4, 3, false, 0.25, 0.5);
        gpu.to_device(Gpu());
        auto fresh = std::static_pointer_cast<links::Linear>(gpu.copy("init"));
        EXPECT_EQ(fresh->W.device(), Gpu());
        ExpectClose(fresh->W.array(), source.W.array(), "copy('init')");
    }
    {  // load_npz into a lazy GPU link
        training::testing::TempDir tmp;
        serializers::save_npz(tmp.file("linear.npz"), source);
        links::Linear lazy(std::nullopt, 3);
        lazy.to_device(Gpu());
        serializers::load_npz(tmp.file("linear.npz"), lazy);
        EXPECT_EQ(lazy.W.device(), Gpu());
        ExpectClose(lazy(Variable(x.to_device(Gpu()))).array(), source(Variable(x)).array(), "load_npz");
    }
    {  // copyparams into a lazy GPU link
        links::Linear lazy(std::nullopt, 3);
        lazy.to_device(Gpu());
        lazy.copyparams(source);
        EXPECT_EQ(lazy.W.device(), Gpu());
        ExpectClose(lazy(Variable(x.to_device(Gpu()))).array(), source(Variable(x)).array(), "copyparams");
    }
}

// A lazy LSTM moved to the GPU before its first input draws its gate blocks on the host, as every other
// parameter is drawn: one seed, the same initial values on both devices.
TEST(CudaLinksTest, LazyLstmDrawsTheSameInitialWeightsOnTheGpuAsOnTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array x = Uniform(Shape{2, 5}, Dtype::kFloat32, -1, 1, 6);
    random::seed(11);
    links::LSTM cpu(std::nullopt, 3);
    const Array y_cpu = cpu(Variable(x)).array();
    random::seed(11);
    links::LSTM gpu(std::nullopt, 3);
    gpu.to_device(Gpu());
    const Array y_gpu = gpu(Variable(x.to_device(Gpu()))).array();
    EXPECT_EQ(gpu.upward->W.device(), Gpu());
    ExpectClose(gpu.upward->W.array(), cpu.upward->W.array(), "upward.W");
    ExpectClose(gpu.lateral->W.array(), cpu.lateral->W.array(), "lateral.W");
    ExpectClose(gpu.upward->b.array(), cpu.upward->b.array(), "upward.b (forget gate bias 1)");
    ExpectClose(y_gpu, y_cpu, "h");
}

TEST(CudaLinksTest, StandardUpdaterWithADeviceMovesTheModelThere) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);
    auto model = std::make_shared<links::Linear>(4, 3);
    auto optimizer = std::make_shared<optimizers::MomentumSGD>();
    optimizer->setup(model);
    auto dataset = std::make_shared<datasets::TupleDataset>(Uniform(Shape{6, 4}, Dtype::kFloat32, -1, 1, 5));
    auto iter = std::make_shared<iterators::SerialIterator>(dataset, 2);
    training::updaters::StandardUpdater updater(iter, optimizer, training::ConverterArg{}, 0);
    EXPECT_EQ(model->W.device(), Gpu());
    EXPECT_EQ(model->b.device(), Gpu());
}

}  // namespace
}  // namespace cnet
