// trainer_test.cc — the Trainer loop with a scripted updater: extension order, names, triggers, stop
// condition, initialize/finalize, exceptions, LogReport output and serialization layout.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cnet/reporter/reporter.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz.h"
#include "cnet/training/extensions/log_report.h"
#include "cnet/training/extensions/micro_average.h"
#include "cnet/training/extensions/value_observation.h"
#include "cnet/training/trainer.h"
#include "cnet/training/triggers/interval_trigger.h"
#include "training/training_test_util.h"

namespace cnet {
namespace training {
namespace {

using testing::FakeUpdater;

Variable Scalar(double v) { return as_variable(Array::FromScalar(v, Dtype::kFloat64)); }

class Recorder : public Extension {
public:
    Recorder(std::string tag, std::vector<std::string>* calls) : tag_(std::move(tag)), calls_(calls) {}
    void operator()(Trainer& trainer) override {
        calls_->push_back(tag_ + "@" + std::to_string(trainer.updater->iteration));
    }
    void initialize(Trainer&) override { calls_->push_back(tag_ + ":init"); }
    void finalize() override { calls_->push_back(tag_ + ":fin"); }
    std::string default_name() const override { return "Recorder"; }

private:
    std::string tag_;
    std::vector<std::string>* calls_;
};

TEST(TrainerTest, ExtensionOrderNamesAndTriggers) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    Trainer trainer(updater, {2, "epoch"}, tmp.file("out"));
    std::vector<std::string> calls;
    trainer.extend(std::make_shared<Recorder>("a", &calls));                               // priority 100
    trainer.extend(std::make_shared<Recorder>("b", &calls), std::nullopt, {2, "iteration"}, 300);
    trainer.extend(std::make_shared<Recorder>("c", &calls), std::string("custom"), {1, "epoch"});
    EXPECT_EQ(trainer.extension_names(), (std::vector<std::string>{"Recorder", "Recorder_1", "custom"}));
    EXPECT_THROW(trainer.extend(std::make_shared<Recorder>("d", &calls), std::string("training")), ValueError);
    trainer.run();
    EXPECT_EQ(calls, (std::vector<std::string>{"b:init", "a:init", "c:init",  //
                                               "a@1", "b@2", "a@2", "c@2", "a@3", "b@4", "a@4", "c@4",  //
                                               "b:fin", "a:fin", "c:fin"}));
    EXPECT_EQ(updater->iteration, 4);
    EXPECT_TRUE(std::filesystem::is_directory(tmp.file("out")));
    EXPECT_THROW(trainer.run(), Error);  // only once
    EXPECT_GE(trainer.elapsed_time(), 0.0);
    EXPECT_THROW(trainer.get_extension("nothing"), ValueError);
    EXPECT_NE(trainer.get_extension<Recorder>("custom"), nullptr);
}

TEST(TrainerTest, ExceptionFinalizesAndRethrows) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    updater->on_update = [](FakeUpdater& u) {
        if (u.iteration == 2) throw ValueError("boom");
    };
    Trainer trainer(updater, {10, "iteration"}, tmp.path());
    std::vector<std::string> calls;
    trainer.extend(std::make_shared<Recorder>("a", &calls));
    EXPECT_THROW(trainer.run(false), ValueError);
    EXPECT_EQ(calls, (std::vector<std::string>{"a:init", "a@1", "a@2", "a:fin"}));
}

TEST(TrainerTest, LogReportWritesChainerJson) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    updater->on_update = [](FakeUpdater& u) {
        report({{"main/loss", Scalar(static_cast<double>(u.iteration + 1))}});  // 1, 2, 3, 4
    };
    Trainer trainer(updater, {2, "epoch"}, tmp.path());
    auto log_report = std::make_shared<extensions::LogReport>();
    trainer.extend(log_report);
    trainer.extend([](Trainer& t) { t.observation["lr"] = Scalar(0.5); }, std::nullopt, {1, "iteration"}, 300);
    trainer.run();

    ASSERT_EQ(log_report->log().size(), 2u);
    const auto& first = log_report->log()[0];
    std::vector<std::string> keys;
    for (const auto& item : first) keys.push_back(item.first);
    // Report order, as Chainer's dicts: main/loss (the updater) before lr (an extension), then the trainer's keys.
    EXPECT_EQ(keys, (std::vector<std::string>{"main/loss", "lr", "epoch", "iteration", "elapsed_time"}));
    EXPECT_DOUBLE_EQ(first.get("main/loss"), 1.5);
    EXPECT_EQ(std::get<int64_t>(first.at("epoch")), 1);
    EXPECT_EQ(std::get<int64_t>(log_report->log()[1].at("iteration")), 4);
    EXPECT_DOUBLE_EQ(log_report->log()[1].get("main/loss"), 3.5);

    std::ifstream in(tmp.file("log"));
    std::stringstream text;
    text << in.rdbuf();
    auto json = nlohmann::json::parse(text.str());
    ASSERT_TRUE(json.is_array());
    ASSERT_EQ(json.size(), 2u);
    EXPECT_EQ(json[1]["epoch"], 2);
    EXPECT_EQ(json[1]["main/loss"], 3.5);
    EXPECT_EQ(text.str().rfind("[\n    {\n        \"main/loss\": 1.5,\n        \"lr\": 0.5,\n        \"epoch\": 1,", 0),
              0u)
        << text.str();
    // no temporary files left behind
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(tmp.path())) files += entry.is_regular_file();
    EXPECT_EQ(files, 1u);
}

TEST(TrainerTest, MicroAverageAndObserveValue) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    updater->on_update = [](FakeUpdater& u) {
        report({{"main/correct", Scalar(static_cast<double>(u.iteration))}, {"main/total", Scalar(4.0)}});
    };
    Trainer trainer(updater, {2, "epoch"}, tmp.path());
    trainer.extend(std::make_shared<extensions::MicroAverage>("main/correct", "main/total", "main/accuracy"));
    trainer.extend(extensions::observe_value("double_it", [](Trainer& t) { return 2.0 * t.updater->iteration; }));
    auto log_report = std::make_shared<extensions::LogReport>(std::vector<std::string>{"main/accuracy", "double_it"});
    trainer.extend(log_report);
    trainer.run();
    ASSERT_EQ(log_report->log().size(), 2u);
    EXPECT_DOUBLE_EQ(log_report->log()[0].get("main/accuracy"), (0.0 + 1.0) / 8.0);
    EXPECT_DOUBLE_EQ(log_report->log()[1].get("main/accuracy"), (2.0 + 3.0) / 8.0);
    EXPECT_DOUBLE_EQ(log_report->log()[1].get("double_it"), 8.0);
    EXPECT_FALSE(log_report->log()[0].contains("main/correct"));
}

TEST(TrainerTest, SerializeLayoutAndResume) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    updater->on_update = [](FakeUpdater& u) { report({{"main/loss", Scalar(1.0)}}); };
    Trainer trainer(updater, {2, "epoch"}, tmp.path());
    trainer.extend(std::make_shared<extensions::LogReport>());
    trainer.run();

    serializers::DictionarySerializer saver;
    trainer.serialize(saver);
    const auto& npz = *saver.target();
    for (const char* key : {"updater/iteration", "stop_trigger/previous_iteration",
                            "stop_trigger/previous_epoch_detail", "extensions/LogReport/_log",
                            "extensions/LogReport/_trigger/previous_iteration",
                            "extension_triggers/LogReport/previous_iteration", "_snapshot_elapsed_time"}) {
        EXPECT_TRUE(npz.contains(key)) << key;
    }
    serializers::save_npz(tmp.file("snap"), trainer);

    // resume with a longer stop trigger: continues from iteration 4 and keeps the log
    auto updater2 = std::make_shared<FakeUpdater>(2);
    updater2->on_update = updater->on_update;
    Trainer resumed(updater2, {3, "epoch"}, tmp.path());
    auto log2 = std::make_shared<extensions::LogReport>();
    resumed.extend(log2);
    serializers::load_npz(tmp.file("snap"), resumed);
    EXPECT_EQ(updater2->iteration, 4);
    EXPECT_EQ(log2->log().size(), 2u);
    resumed.run();
    EXPECT_EQ(updater2->iteration, 6);
    ASSERT_EQ(log2->log().size(), 3u);
    EXPECT_EQ(std::get<int64_t>(log2->log()[2].at("epoch")), 3);
    EXPECT_GE(log2->log()[2].get("elapsed_time"), log2->log()[1].get("elapsed_time"));
}

}  // namespace
}  // namespace training
}  // namespace cnet
