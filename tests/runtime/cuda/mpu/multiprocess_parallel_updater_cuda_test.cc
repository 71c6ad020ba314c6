// multiprocess_parallel_updater_cuda_test.cc — MultiprocessParallelUpdater on CUDA devices (NCCL reduce and
// broadcast between forked processes). Its own binary, one process per test (gtest_discover_tests): the master
// must not have started CUDA before it forks, so whether a device exists is asked in a forked child. Skips,
// visibly, without the devices.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cnet/core/device.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/np/indexing.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/training/updaters/multiprocess_parallel_updater.h"
#include "test_util.h"

namespace cnet {
namespace {

// Whether CUDA devices 0 .. n-1 can be used, asked in a child so that this process has no CUDA context.
bool DevicesAvailable(int n, std::string* why) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) return false;
    const pid_t pid = fork();
    if (pid == 0) {
        close(pipe_fds[0]);
        std::string reason;
        for (int i = 0; i < n; ++i) {
            if (!IsDeviceAvailable(Device::Cuda(i), &reason)) {
                reason = "CUDA device " + std::to_string(i) + " is not available: " + reason;
                break;
            }
        }
        if (write(pipe_fds[1], reason.data(), reason.size()) < 0) _exit(2);
        _exit(0);
    }
    close(pipe_fds[1]);
    char buffer[512];
    ssize_t got = 0;
    std::string reason;
    while ((got = read(pipe_fds[0], buffer, sizeof buffer)) > 0) reason.append(buffer, static_cast<size_t>(got));
    close(pipe_fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    *why = reason;
    return reason.empty() && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

#define CNET_REQUIRE_CUDA_DEVICES(n)                                          \
    do {                                                                      \
        std::string cnet_why_;                                                \
        if (!DevicesAvailable(n, &cnet_why_)) GTEST_SKIP() << cnet_why_;      \
    } while (0)

std::shared_ptr<links::Classifier> Model() {
    auto linear = std::make_shared<links::Linear>(3, 2);
    linear->W.set_array(testing_util::Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 5));
    linear->b.set_array(testing_util::Uniform(Shape{2}, -1, 1, Dtype::kFloat32, 6));
    return std::make_shared<links::Classifier>(linear);
}

TEST(MultiprocessParallelUpdaterCuda, TwoDevicesEqualOneProcessOnTheConcatenatedBatches) {
    CNET_REQUIRE_CUDA_DEVICES(2);
    const Array x = testing_util::Uniform(Shape{8, 3}, -1, 1, Dtype::kFloat32, 9);
    const Array t = Array::FromVector(std::vector<int32_t>{0, 1, 1, 0, 1, 0, 0, 1});
    auto rows = [&](int64_t b, int64_t e) {
        return std::make_shared<datasets::TupleDataset>(x[Slice(b, e)].copy(), t[Slice(b, e)].copy());
    };
    auto model = Model();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    std::vector<std::shared_ptr<iterators::SerialIterator>> its{
        std::make_shared<iterators::SerialIterator>(rows(0, 4), 2, true, false),
        std::make_shared<iterators::SerialIterator>(rows(4, 8), 2, true, false)};
    training::MultiprocessParallelUpdater updater(its, optimizer, nullptr, std::vector<int64_t>{0, 1});
    for (int i = 0; i < 3; ++i) updater.update();
    updater.finalize();

    // One process on the CPU: step k's batch is rows 2k, 2k+1 of each half.
    const Array order = Array::FromVector(std::vector<int64_t>{0, 1, 4, 5, 2, 3, 6, 7});
    auto reference = Model();
    auto ref_optimizer = std::make_shared<optimizers::SGD>(0.5);
    ref_optimizer->setup(reference);
    training::StandardUpdater ref_updater(
        std::make_shared<iterators::SerialIterator>(
            std::make_shared<datasets::TupleDataset>(np::take(x, order, 0), np::take(t, order, 0)), 4, true, false),
        ref_optimizer);
    for (int i = 0; i < 3; ++i) ref_updater.update();
    auto& W = std::static_pointer_cast<links::Linear>(model->predictor)->W;
    auto& W_ref = std::static_pointer_cast<links::Linear>(reference->predictor)->W;
    EXPECT_TRUE(W.device() == Device::Cuda(0));
    EXPECT_TRUE(testing_util::AllClose(W.array().to_device(Device::Cpu()), W_ref.array(), 1e-5, 1e-5));
}

// A model without parameters: the processes exchange empty arrays on their devices.
class SquaredSum : public Chain {
public:
    Variable call(const std::vector<Variable>& args) override { return functions::sum(args[0] * args[0]); }
};

TEST(MultiprocessParallelUpdaterCuda, AModelWithoutParameters) {
    CNET_REQUIRE_CUDA_DEVICES(2);
    const Array x = testing_util::Uniform(Shape{8, 3}, -1, 1, Dtype::kFloat32, 9);
    auto rows = [&](int64_t b, int64_t e) { return std::make_shared<datasets::TupleDataset>(x[Slice(b, e)].copy()); };
    auto model = std::make_shared<SquaredSum>();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    std::vector<std::shared_ptr<iterators::SerialIterator>> its{
        std::make_shared<iterators::SerialIterator>(rows(0, 4), 2),
        std::make_shared<iterators::SerialIterator>(rows(4, 8), 2)};
    training::MultiprocessParallelUpdater updater(its, optimizer, nullptr, std::vector<int64_t>{0, 1});
    for (int i = 0; i < 2; ++i) updater.update();
    EXPECT_EQ(updater.iteration, 2);
    updater.finalize();
}

TEST(MultiprocessParallelUpdaterCuda, RefusesAProcessThatStartedCuda) {
    CNET_REQUIRE_CUDA_DEVICES(1);
    RequireDevice(Device::Cuda(0));  // this process now has a CUDA context
    auto model = Model();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    auto data = std::make_shared<datasets::TupleDataset>(testing_util::Uniform(Shape{2, 3}));
    std::vector<std::shared_ptr<iterators::SerialIterator>> its{std::make_shared<iterators::SerialIterator>(data, 2)};
    try {
        training::MultiprocessParallelUpdater updater(its, optimizer, nullptr, std::vector<int64_t>{0});
        FAIL() << "accepted a process with a CUDA context";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("The CUDA context has been already initialized"), std::string::npos);
    }
}

}  // namespace
}  // namespace cnet
