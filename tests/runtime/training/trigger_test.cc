// trigger_test.cc — IntervalTrigger / ManualScheduleTrigger / Min/MaxValueTrigger firing sequences, by hand.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "cnet/reporter/reporter.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_deserializer.h"
#include "cnet/training/trainer.h"
#include "cnet/training/triggers/triggers.h"
#include "training/training_test_util.h"

namespace cnet {
namespace training {
namespace {

using testing::FakeUpdater;

// Iterations (1-based, after each update) at which `trigger` fires during `n` updates.
std::vector<int64_t> Fires(Trigger& trigger, int64_t iters_per_epoch, int64_t n,
                           const std::function<void(Trainer&)>& before = nullptr) {
    auto updater = std::make_shared<FakeUpdater>(iters_per_epoch);
    Trainer trainer(updater);
    std::vector<int64_t> fired;
    for (int64_t i = 0; i < n; ++i) {
        updater->update();
        if (before) before(trainer);
        if (trigger(trainer)) fired.push_back(updater->iteration);
    }
    return fired;
}

TEST(IntervalTriggerTest, Iteration) {
    triggers::IntervalTrigger t(2, "iteration");
    EXPECT_EQ(Fires(t, 5, 7), (std::vector<int64_t>{2, 4, 6}));
}

TEST(IntervalTriggerTest, Epoch) {
    triggers::IntervalTrigger t(1, "epoch");
    EXPECT_EQ(Fires(t, 3, 10), (std::vector<int64_t>{3, 6, 9}));
}

TEST(IntervalTriggerTest, FractionalEpoch) {
    // epoch_detail 1/3, 2/3, 1, 4/3, 5/3, 2 -> epoch_detail // 0.5 = 0, 1, 2, 2, 3, 4
    triggers::IntervalTrigger t(0.5, "epoch");
    EXPECT_EQ(Fires(t, 3, 6), (std::vector<int64_t>{2, 3, 5, 6}));
}

TEST(IntervalTriggerTest, TrainingLength) {
    triggers::IntervalTrigger t(20, "epoch");
    EXPECT_EQ(t.period_str(), "20");
    EXPECT_EQ(t.get_training_length().repr(), "(20, 'epoch')");
    triggers::IntervalTrigger f(2.5, "epoch");
    EXPECT_EQ(f.period_str(), "2.5");
    EXPECT_THROW(triggers::IntervalTrigger(1, "epochs"), ValueError);
}

TEST(IntervalTriggerTest, SerializeRestoresPrevious) {
    // a trigger called at iterations 1..3, saved, and loaded into a fresh one, fires at 4 as the original would
    auto updater = std::make_shared<FakeUpdater>(100);
    Trainer trainer(updater);
    triggers::IntervalTrigger t(4, "iteration");
    for (int i = 0; i < 3; ++i) {
        updater->update();
        EXPECT_FALSE(t(trainer));
    }
    serializers::DictionarySerializer saver;
    t.serialize(saver);
    EXPECT_TRUE(saver.target()->contains("previous_iteration"));
    EXPECT_TRUE(saver.target()->contains("previous_epoch_detail"));
    triggers::IntervalTrigger loaded(4, "iteration");
    serializers::NpzDeserializer loader(saver.target());
    loaded.serialize(loader);
    updater->update();
    EXPECT_TRUE(loaded(trainer));
}

TEST(ManualScheduleTriggerTest, Iteration) {
    triggers::ManualScheduleTrigger t(std::vector<double>{2, 5}, "iteration");
    auto fired = Fires(t, 3, 8);
    EXPECT_EQ(fired, (std::vector<int64_t>{2, 5}));
    EXPECT_TRUE(t.finished);
}

TEST(ManualScheduleTriggerTest, Epoch) {
    triggers::ManualScheduleTrigger t(std::vector<double>{0.5, 1.5}, "epoch");
    EXPECT_EQ(Fires(t, 4, 8), (std::vector<int64_t>{2, 6}));
    triggers::ManualScheduleTrigger single(3, "iteration");
    EXPECT_EQ(Fires(single, 4, 8), (std::vector<int64_t>{3}));
}

TEST(MinMaxValueTriggerTest, FiresOnNewBest) {
    // one value per iteration, compared every 2 iterations on the mean of the interval
    std::vector<double> values = {5, 3, 4, 4, 1, 1, 9, 9};
    auto report = [&](Trainer& trainer) {
        double v = values[static_cast<size_t>(trainer.updater->iteration - 1)];
        trainer.observation["validation/main/loss"] = as_variable(Array::FromScalar(v, Dtype::kFloat64));
    };
    triggers::MinValueTrigger min_t("validation/main/loss", {2, "iteration"});
    // means: 4, 4, 1, 9 -> new minimum at 2 (first), 6
    EXPECT_EQ(Fires(min_t, 100, 8, report), (std::vector<int64_t>{2, 6}));
    EXPECT_EQ(min_t.best_value(), 1.0);
    triggers::MaxValueTrigger max_t("validation/main/loss", {2, "iteration"});
    EXPECT_EQ(Fires(max_t, 100, 8, report), (std::vector<int64_t>{2, 8}));
}

TEST(GetTriggerTest, Kinds) {
    auto never = get_trigger(TriggerArg());
    EXPECT_EQ(Fires(*never, 2, 5), std::vector<int64_t>{});
    auto interval = get_trigger({3, "iteration"});
    EXPECT_NE(std::dynamic_pointer_cast<triggers::IntervalTrigger>(interval), nullptr);
    auto pair_trigger = get_trigger(std::make_pair(int64_t{1}, std::string("epoch")));
    EXPECT_EQ(std::dynamic_pointer_cast<triggers::IntervalTrigger>(pair_trigger)->unit(), "epoch");
    auto obj = std::make_shared<triggers::IntervalTrigger>(1, "iteration");
    EXPECT_EQ(get_trigger(obj), obj);
    auto lambda = get_trigger([](Trainer& t) { return t.updater->iteration == 2; });
    EXPECT_EQ(Fires(*lambda, 2, 5), std::vector<int64_t>{2});
    // a spec makes a new trigger each time (Chainer makes one IntervalTrigger per tuple)
    TriggerArg spec{1, "epoch"};
    EXPECT_NE(get_trigger(spec), get_trigger(spec));
    EXPECT_EQ(TriggerArg(0.5, "epoch").repr(), "(0.5, 'epoch')");
    EXPECT_EQ(TriggerArg().repr(), "None");
}

}  // namespace
}  // namespace training
}  // namespace cnet

namespace cnet {
namespace training {
namespace {

TEST(EarlyStoppingTriggerTest, StopsAfterPatientsChecksWithoutImprovement) {
    // checked every iteration: 5, 4, 4, 4.5, 4 -> no improvement at 3, 4, 5 -> fires at 5 (patients=3); 1 at 6
    // is a new best (count back to 0), 1 again at 7 is not
    std::vector<double> values = {5, 4, 4, 4.5, 4, 1, 1};
    auto report = [&](Trainer& trainer) {
        double v = values[static_cast<size_t>(trainer.updater->iteration - 1)];
        trainer.observation["main/loss"] = as_variable(Array::FromScalar(v, Dtype::kFloat64));
    };
    triggers::EarlyStoppingTrigger t({1, "iteration"}, "main/loss", 3);
    EXPECT_EQ(Fires(t, 100, 7, report), (std::vector<int64_t>{5}));
    EXPECT_EQ(t.count, 1);
    triggers::EarlyStoppingTrigger max_only({1, "iteration"}, "main/accuracy", 3, "auto", false, {2, "iteration"});
    EXPECT_EQ(Fires(max_only, 100, 3, report), (std::vector<int64_t>{2}));
    EXPECT_EQ(max_only.get_training_length().repr(), "(2, 'iteration')");
}

}  // namespace
}  // namespace training
}  // namespace cnet
