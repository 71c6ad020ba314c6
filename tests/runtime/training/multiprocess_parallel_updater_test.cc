// multiprocess_parallel_updater_test.cc — MultiprocessParallelUpdater with CPU devices (real worker processes,
// gradients and parameters over their socketpairs): its steps against one process's SGD, MomentumSGD and Adam
// on the concatenated batches and against ParallelUpdater; inside a Trainer; a model without parameters; a worker
// that fails or is killed ends the update with an error naming it; Chainer's argument errors and learning-rate
// correction.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/np/indexing.h"
#include "cnet/np/math.h"
#include "cnet/optimizers/adam.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/training/trainer.h"
#include "cnet/training/updaters/multiprocess_parallel_updater.h"
#include "cnet/training/updaters/parallel_updater.h"
#include "test_util.h"
#include "training/training_test_util.h"

namespace cnet {
namespace {

using testing_util::AllClose;
using training::MultiprocessParallelUpdater;
using IteratorPtr = std::shared_ptr<iterators::SerialIterator>;

struct Data {
    Array x, t;
    explicit Data(Dtype dtype)
        : x(testing_util::Uniform(Shape{8, 3}, -1, 1, dtype, 9)),
          t(Array::FromVector(std::vector<int32_t>{0, 1, 1, 0, 1, 0, 0, 1})) {}
    // Rows [begin, end) (step 1) or every second row from `begin` (step 2).
    std::shared_ptr<datasets::TupleDataset> Rows(int64_t begin, int64_t end, int64_t step = 1) const {
        return std::make_shared<datasets::TupleDataset>(x[Slice(begin, end, step)].copy(),
                                                        t[Slice(begin, end, step)].copy());
    }
    // Process 0 takes rows 0-3, process 1 rows 4-7, two per step: step k's whole batch is rows 2k, 2k+1,
    // 4+2k, 5+2k; this dataset lists them in that order, so a batch of 4 is the concatenated batch.
    std::shared_ptr<datasets::TupleDataset> Concatenated() const {
        const Array order = Array::FromVector(std::vector<int64_t>{0, 1, 4, 5, 2, 3, 6, 7});
        return std::make_shared<datasets::TupleDataset>(np::take(x, order, 0), np::take(t, order, 0));
    }
};

std::shared_ptr<links::Classifier> Model(Dtype dtype) {
    auto linear = std::make_shared<links::Linear>(3, 2);
    linear->W.set_array(testing_util::Uniform(Shape{2, 3}, -1, 1, dtype, 5));
    linear->b.set_array(testing_util::Uniform(Shape{2}, -1, 1, dtype, 6));
    return std::make_shared<links::Classifier>(linear);
}

links::Linear& LinearOf(const std::shared_ptr<links::Classifier>& model) {
    return *std::static_pointer_cast<links::Linear>(model->predictor);
}

IteratorPtr Serial(std::shared_ptr<datasets::TupleDataset> dataset, int64_t batch, bool repeat = true) {
    return std::make_shared<iterators::SerialIterator>(dataset, batch, repeat, false);
}

std::vector<int64_t> TwoCpus() { return {-1, -1}; }

// Trains `steps` updates with MultiprocessParallelUpdater (2 CPU processes) and with one process on the
// concatenated batches; returns both models.
template <typename Opt>
std::pair<std::shared_ptr<links::Classifier>, std::shared_ptr<links::Classifier>> TrainBoth(
    Dtype dtype, int steps, std::function<std::shared_ptr<Opt>()> make) {
    Data data(dtype);
    auto model = Model(dtype);
    auto optimizer = make();
    optimizer->setup(model);
    {
        auto updater = std::make_shared<MultiprocessParallelUpdater>(
            std::vector<IteratorPtr>{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 8), 2)}, optimizer, nullptr,
            TwoCpus());
        for (int i = 0; i < steps; ++i) updater->update();
        EXPECT_EQ(optimizer->epoch, steps / 2);  // the optimizer starts a new epoch with the master's iterator
        EXPECT_EQ(updater->worker_pids().size(), 1u);
        updater->finalize();
        EXPECT_TRUE(updater->worker_pids().empty());
    }
    auto reference = Model(dtype);
    auto ref_optimizer = make();
    ref_optimizer->setup(reference);
    training::StandardUpdater ref_updater(Serial(data.Concatenated(), 4), ref_optimizer);
    for (int i = 0; i < steps; ++i) ref_updater.update();
    EXPECT_EQ(ref_optimizer->epoch, steps / 2);  // StandardUpdater's auto_new_epoch
    return {model, reference};
}

TEST(MultiprocessParallelUpdater, SgdEqualsOneProcessOnTheConcatenatedBatchesFloat64) {
    auto [model, reference] = TrainBoth<optimizers::SGD>(Dtype::kFloat64, 3, [] {
        return std::make_shared<optimizers::SGD>(0.5);
    });
    EXPECT_TRUE(AllClose(LinearOf(model).W.array(), LinearOf(reference).W.array(), 1e-12, 1e-12));
    EXPECT_TRUE(AllClose(LinearOf(model).b.array(), LinearOf(reference).b.array(), 1e-12, 1e-12));
    // The steps moved the parameters (the comparison is not between two untouched models).
    EXPECT_FALSE(AllClose(LinearOf(model).W.array(), LinearOf(Model(Dtype::kFloat64)).W.array(), 1e-3, 1e-3));
}

TEST(MultiprocessParallelUpdater, SgdEqualsOneProcessOnTheConcatenatedBatchesFloat32) {
    auto [model, reference] = TrainBoth<optimizers::SGD>(Dtype::kFloat32, 3, [] {
        return std::make_shared<optimizers::SGD>(0.5);
    });
    EXPECT_EQ(LinearOf(model).W.dtype(), Dtype::kFloat32);
    EXPECT_TRUE(AllClose(LinearOf(model).W.array(), LinearOf(reference).W.array(), 1e-6, 1e-6));
    EXPECT_TRUE(AllClose(LinearOf(model).b.array(), LinearOf(reference).b.array(), 1e-6, 1e-6));
}

TEST(MultiprocessParallelUpdater, TheMastersGradientIsTheSumOfTheProcessesGradients) {
    // After one update the master holds the reduced gradient: the sum of the two half-batch mean gradients,
    // i.e. twice the mean gradient of the concatenated batch (lr was halved to make up for it).
    Data data(Dtype::kFloat64);
    auto model = Model(Dtype::kFloat64);
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    MultiprocessParallelUpdater updater(
        std::vector<IteratorPtr>{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 8), 2)}, optimizer, nullptr,
        TwoCpus());
    EXPECT_DOUBLE_EQ(optimizer->lr, 0.25);
    updater.update();
    auto reference = Model(Dtype::kFloat64);
    auto batch = Serial(data.Concatenated(), 4)->next();
    const std::vector<Array> arrays = dataset::concat_examples(batch);
    reference->cleargrads();
    reference->call({as_variable(arrays[0]), as_variable(arrays[1])}).backward();
    EXPECT_TRUE(AllClose(LinearOf(model).W.grad(), LinearOf(reference).W.grad() * 2.0, 1e-12, 1e-12));
    EXPECT_TRUE(AllClose(LinearOf(model).b.grad(), LinearOf(reference).b.grad() * 2.0, 1e-12, 1e-12));
}

TEST(MultiprocessParallelUpdater, MomentumSgdAndAdamEqualOneProcess) {
    auto [m1, r1] = TrainBoth<optimizers::MomentumSGD>(Dtype::kFloat64, 4, [] {
        return std::make_shared<optimizers::MomentumSGD>(0.1, 0.9);
    });
    EXPECT_TRUE(AllClose(LinearOf(m1).W.array(), LinearOf(r1).W.array(), 1e-12, 1e-12));
    // Adam's eps is doubled (Chainer's correction): the step from the summed gradients is the mean's step.
    auto [m2, r2] = TrainBoth<optimizers::Adam>(Dtype::kFloat64, 4, [] {
        auto adam = std::make_shared<optimizers::Adam>(0.05);
        adam->eps = 1e-2;  // large enough that a missing correction shows
        return adam;
    });
    EXPECT_TRUE(AllClose(LinearOf(m2).W.array(), LinearOf(r2).W.array(), 1e-10, 1e-10));
    EXPECT_TRUE(AllClose(LinearOf(m2).b.array(), LinearOf(r2).b.array(), 1e-10, 1e-10));
}

TEST(MultiprocessParallelUpdater, MatchesParallelUpdaterInATrainer) {
    // ParallelUpdater on the whole batch gives main the even rows and the copy the odd ones and sums their
    // gradients without scaling: it takes MultiprocessParallelUpdater's steps at half the learning rate.
    Data data(Dtype::kFloat64);
    training::testing::TempDir tmp;
    auto model = Model(Dtype::kFloat64);
    auto optimizer = std::make_shared<optimizers::MomentumSGD>(0.2);
    optimizer->setup(model);
    auto updater = std::make_shared<MultiprocessParallelUpdater>(
        std::vector<IteratorPtr>{Serial(data.Rows(0, 8, 2), 2), Serial(data.Rows(1, 8, 2), 2)}, optimizer, nullptr,
        std::map<std::string, int64_t>{{"main", -1}, {"second", -1}});
    training::Trainer(updater, {5, "iteration"}, tmp.file("mpu")).run();
    EXPECT_EQ(updater->iteration, 5);
    EXPECT_TRUE(updater->worker_pids().empty());  // the Trainer's finalize ended the workers

    auto reference = Model(Dtype::kFloat64);
    auto ref_optimizer = std::make_shared<optimizers::MomentumSGD>(0.1);
    ref_optimizer->setup(reference);
    auto ref_updater = std::make_shared<training::ParallelUpdater>(
        Serial(data.Rows(0, 8), 4), ref_optimizer, nullptr, std::nullopt,
        std::map<std::string, int64_t>{{"main", -1}, {"second", -1}});
    training::Trainer(ref_updater, {5, "iteration"}, tmp.file("parallel")).run();
    EXPECT_TRUE(AllClose(LinearOf(model).W.array(), LinearOf(reference).W.array(), 1e-12, 1e-12));
    EXPECT_TRUE(AllClose(LinearOf(model).b.array(), LinearOf(reference).b.array(), 1e-12, 1e-12));
}

TEST(MultiprocessParallelUpdater, LazilyInitializedParameters) {
    // Linear(None, 2): the parameters appear in the master's first forward pass, before the workers start.
    Data data(Dtype::kFloat32);
    auto make = [] {
        auto linear = std::make_shared<links::Linear>(std::nullopt, 2, false,
                                                      testing_util::Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 5));
        return std::make_shared<links::Classifier>(linear);
    };
    auto model = make();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    MultiprocessParallelUpdater updater(
        std::vector<IteratorPtr>{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 8), 2)}, optimizer, nullptr,
        TwoCpus());
    for (int i = 0; i < 3; ++i) updater.update();
    auto reference = make();
    auto ref_optimizer = std::make_shared<optimizers::SGD>(0.5);
    ref_optimizer->setup(reference);
    training::StandardUpdater ref_updater(Serial(data.Concatenated(), 4), ref_optimizer);
    for (int i = 0; i < 3; ++i) ref_updater.update();
    const Array& W = LinearOf(model).W.array();
    ASSERT_TRUE(W.defined());
    EXPECT_TRUE(AllClose(W, LinearOf(reference).W.array(), 1e-6, 1e-6));
    EXPECT_FALSE(AllClose(W, testing_util::Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 5), 1e-3, 1e-3));
}

// A model without parameters: the processes agree on an empty layout and exchange empty arrays.
class SquaredSum : public Chain {
public:
    Variable call(const std::vector<Variable>& args) override { return functions::sum(args[0] * args[0]); }
};

TEST(MultiprocessParallelUpdater, AModelWithoutParameters) {
    Data data(Dtype::kFloat32);
    auto model = std::make_shared<SquaredSum>();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    auto x_only = [&](int64_t begin, int64_t end) {
        return std::make_shared<datasets::TupleDataset>(data.x[Slice(begin, end)].copy());
    };
    MultiprocessParallelUpdater updater(std::vector<IteratorPtr>{Serial(x_only(0, 4), 2), Serial(x_only(4, 8), 2)},
                                        optimizer, nullptr, TwoCpus());
    for (int i = 0; i < 2; ++i) updater.update();
    EXPECT_EQ(updater.iteration, 2);
    EXPECT_EQ(updater.worker_pids().size(), 1u);
    updater.finalize();
}

// A test that waited for a dead worker would hang: SIGALRM ends the test binary (a failure) after 60 s instead.
struct Watchdog {
    Watchdog() { alarm(60); }
    ~Watchdog() { alarm(0); }
};

TEST(MultiprocessParallelUpdater, AKilledWorkerEndsTheUpdateWithAnError) {
    Watchdog watchdog;
    Data data(Dtype::kFloat64);
    auto model = Model(Dtype::kFloat64);
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    MultiprocessParallelUpdater updater(
        std::vector<IteratorPtr>{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 6), 1), Serial(data.Rows(6, 8), 1)},
        optimizer, nullptr, std::vector<int64_t>{-1, -1, -1});
    updater.update();
    const std::vector<pid_t> pids = updater.worker_pids();
    ASSERT_EQ(pids.size(), 2u);
    ASSERT_EQ(kill(pids[1], SIGKILL), 0);
    const auto start = std::chrono::steady_clock::now();
    try {
        updater.update();
        FAIL() << "the update went on without worker 2";
    } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("worker 2 (device -1, pid " + std::to_string(pids[1]) + ") was killed by signal 9"),
                  std::string::npos)
            << what;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
    // Every worker was ended (and reaped): none is left behind.
    EXPECT_TRUE(updater.worker_pids().empty());
    EXPECT_EQ(waitpid(pids[0], nullptr, WNOHANG), -1);
    // A later update starts new workers from the master's state.
    updater.update();
    EXPECT_EQ(updater.worker_pids().size(), 2u);
    EXPECT_EQ(updater.iteration, 2);
}

TEST(MultiprocessParallelUpdater, AWorkersErrorIsRaisedByTheMaster) {
    Watchdog watchdog;
    Data data(Dtype::kFloat64);
    auto model = Model(Dtype::kFloat64);
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    // The worker's iterator does not repeat: its second batch is StopIteration.
    MultiprocessParallelUpdater updater(
        std::vector<IteratorPtr>{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 6), 2, /*repeat=*/false)},
        optimizer, nullptr, TwoCpus());
    updater.update();
    const pid_t pid = updater.worker_pids().at(0);
    try {
        updater.update();
        FAIL() << "the worker's error was not raised";
    } catch (const Error& e) {
        EXPECT_EQ(std::string(e.what()), "MultiprocessParallelUpdater: worker 1 (device -1, pid " + std::to_string(pid) +
                                             ") failed: StopIteration: the iterator of worker 1 of "
                                             "MultiprocessParallelUpdater is exhausted (use repeat=True)");
    }
    EXPECT_TRUE(updater.worker_pids().empty());
}

TEST(MultiprocessParallelUpdater, ChainersArgumentsAndErrors) {
    Data data(Dtype::kFloat64);
    auto model = Model(Dtype::kFloat64);
    auto optimizer = std::make_shared<optimizers::SGD>(0.3);
    optimizer->setup(model);
    std::vector<IteratorPtr> two{Serial(data.Rows(0, 4), 2), Serial(data.Rows(4, 8), 2)};
    auto expect_error = [&](training::updaters::MultiprocessDevices devices, const std::string& text) {
        try {
            MultiprocessParallelUpdater updater(two, optimizer, nullptr, devices);
            FAIL() << "accepted: " << text;
        } catch (const ValueError& e) {
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
        }
    };
    expect_error(std::nullopt, "devices argument should be either dict, list or tuple, but None was given.");
    expect_error(std::vector<int64_t>{-1, -1, -1}, "2 iterators for 3 devices");
    expect_error(std::vector<int64_t>{-1, 0}, "all CPU (negative ids) or all CUDA devices");
    expect_error(std::vector<int64_t>{1, 1}, "a CUDA device is listed twice");
    EXPECT_THROW(training::updaters::MultiprocessDevices(std::map<std::string, int64_t>{{"a", -1}}), ValueError);
    const auto dict = training::updaters::MultiprocessDevices(std::map<std::string, int64_t>{{"b", 3}, {"main", 1}, {"a", 2}});
    EXPECT_EQ(*dict.ids, (std::vector<int64_t>{1, 2, 3}));  // a std::map: key order
    const auto pydict = training::updaters::MultiprocessDevices(py::Dict<std::string, int64_t>{{"b", 3}, {"main", 1}, {"a", 2}});
    EXPECT_EQ(*pydict.ids, (std::vector<int64_t>{1, 3, 2}));  // a .cnet dict: insertion order, as in Python
    EXPECT_DOUBLE_EQ(optimizer->lr, 0.3);  // the rejected constructions left it alone
    MultiprocessParallelUpdater updater(two, optimizer, nullptr, TwoCpus());
    EXPECT_DOUBLE_EQ(optimizer->lr, 0.15);
    EXPECT_EQ(updater.devices(), TwoCpus());
    EXPECT_TRUE(updater.worker_pids().empty());  // the workers start with the first update
}

}  // namespace
}  // namespace cnet
