// training_test.cc — chainermn's training pieces under `mpirun -np N`: the multi-node optimizer (broadcast on the
// first update, then the whole-batch step on every rank, bitwise equal parameters), resume from a snapshot,
// scatter_dataset's parts and the multi-node evaluator's means.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>

#include <cstdio>

#include "chainermn_test_util.h"
#include "cnet/chainermn/chainermn.h"
#include "cnet/core/random.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/reduction.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/linear.h"
#include "cnet/np/math.h"
#include "cnet/optimizers/adam.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/reporter/reporter.h"
#include "cnet/serializers/npz.h"
#include "cnet/training/extensions/log_report.h"
#include "cnet/training/extensions/snapshot.h"
#include "cnet/training/trainer.h"
#include "cnet/training/updaters/standard_updater.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::AllClose;
using testing_util::SameOnAllRanks;
using testing_util::Uniform;

constexpr int64_t kPerRank = 3;

// The step-k batch: 3 examples per rank; rank r's share is rows [3r, 3r + 3).
struct Batch {
    Array x, t;
};
Batch WholeBatch(int64_t ranks, uint64_t step) {
    return {Uniform(Shape{ranks * kPerRank, 4}, -1, 1, Dtype::kFloat64, 100 + step),
            Uniform(Shape{ranks * kPerRank, 2}, -1, 1, Dtype::kFloat64, 200 + step)};
}

void Step(Optimizer& optimizer, links::Linear& model, const Array& x, const Array& t) {
    optimizer.update([&] { return functions::mean_squared_error(model(x), t); });
}

void LocalStep(chainermn::CommunicatorBase& comm, Optimizer& optimizer, links::Linear& model, uint64_t step) {
    Batch b = WholeBatch(comm.size(), step);
    const int64_t r = comm.rank();
    Step(optimizer, model, b.x[Slice(r * kPerRank, (r + 1) * kPerRank)], b.t[Slice(r * kPerRank, (r + 1) * kPerRank)]);
}

std::shared_ptr<links::Linear> Model(uint64_t seed) {
    random::seed(seed);
    auto model = std::make_shared<links::Linear>(4, 2);
    for (Parameter p : model->params()) p.set_array(p.array().astype(Dtype::kFloat64));  // the batches' dtype
    return model;
}

TEST(ChainerMNOptimizer, FirstUpdateBroadcastsThenEveryRankTakesTheWholeBatchStep) {
    auto comm = chainermn::create_communicator("naive");
    auto model = Model(2000 + comm->rank());
    auto optimizer = chainermn::create_multi_node_optimizer(std::make_shared<optimizers::SGD>(0.1), comm);
    optimizer->setup(model);

    auto reference = Model(2000);  // rank 0's initialization, trained alone on the whole batches
    optimizers::SGD sgd(0.1);
    sgd.setup(reference);

    LocalStep(*comm, *optimizer, *model, 0);  // broadcast only, as in ChainerMN
    EXPECT_EQ(optimizer->t, 0);
    EXPECT_TRUE(AllClose(model->W.array(), reference->W.array(), 0, 0));
    for (uint64_t step = 1; step <= 4; ++step) {
        LocalStep(*comm, *optimizer, *model, step);
        Batch b = WholeBatch(comm->size(), step);
        Step(sgd, *reference, b.x, b.t);
    }
    EXPECT_EQ(optimizer->t, 4);
    EXPECT_EQ(optimizer->actual_optimizer()->t, 4);
    for (auto& [path, param] : model->namedparams()) {
        EXPECT_TRUE(SameOnAllRanks(*comm, param.array())) << path;
    }
    EXPECT_TRUE(AllClose(model->W.array(), reference->W.array(), 1e-12, 1e-12));
    EXPECT_TRUE(AllClose(model->b.array(), reference->b.array(), 1e-12, 1e-12));
    EXPECT_DOUBLE_EQ(optimizer->get_hyperparam("lr"), 0.1);
}

TEST(ChainerMNOptimizer, ResumedJobRepeatsTheUninterruptedOne) {
    auto comm = chainermn::create_communicator("naive");
    auto adam = [] { return std::make_shared<optimizers::Adam>(0.05); };
    // Uninterrupted: the broadcast, then 5 steps.
    auto model_a = Model(3000 + comm->rank());
    auto opt_a = chainermn::create_multi_node_optimizer(adam(), comm);
    opt_a->setup(model_a);
    for (uint64_t step = 0; step <= 5; ++step) LocalStep(*comm, *opt_a, *model_a, step);

    // Interrupted after 2 steps: rank 0 writes the snapshot, every rank loads it into fresh objects.
    auto model_b = Model(3000 + comm->rank());
    auto opt_b = chainermn::create_multi_node_optimizer(adam(), comm);
    opt_b->setup(model_b);
    for (uint64_t step = 0; step <= 2; ++step) LocalStep(*comm, *opt_b, *model_b, step);
    const std::string dir = comm->bcast_obj(::testing::TempDir() + "chainermn_resume_" + std::to_string(getpid()));
    if (comm->rank() == 0) {
        serializers::save_npz(dir + "_model.npz", model_b);
        serializers::save_npz(dir + "_optimizer.npz", opt_b);
    }
    comm->barrier();
    auto model_c = Model(4000 + comm->rank());  // different parameters until the load
    auto opt_c = chainermn::create_multi_node_optimizer(adam(), comm);
    opt_c->setup(model_c);
    serializers::load_npz(dir + "_model.npz", model_c);
    serializers::load_npz(dir + "_optimizer.npz", opt_c);
    comm->barrier();
    if (comm->rank() == 0) {
        std::remove((dir + "_model.npz").c_str());
        std::remove((dir + "_optimizer.npz").c_str());
    }
    EXPECT_EQ(opt_c->t, 2);
    for (uint64_t step = 3; step <= 5; ++step) LocalStep(*comm, *opt_c, *model_c, step);
    EXPECT_EQ(opt_c->t, 5);
    EXPECT_TRUE(AllClose(model_c->W.array(), model_a->W.array(), 0, 0));
    EXPECT_TRUE(AllClose(model_c->b.array(), model_a->b.array(), 0, 0));
    EXPECT_TRUE(SameOnAllRanks(*comm, model_c->W.array()));
}

// Example i is (x = [2i, 2i + 1], t = i).
datasets::DatasetPtr Numbered(int64_t n) {
    return std::make_shared<datasets::TupleDataset>(testing_util::Arange(2 * n, Shape{n, 2}, Dtype::kFloat32),
                                                    testing_util::Arange(n, Shape{n}, Dtype::kInt32));
}

// How many times each example of Numbered(n) appears in the ranks' parts (after checking each example).
std::vector<int64_t> Coverage(chainermn::CommunicatorBase& comm, const datasets::Dataset& part, int64_t n) {
    std::vector<int64_t> counts(static_cast<size_t>(n));
    for (int64_t i = 0; i < part.size(); ++i) {
        datasets::Example e = part.get_example(i);
        const int64_t t = e.at(1).item<int32_t>();
        EXPECT_TRUE(AllClose(e.at(0), testing_util::Arr({2.0 * t, 2.0 * t + 1}), 0, 0)) << "example " << i;
        ++counts.at(static_cast<size_t>(t));
    }
    return comm.allreduce_obj(Array::FromVector(counts)).to_vector<int64_t>();
}

TEST(ChainerMNScatterDataset, EqualPartsCoverTheDataset) {
    auto comm = chainermn::create_communicator("naive");
    const int64_t s = comm->size();
    // Only the root's dataset is read: the others pass None.
    auto part = chainermn::scatter_dataset(comm->rank() == 0 ? Numbered(10 * s) : nullptr, comm);
    EXPECT_EQ(part->size(), 10);
    EXPECT_EQ(Coverage(*comm, *part, 10 * s), std::vector<int64_t>(static_cast<size_t>(10 * s), 1));
    // Unshuffled, rank r has examples [10r, 10r + 10) in order.
    EXPECT_EQ(part->get_example(0).at(1).item<int32_t>(), 10 * comm->rank());

    // 2s + 1 examples: ceil((2s + 1) / s) = 3 each with force_equal_length (some examples twice), else the
    // ranks' parts partition the dataset.
    auto padded = chainermn::scatter_dataset(Numbered(2 * s + 1), comm);
    EXPECT_EQ(padded->size(), 3);
    std::vector<int64_t> counts = Coverage(*comm, *padded, 2 * s + 1);
    int64_t total = 0;
    for (int64_t c : counts) {
        EXPECT_GE(c, 1);
        total += c;
    }
    EXPECT_EQ(total, 3 * s);
    auto exact = chainermn::scatter_dataset(Numbered(2 * s + 1), comm, 0, false, std::nullopt, 1 << 20, false);
    const int64_t r = comm->rank();
    EXPECT_EQ(exact->size(), (2 * s + 1) * (r + 1) / s - (2 * s + 1) * r / s);
    EXPECT_EQ(Coverage(*comm, *exact, 2 * s + 1), std::vector<int64_t>(static_cast<size_t>(2 * s + 1), 1));
}

TEST(ChainerMNScatterDataset, ShuffledWithASeedIsAReproduciblePermutation) {
    auto comm = chainermn::create_communicator("naive");
    const int64_t n = 8 * comm->size();
    // Tiny messages exercise the chunked sends.
    auto first = chainermn::scatter_dataset(Numbered(n), comm, 0, true, 7, 64);
    auto again = chainermn::scatter_dataset(Numbered(n), comm, 0, true, 7);
    EXPECT_EQ(Coverage(*comm, *first, n), std::vector<int64_t>(static_cast<size_t>(n), 1));
    bool in_order = true;
    for (int64_t i = 0; i < first->size(); ++i) {
        const int32_t t = first->get_example(i).at(1).item<int32_t>();
        EXPECT_EQ(t, again->get_example(i).at(1).item<int32_t>());
        in_order = in_order && t == 8 * comm->rank() + i;
    }
    EXPECT_FALSE(comm->allreduce_obj(static_cast<int64_t>(in_order)) == comm->size()) << "not shuffled";
}

TEST(ChainerMNEvaluator, ResultIsTheMeanOfTheRanksMeans) {
    auto comm = chainermn::create_communicator("naive");
    // Rank r evaluates 5 examples of value 2r + 1 (and 1 of value 0 on rank 0, so the ranks' means differ
    // from the mean of all examples): the result is the mean over ranks of the ranks' means.
    const int64_t r = comm->rank();
    const int64_t n = r == 0 ? 6 : 5;
    Array values = Array::Full(Shape{n, 1}, Scalar(2.0 * r + 1), Dtype::kFloat64);
    if (r == 0) values.setitem(Index(5), Scalar(0.0));
    auto dataset = std::make_shared<datasets::TupleDataset>(values);
    auto iterator = std::make_shared<iterators::SerialIterator>(dataset, 2, false, false);
    auto target = std::make_shared<links::Linear>(1, 1);
    auto actual = std::make_shared<training::extensions::Evaluator>(
        iterator, target, training::ConverterArg{}, std::nullopt, nullptr,
        [](const std::vector<Variable>& in) { reporter::report({{"value", functions::mean(in.at(0))}}); });
    auto evaluator = chainermn::create_multi_node_evaluator(actual, comm);
    reporter::Reporter reporter;
    reporter::Observation observation;
    reporter::Statistics result;
    {
        auto scope = reporter.scope(observation);
        result = evaluator->evaluate();
    }
    // Rank 0's batches: [1, 1], [1, 1], [1, 0] -> mean of batch means 5/6; rank r > 0: 2r + 1.
    double expected = 5.0 / 6.0;
    for (int64_t k = 1; k < comm->size(); ++k) expected += 2.0 * k + 1;
    expected /= comm->size();
    ASSERT_EQ(result.size(), 1u);
    EXPECT_NEAR(result.find("value")->second, expected, 1e-12);
    EXPECT_EQ(evaluator->priority, actual->priority);
}

TEST(ChainerMNOutput, OnlyRankZeroKeepsTheExtensionsThatPrintOrWrite) {
    auto comm = chainermn::create_communicator("naive");
    auto model = Model(1);
    auto optimizer = chainermn::create_multi_node_optimizer(std::make_shared<optimizers::SGD>(), comm);
    optimizer->setup(model);
    auto dataset = std::make_shared<datasets::TupleDataset>(Uniform(Shape{4, 4}), Uniform(Shape{4, 2}));
    auto updater = std::make_shared<training::StandardUpdater>(
        std::make_shared<iterators::SerialIterator>(dataset, 2), optimizer);
    training::Trainer trainer(updater, training::TriggerArg(1, "iteration"), ::testing::TempDir() + "unused");
    trainer.extend(std::make_shared<training::extensions::LogReport>());
    trainer.extend(training::extensions::snapshot(), std::string("snap"));
    trainer.extend(training::make_extension([](training::Trainer&) {}, {}, std::string("mine")));
    const std::vector<std::string> names = trainer.extension_names();
    auto has = [&](const std::string& n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    const bool output_rank = comm->size() == 1 || comm->rank() == 0;
    EXPECT_EQ(has("LogReport"), output_rank);
    EXPECT_EQ(has("snap"), output_rank);
    EXPECT_TRUE(has("mine"));
}

}  // namespace
}  // namespace cnet
