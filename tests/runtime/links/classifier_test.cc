// classifier_test.cc — Classifier: loss/accuracy values, label_key, reporting to "main/loss" and
// "main/accuracy", and a tiny Linear classifier trained to convergence.
#include "cnet/links/classifier.h"

#include <gtest/gtest.h>

#include <cmath>

#include "cnet/core/random.h"
#include "cnet/functions/loss.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/reporter/reporter.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace L = links;
using testing_util::Arr;

std::shared_ptr<L::Classifier> MakeFixedClassifier() {
    // Two inputs, three classes: logits = x W^T, W rows (1,0), (0,1), (0,0).
    auto linear = std::make_shared<L::Linear>(2, 3, /*nobias=*/true, Arr({1, 0, 0, 1, 0, 0}, {3, 2}));
    return std::make_shared<L::Classifier>(linear);
}

double ExpectedLoss() {
    // Sample 0: x=(2,0), logits (2,0,0), t=0; sample 1: x=(0,1), logits (0,1,0), t=2.
    const double l0 = -(2 - std::log(std::exp(2.0) + 2));
    const double l1 = -(0 - std::log(std::exp(1.0) + 2));
    return (l0 + l1) / 2;
}

TEST(ClassifierTest, LossAndAccuracyByHand) {
    auto model = MakeFixedClassifier();
    const Variable x(Arr({2, 0, 0, 1}, {2, 2}));
    const Variable t(Array::FromVector<int32_t>({0, 2}), false);
    Variable loss = (*model)(x, t);
    EXPECT_NEAR(loss.array().item<double>(), ExpectedLoss(), 1e-6);
    EXPECT_TRUE(model->loss.is(loss));
    EXPECT_EQ(model->y.shape(), Shape({2, 3}));
    EXPECT_NEAR(model->accuracy.array().item<double>(), 0.5, 1e-7);
    // The generic call is the same.
    EXPECT_NEAR(model->call({x, t}).array().item<double>(), ExpectedLoss(), 1e-6);
}

TEST(ClassifierTest, ComputeAccuracyOffAndLabelKey) {
    auto model = MakeFixedClassifier();
    model->compute_accuracy = false;
    model->label_key = 0;  // (t, x)
    const Variable x(Arr({2, 0, 0, 1}, {2, 2}));
    const Variable t(Array::FromVector<int32_t>({0, 2}), false);
    EXPECT_NEAR((*model)({t, x}).array().item<double>(), ExpectedLoss(), 1e-6);
    EXPECT_TRUE(model->accuracy.is_none());
    model->label_key = 2;
    EXPECT_THROW((*model)({t, x}), ValueError);
}

TEST(ClassifierTest, ReportsLossAndAccuracyUnderTheObserverName) {
    auto model = MakeFixedClassifier();
    reporter::Reporter r;
    for (const auto& [path, link] : model->namedlinks())
        r.add_observer(path == "/" ? "main" : "main" + path, static_cast<const void*>(link));
    reporter::Observation observation;
    {
        auto scope = r.scope(observation);
        (*model)(Variable(Arr({2, 0, 0, 1}, {2, 2})), Variable(Array::FromVector<int32_t>({0, 2}), false));
    }
    ASSERT_EQ(observation.count("main/loss"), 1u);
    ASSERT_EQ(observation.count("main/accuracy"), 1u);
    EXPECT_NEAR(observation["main/loss"].array().item<double>(), ExpectedLoss(), 1e-6);
    EXPECT_NEAR(observation["main/accuracy"].array().item<double>(), 0.5, 1e-7);
}

TEST(ClassifierTest, CustomLossFunction) {
    auto linear = std::make_shared<L::Linear>(1, 1, false, 1.0, 0.0);
    L::Classifier model(linear, [](const Variable& y, const Variable& t) { return functions::mean_squared_error(y, t); });
    model.compute_accuracy = false;
    Variable loss = model(Variable(Arr({1, 2}, {2, 1})), Variable(Arr({0, 0}, {2, 1})));
    EXPECT_NEAR(loss.array().item<double>(), (1.0 + 4.0) / 2, 1e-6);
}

TEST(ClassifierTest, TrainsALinearModelOnSeparableData) {
    // Class 1 when x0 + x1 > 0, on a fixed grid of points away from the boundary.
    std::vector<float> xs;
    std::vector<int32_t> ts;
    for (int i = -4; i <= 4; ++i) {
        for (int j = -4; j <= 4; ++j) {
            if (std::abs(i + j) < 1) continue;
            xs.push_back(0.25f * i);
            xs.push_back(0.25f * j);
            ts.push_back(i + j > 0 ? 1 : 0);
        }
    }
    const int64_t n = static_cast<int64_t>(ts.size());
    const Variable x(Array::FromVector(xs, Shape{n, 2}), false);
    const Variable t(Array::FromVector(ts), false);
    random::seed(3);  // the initial weights: a process is seeded from the system otherwise
    auto model = std::make_shared<L::Classifier>(std::make_shared<L::Linear>(2, 2));
    optimizers::SGD optimizer(0.5);
    optimizer.setup(model);
    const double initial = (*model)(x, t).array().item<double>();
    for (int step = 0; step < 200; ++step) optimizer.update([&] { return (*model)(x, t); });
    const double final_loss = (*model)(x, t).array().item<double>();
    EXPECT_LT(final_loss, 0.2 * initial);
    EXPECT_LT(final_loss, 0.1);
    EXPECT_EQ(model->accuracy.array().item<double>(), 1.0);
    EXPECT_EQ(optimizer.t, 200);
}

}  // namespace
}  // namespace cnet
