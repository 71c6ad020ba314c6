// communicator_test.cc — chainermn's communicators under `mpirun -np N` (N = 1 when run alone): ranks,
// point-to-point and object collectives, parameter broadcast, and the gradient mean against one process's
// gradient on the combined batch.
#include <gtest/gtest.h>

#include <cstdlib>

#include "chainermn_test_util.h"
#include "cnet/chainermn/communicator.h"
#include "cnet/core/random.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/linear.h"
#include "cnet/np/math.h"
#include "test_util.h"

namespace cnet {
namespace {

using chainermn::create_communicator;
using testing_util::AllClose;

TEST(ChainerMNCommunicator, RanksAndSizes) {
    auto comm = create_communicator("naive");
    EXPECT_EQ(comm->size(), testing_util::LaunchedRanks());
    EXPECT_GE(comm->rank(), 0);
    EXPECT_LT(comm->rank(), comm->size());
    // One host: the intra ranks are the ranks, and there is one inter rank.
    EXPECT_EQ(comm->intra_rank(), comm->rank());
    EXPECT_EQ(comm->intra_size(), comm->size());
    EXPECT_EQ(comm->inter_rank(), 0);
    EXPECT_EQ(comm->inter_size(), 1);
    EXPECT_EQ(comm->name(), "naive");
}

TEST(ChainerMNCommunicator, ObjectCollectives) {
    auto comm = create_communicator("naive");
    const int n = comm->size();
    // allreduce_obj sums: sum over ranks of (rank + 1) = n (n + 1) / 2.
    EXPECT_EQ(comm->allreduce_obj(static_cast<int64_t>(comm->rank() + 1)), int64_t{n} * (n + 1) / 2);
    EXPECT_DOUBLE_EQ(comm->allreduce_obj(0.5 * (comm->rank() + 1)), 0.25 * n * (n + 1));
    Array summed = comm->allreduce_obj(testing_util::Arr({1.0, 2.0 * comm->rank()}, Dtype::kFloat64));
    EXPECT_TRUE(AllClose(summed, testing_util::Arr({1.0 * n, 1.0 * n * (n - 1)}, Dtype::kFloat64), 0, 0));
    // bcast_obj: rank 0's value everywhere.
    EXPECT_EQ(comm->bcast_obj(std::string(comm->rank() == 0 ? "from root" : "other")), "from root");
    EXPECT_EQ(comm->bcast_obj(static_cast<int64_t>(comm->rank() == 0 ? 42 : -1)), 42);
    Array root = comm->bcast_obj(testing_util::Arange(6, Shape{2, 3}, Dtype::kInt32) * Scalar(comm->rank() + 1));
    EXPECT_EQ(root.dtype(), Dtype::kInt32);
    EXPECT_TRUE(AllClose(root, testing_util::Arange(6, Shape{2, 3}, Dtype::kInt32), 0, 0));
}

TEST(ChainerMNCommunicator, SendRecvRing) {
    auto comm = create_communicator("naive");
    if (comm->size() < 2) GTEST_SKIP() << "send/recv needs 2 ranks (run under mpirun -np 2)";
    const int next = (comm->rank() + 1) % comm->size();
    const int prev = (comm->rank() + comm->size() - 1) % comm->size();
    Array mine = testing_util::Arange(12, Shape{3, 4}, Dtype::kFloat64) + Scalar(100.0 * comm->rank());
    // Even ranks send first, so the blocking calls pair up.
    Array got;
    if (comm->rank() % 2 == 0) {
        comm->send(mine, next, 7);
        got = comm->recv(prev, 7);
    } else {
        got = comm->recv(prev, 7);
        comm->send(mine, next, 7);
    }
    EXPECT_EQ(got.shape(), (Shape{3, 4}));
    EXPECT_TRUE(AllClose(got, testing_util::Arange(12, Shape{3, 4}, Dtype::kFloat64) + Scalar(100.0 * prev), 0, 0));
}

TEST(ChainerMNCommunicator, BcastDataMakesParametersRankZeros) {
    auto comm = create_communicator("naive");
    random::seed(1000 + comm->rank());  // a different initialization on every rank
    auto model = std::make_shared<links::Linear>(3, 4);
    comm->bcast_data(*model);
    for (auto& [path, param] : model->namedparams()) {
        EXPECT_TRUE(testing_util::SameOnAllRanks(*comm, param.array())) << path;
    }
    random::seed(1000);  // rank 0's initialization
    auto reference = std::make_shared<links::Linear>(3, 4);
    EXPECT_TRUE(AllClose(model->W.array(), reference->W.array(), 0, 0));
}

// Each rank's share of a fixed batch of 4 * size examples; the gradient mean over the ranks must be the
// gradient of the mean loss over the whole batch, which every rank also computes alone.
void CheckGradientMean(const std::string& communicator, Dtype dtype, double tol) {
    auto comm = create_communicator(communicator);
    const int64_t n = comm->size(), per_rank = 4;
    Array x = testing_util::Uniform(Shape{n * per_rank, 5}, -1, 1, dtype, 7);
    Array t = testing_util::Uniform(Shape{n * per_rank, 3}, -1, 1, dtype, 8);
    // Both models start from the same parameters of `dtype`.
    auto make = [&] {
        auto m = std::make_shared<links::Linear>(5, 3);
        m->W.set_array(testing_util::Uniform(Shape{3, 5}, -1, 1, dtype, 3));
        m->b.set_array(testing_util::Uniform(Shape{3}, -1, 1, dtype, 4));
        return m;
    };
    auto model = make(), whole = make();
    const int64_t r = comm->rank();
    Variable local = functions::mean_squared_error((*model)(x[Slice(r * per_rank, (r + 1) * per_rank)]),
                                                   t[Slice(r * per_rank, (r + 1) * per_rank)]);
    model->cleargrads();
    local.backward();
    comm->allreduce_grad(*model);
    Variable all = functions::mean_squared_error((*whole)(x), t);
    whole->cleargrads();
    all.backward();
    EXPECT_TRUE(AllClose(model->W.grad(), whole->W.grad(), tol, tol)) << communicator;
    EXPECT_TRUE(AllClose(model->b.grad(), whole->b.grad(), tol, tol)) << communicator;
    EXPECT_EQ(model->W.grad().dtype(), dtype);
    EXPECT_TRUE(testing_util::SameOnAllRanks(*comm, model->W.grad()));
}

TEST(ChainerMNCommunicator, NaiveGradientIsTheWholeBatchGradient) {
    CheckGradientMean("naive", Dtype::kFloat64, 1e-12);
    CheckGradientMean("naive", Dtype::kFloat32, 1e-6);
}

TEST(ChainerMNCommunicator, FlatGradientIsTheWholeBatchGradient) {
    CheckGradientMean("flat", Dtype::kFloat64, 1e-12);
    CheckGradientMean("flat", Dtype::kFloat32, 1e-6);
}

TEST(ChainerMNCommunicator, MissingGradientsCountAsZeros) {
    auto comm = create_communicator("naive");
    auto model = std::make_shared<links::Linear>(2, 2, false, testing_util::Arr({1, 2, 3, 4}, Shape{2, 2}),
                                                 testing_util::Arr({0, 0}));
    model->cleargrads();
    if (comm->rank() == 0) model->W.set_grad(testing_util::Arr({4, 4, 4, 4}, Shape{2, 2}));
    comm->allreduce_grad(*model);
    const double mean = 4.0 / comm->size();
    EXPECT_TRUE(AllClose(model->W.grad(), testing_util::Arr({mean, mean, mean, mean}, Shape{2, 2}), 0, 0));
    EXPECT_TRUE(AllClose(model->b.grad(), testing_util::Arr({0, 0}), 0, 0));
}

TEST(ChainerMNCommunicator, NamesAndErrors) {
    EXPECT_THROW(create_communicator("bogus"), ValueError);
    try {
        create_communicator("two_dimensional");
        FAIL() << "two_dimensional was accepted";
    } catch (const ValueError& e) {
        EXPECT_NE(std::string(e.what()).find("not implemented in cnet"), std::string::npos) << e.what();
    }
    try {
        create_communicator("naive", Dtype::kFloat16);
        FAIL() << "allreduce_grad_dtype was accepted for naive";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "allreduce_grad_dtype is only available at 'pure_nccl' communicator.");
    }
    // The GPU communicators refuse CPU gradients by name (before any NCCL call).
    auto comm = create_communicator("pure_nccl");
    auto model = std::make_shared<links::Linear>(2, 2);
    Variable loss = functions::sum((*model)(testing_util::Arr({1, 2}, Shape{1, 2})));
    loss.backward();
    try {
        comm->allreduce_grad(*model);
        FAIL() << "pure_nccl took CPU gradients";
    } catch (const DeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("works on GPU arrays"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace cnet
