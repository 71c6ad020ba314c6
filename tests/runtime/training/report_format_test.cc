// report_format_test.cc — PrintReport and ProgressBar text against Chainer's (expected strings produced by
// Chainer's own formatting code), and LogReport's JSON against Python's json.dump(indent=4).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cnet/training/extensions/log_report.h"
#include "cnet/training/extensions/print_report.h"
#include "cnet/training/extensions/progress_bar.h"
#include "cnet/training/trainer.h"
#include "training/training_test_util.h"

namespace cnet {
namespace training {
namespace internal {
std::string TimedeltaStr(double seconds);  // src/training/internal.h
}  // namespace internal
namespace {

using extensions::LogEntry;
using extensions::LogReport;
using extensions::PrintReport;
using extensions::ProgressBar;
using testing::FakeUpdater;

const std::vector<std::string> kEntries = {"epoch",         "main/loss",    "validation/main/loss",
                                           "main/accuracy", "validation/main/accuracy", "elapsed_time"};

TEST(PrintReportTest, Header) {
    EXPECT_EQ(PrintReport::FormatHeader(kEntries),
              "epoch       main/loss   validation/main/loss  main/accuracy  validation/main/accuracy  elapsed_time\n");
}

TEST(PrintReportTest, Row) {
    LogEntry e;
    e.set("epoch", int64_t{1});
    e.set("main/loss", 0.550724);
    e.set("validation/main/loss", 0.502818);
    e.set("main/accuracy", 0.733509);
    e.set("elapsed_time", 0.2154263);
    // validation/main/accuracy is missing: a blank column
    EXPECT_EQ(PrintReport::FormatRow(kEntries, e),
              "1           0.550724    0.502818              0.733509                                 0.215426      \n");
    LogEntry big;
    big.set("epoch", int64_t{12});
    big.set("iteration", int64_t{1200000});
    big.set("main/loss", 1234567.0);
    EXPECT_EQ(PrintReport::FormatRow({"epoch", "iteration", "main/loss"}, big),
              "12          1.2e+06     1.23457e+06  \n");
}

TEST(PrintReportTest, PrintsNewLogEntriesOnce) {
    auto updater = std::make_shared<FakeUpdater>(2);
    testing::TempDir tmp;
    Trainer trainer(updater, {4, "iteration"}, tmp.path());
    auto log_report = std::make_shared<LogReport>(std::nullopt, TriggerArg(1, "epoch"), nullptr, std::nullopt);
    std::ostringstream out;
    trainer.extend(log_report);
    trainer.extend(std::make_shared<PrintReport>(std::vector<std::string>{"epoch", "iteration"}, "LogReport", out));
    trainer.run();
    EXPECT_EQ(out.str(),
              "epoch       iteration \n"
              "\033[J1           2           \n"
              "\033[J2           4           \n");
}

TEST(ProgressBarTest, ExactText) {
    auto updater = std::make_shared<FakeUpdater>(4);
    Trainer trainer(updater);
    std::ostringstream out;
    ProgressBar bar({2, "epoch"}, /*update_interval=*/2, /*bar_length=*/10, out);
    bar.clock = [&] { return 100 + static_cast<double>(updater->iteration) * 0.3; };
    for (int i = 0; i < 8; ++i) {
        updater->update();
        bar(trainer);
    }
    bar.finalize();
    EXPECT_EQ(out.str(),
              "\033[J     total [##........] 25.00%\nthis epoch [#####.....] 50.00%\n         2 iter, 0 epoch / 2 epochs\n"
              "       inf iters/sec. Estimated time to finish: 0:00:00.\n\033[4A"
              "\033[J     total [#####.....] 50.00%\nthis epoch [..........]  0.00%\n         4 iter, 1 epoch / 2 epochs\n"
              "    3.3333 iters/sec. Estimated time to finish: 0:00:01.200000.\n\033[4A"
              "\033[J     total [#######...] 75.00%\nthis epoch [#####.....] 50.00%\n         6 iter, 1 epoch / 2 epochs\n"
              "    3.3333 iters/sec. Estimated time to finish: 0:00:00.600000.\n\033[4A"
              "\033[J     total [##########] 100.00%\nthis epoch [..........]  0.00%\n         8 iter, 2 epoch / 2 epochs\n"
              "    3.3333 iters/sec. Estimated time to finish: 0:00:00.\n\033[4A"
              "\033[J");
}

TEST(ProgressBarTest, LengthFromStopTrigger) {
    auto updater = std::make_shared<FakeUpdater>(10);
    Trainer trainer(updater, {20, "epoch"});
    std::ostringstream out;
    ProgressBar bar(TriggerArg(), 1, 50, out);
    bar.clock = [] { return 0.0; };
    updater->update();
    bar(trainer);
    EXPECT_NE(out.str().find("         1 iter, 0 epoch / 20 epochs\n"), std::string::npos) << out.str();
    Trainer no_length(updater);  // stop trigger None: no training length
    EXPECT_THROW(ProgressBar(TriggerArg(), 1, 50, out)(no_length), ValueError);
}

TEST(TimedeltaTest, PythonStr) {
    EXPECT_EQ(internal::TimedeltaStr(0), "0:00:00");
    EXPECT_EQ(internal::TimedeltaStr(0.5), "0:00:00.500000");
    EXPECT_EQ(internal::TimedeltaStr(61.25), "0:01:01.250000");
    EXPECT_EQ(internal::TimedeltaStr(86400), "1 day, 0:00:00");
    EXPECT_EQ(internal::TimedeltaStr(1e-7), "0:00:00");
    EXPECT_EQ(internal::TimedeltaStr(172799.9999996), "2 days, 0:00:00");
}

TEST(LogReportJsonTest, MatchesPythonJsonDump) {
    LogEntry e;
    e.set("main/loss", 0.1);
    e.set("x", 1e-05);
    e.set("y", NAN);
    e.set("epoch", int64_t{1});
    e.set("iteration", int64_t{2});
    e.set("elapsed_time", 1.5e16);
    const std::string expected =
        "[\n    {\n        \"main/loss\": 0.1,\n        \"x\": 1e-05,\n        \"y\": NaN,\n        \"epoch\": 1,\n"
        "        \"iteration\": 2,\n        \"elapsed_time\": 1.5e+16\n    }\n]";
    EXPECT_EQ(LogReport::ToJson({e}), expected);
    EXPECT_EQ(LogReport::ToJson({}), "[]");
    LogEntry small;
    small.set("a", 0.1);
    small.set("b", int64_t{2});
    EXPECT_EQ(LogReport::ToJson({small}, -1), "[{\"a\": 0.1, \"b\": 2}]");

    auto back = LogReport::FromJson(expected);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].get("main/loss"), 0.1);
    EXPECT_TRUE(std::holds_alternative<int64_t>(back[0].at("epoch")));
    EXPECT_TRUE(std::isnan(back[0].get("y")));
    std::vector<std::string> keys;
    for (const auto& item : back[0]) keys.push_back(item.first);
    EXPECT_EQ(keys, (std::vector<std::string>{"main/loss", "x", "y", "epoch", "iteration", "elapsed_time"}));
}

}  // namespace
}  // namespace training
}  // namespace cnet
