// trainer_test.cc — the MNIST example's training loop end to end on the GPU (model.to_gpu(0), StandardUpdater
// with device=0, the Trainer with snapshot_object): the trained parameters match a CPU run from the same
// initial weights, and the npz snapshot written from the GPU model loads back into a CPU model.
#include <gtest/gtest.h>

#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/activation.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/serializers/npz.h"
#include "cnet/training/training.h"
#include "cuda_test_util.h"
#include "training/training_test_util.h"

namespace cnet {
namespace {

namespace E = training::extensions;

// Chainer's MNIST example MLP: l1 -> relu -> l2 -> relu -> l3, from fixed initial weights.
class MLP : public Chain {
public:
    MLP() {
        auto scope = init_scope();
        l1 = add_link("l1", std::make_shared<links::Linear>(
                                4, 8, false, cuda_test::Uniform(Shape{8, 4}, Dtype::kFloat32, -0.5, 0.5, 1)));
        l2 = add_link("l2", std::make_shared<links::Linear>(
                                8, 8, false, cuda_test::Uniform(Shape{8, 8}, Dtype::kFloat32, -0.5, 0.5, 2)));
        l3 = add_link("l3", std::make_shared<links::Linear>(
                                8, 3, false, cuda_test::Uniform(Shape{3, 8}, Dtype::kFloat32, -0.5, 0.5, 3)));
    }
    Variable call(const std::vector<Variable>& args) override {
        const Variable h1 = functions::relu((*l1)(args.at(0)));
        const Variable h2 = functions::relu((*l2)(h1));
        return (*l3)(h2);
    }
    std::shared_ptr<links::Linear> l1, l2, l3;
};

std::shared_ptr<datasets::TupleDataset> Dataset() {
    const Array x = cuda_test::Uniform(Shape{48, 4}, Dtype::kFloat32, -1, 1, 4);
    std::vector<int32_t> t;
    for (int64_t i = 0; i < 48; ++i)
        t.push_back(x.at_flat(i * 4) > x.at_flat(i * 4 + 1) ? 0 : (x.at_flat(i * 4 + 2) > 0 ? 1 : 2));
    return std::make_shared<datasets::TupleDataset>(x, Array::FromVector(t, Shape{48}));
}

// Trains 3 epochs of batch 12 (no shuffle) on `device` (-1: CPU), snapshotting the model into `out`.
std::shared_ptr<links::Classifier> Train(int device, const std::string& out) {
    auto model = std::make_shared<links::Classifier>(std::make_shared<MLP>());
    if (device >= 0) model->to_gpu(device);
    auto optimizer = std::make_shared<optimizers::MomentumSGD>(0.1, 0.9);
    optimizer->setup(model);
    auto iter = std::make_shared<iterators::SerialIterator>(Dataset(), 12, true, false);
    auto updater = std::make_shared<training::updaters::StandardUpdater>(
        iter, optimizer, training::ConverterArg{}, device >= 0 ? std::optional<int>(device) : std::nullopt);
    training::Trainer trainer(updater, training::TriggerArg(3, "epoch"), out);
    trainer.extend(E::snapshot_object(model, "model_epoch_{.updater.epoch}"), std::nullopt, {3, "epoch"});
    trainer.run();
    return model;
}

TEST(CudaTrainerTest, MlpTrainsOnGpuLikeOnCpuAndItsSnapshotLoadsOnCpu) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);  // to_gpu(0)
    training::testing::TempDir tmp;
    const auto cpu_model = Train(-1, tmp.file("cpu"));
    const auto gpu_model = Train(0, tmp.file("gpu"));
    const auto cpu_params = cpu_model->namedparams(), gpu_params = gpu_model->namedparams();
    ASSERT_EQ(cpu_params.size(), gpu_params.size());
    for (size_t i = 0; i < cpu_params.size(); ++i) {
        EXPECT_EQ(gpu_params[i].second.device(), Device::Cuda(0)) << gpu_params[i].first;
        cuda_test::ExpectClose(gpu_params[i].second.array(), cpu_params[i].second.array(), gpu_params[i].first);
    }
    // The snapshot of the GPU model loads into a fresh CPU model with the GPU model's values.
    auto loaded = std::make_shared<links::Classifier>(std::make_shared<MLP>());
    serializers::load_npz(tmp.file("gpu/model_epoch_3"), loaded);
    const auto loaded_params = loaded->namedparams();
    for (size_t i = 0; i < loaded_params.size(); ++i) {
        EXPECT_EQ(loaded_params[i].second.device(), Device::Cpu());
        cuda_test::ExpectClose(gpu_params[i].second.array(), loaded_params[i].second.array(), loaded_params[i].first);
    }
}

}  // namespace
}  // namespace cnet
