// nccl_test.cc — the GPU communicators (pure_nccl, hierarchical, flat with device arrays) under `mpirun -np N`
// (label cuda): each rank's gradients on CUDA device intra_rank, reduced there, must equal the naive
// communicator's mean of the same gradients on the host. Skips, saying why, without a device per rank (NCCL
// refuses two ranks on one device, so a 1-GPU machine runs this with N = 1).
#include <gtest/gtest.h>

#include <string>

#include "chainermn_test_util.h"
#include "cnet/chainermn/chainermn.h"
#include "cnet/core/device.h"
#include "cnet/functions/loss.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/sgd.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::Uniform;

#define CNET_REQUIRE_RANK_DEVICE(comm)                                                                    \
    do {                                                                                                  \
        std::string reason_;                                                                              \
        if (!IsDeviceAvailable(Device::Cuda((comm).intra_rank()), &reason_))                              \
            GTEST_SKIP() << "CUDA device " << (comm).intra_rank() << " is not available: " << reason_;    \
    } while (0)

std::shared_ptr<links::Linear> Model() {
    return std::make_shared<links::Linear>(5, 3, false, Uniform(Shape{3, 5}, -1, 1, Dtype::kFloat32, 3),
                                           Uniform(Shape{3}, -1, 1, Dtype::kFloat32, 4));
}

// Rank r's loss on its own batch; returns the model with its gradients.
std::shared_ptr<links::Linear> LocalGradients(const chainermn::CommunicatorBase& comm, Device device) {
    auto model = Model();
    model->to_device(device);
    Array x = Uniform(Shape{4, 5}, -1, 1, Dtype::kFloat32, 10 + comm.rank()).to_device(device);
    Array t = Uniform(Shape{4, 3}, -1, 1, Dtype::kFloat32, 20 + comm.rank()).to_device(device);
    Variable loss = functions::mean_squared_error((*model)(x), t);
    model->cleargrads();
    loss.backward();
    return model;
}

void CheckAgainstNaive(const std::string& name) {
    auto comm = chainermn::create_communicator(name);
    CNET_REQUIRE_RANK_DEVICE(*comm);
    auto naive = chainermn::create_communicator("naive");
    auto on_host = LocalGradients(*naive, Device::Cpu());
    naive->allreduce_grad(*on_host);
    auto on_device = LocalGradients(*comm, Device::Cuda(comm->intra_rank()));
    comm->allreduce_grad(*on_device);
    EXPECT_EQ(on_device->W.grad().device(), Device::Cuda(comm->intra_rank()));
    EXPECT_TRUE(testing_util::AllClose(on_device->W.grad().to_device(Device::Cpu()), on_host->W.grad(), 1e-6, 1e-5))
        << name;
    EXPECT_TRUE(testing_util::AllClose(on_device->b.grad().to_device(Device::Cpu()), on_host->b.grad(), 1e-6, 1e-5))
        << name;
}

TEST(ChainerMNGpu, PureNcclMeanEqualsTheHostMean) { CheckAgainstNaive("pure_nccl"); }
TEST(ChainerMNGpu, HierarchicalMeanEqualsTheHostMean) { CheckAgainstNaive("hierarchical"); }
TEST(ChainerMNGpu, FlatWithDeviceArraysEqualsTheHostMean) { CheckAgainstNaive("flat"); }

TEST(ChainerMNGpu, PureNcclInFloat16) {
    auto comm = chainermn::create_communicator("pure_nccl", Dtype::kFloat16);
    CNET_REQUIRE_RANK_DEVICE(*comm);
    auto naive = chainermn::create_communicator("naive");
    auto on_host = LocalGradients(*naive, Device::Cpu());
    naive->allreduce_grad(*on_host);
    auto on_device = LocalGradients(*comm, Device::Cuda(comm->intra_rank()));
    comm->allreduce_grad(*on_device);
    EXPECT_EQ(on_device->W.grad().dtype(), Dtype::kFloat32);  // reduced in float16, handed back in float32
    EXPECT_TRUE(testing_util::AllClose(on_device->W.grad().to_device(Device::Cpu()), on_host->W.grad(), 2e-3, 2e-3));
}

TEST(ChainerMNGpu, MultiNodeOptimizerKeepsDeviceParametersIdentical) {
    auto comm = chainermn::create_communicator("pure_nccl");
    CNET_REQUIRE_RANK_DEVICE(*comm);
    const Device device = Device::Cuda(comm->intra_rank());
    auto model = Model();
    model->to_device(device);
    auto optimizer = chainermn::create_multi_node_optimizer(std::make_shared<optimizers::SGD>(0.1), comm);
    optimizer->setup(model);
    for (int step = 0; step < 3; ++step) {
        Array x = Uniform(Shape{4, 5}, -1, 1, Dtype::kFloat32, 30 + step + comm->rank()).to_device(device);
        Array t = Uniform(Shape{4, 3}, -1, 1, Dtype::kFloat32, 40 + step + comm->rank()).to_device(device);
        optimizer->update([&] { return functions::mean_squared_error((*model)(x), t); });
    }
    EXPECT_EQ(optimizer->t, 2);
    EXPECT_TRUE(testing_util::SameOnAllRanks(*comm, model->W.array().to_device(Device::Cpu())));
}

}  // namespace
}  // namespace cnet
