// end_to_end_test.cc — a tiny classifier trained by the Trainer with the MNIST example's extensions;
// snapshot round trip and resume; PlotReport's PNG; dump_graph's DOT.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "cnet/core/config.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/adam.h"
#include "cnet/serializers/npz.h"
#include "cnet/training/training.h"
#include "test_util.h"
#include "training/training_test_util.h"

namespace cnet {
namespace training {
namespace {

namespace E = extensions;

std::string ReadFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// 24 examples of 4 features, labels = argmax of the first 3 features (learnable by one Linear layer).
std::shared_ptr<datasets::TupleDataset> MakeDataset(uint64_t seed) {
    Array x = testing_util::Uniform({24, 4}, -1, 1, Dtype::kFloat32, seed);
    std::vector<int32_t> t;
    for (int64_t i = 0; i < 24; ++i) {
        int best = 0;
        for (int j = 1; j < 3; ++j) {
            if (x.at_flat(i * 4 + j) > x.at_flat(i * 4 + best)) best = j;
        }
        t.push_back(best);
    }
    return std::make_shared<datasets::TupleDataset>(x, Array::FromVector(t, Shape{24}));
}

// The pieces of train_mnist.py: model, optimizer, iterators, updater, trainer.
struct MnistLikeRun {
    std::shared_ptr<links::Classifier> model;
    std::shared_ptr<optimizers::Adam> optimizer;
    std::shared_ptr<iterators::SerialIterator> train_iter;
    std::shared_ptr<updaters::StandardUpdater> updater;
    std::unique_ptr<Trainer> trainer;

    MnistLikeRun(const std::string& out, int64_t epochs) {
        model = std::make_shared<links::Classifier>(std::make_shared<links::Linear>(4, 3));
        optimizer = std::make_shared<optimizers::Adam>(0.05);
        optimizer->setup(model);
        train_iter = std::make_shared<iterators::SerialIterator>(MakeDataset(1), 6, true, false);
        updater = std::make_shared<updaters::StandardUpdater>(train_iter, optimizer);
        trainer = std::make_unique<Trainer>(updater, TriggerArg(epochs, "epoch"), out);
    }
};

std::vector<std::vector<double>> Params(Link& link) {
    std::vector<std::vector<double>> out;
    for (const auto& p : link.params()) out.push_back(p.array().to_vector<double>());
    return out;
}

TEST(EndToEndTest, TrainsWithMnistExampleExtensions) {
    testing::TempDir tmp;
    MnistLikeRun s(tmp.path(), 3);
    auto test_iter = std::make_shared<iterators::SerialIterator>(MakeDataset(2), 10, false, false);
    Trainer& trainer = *s.trainer;
    trainer.extend(std::make_shared<E::Evaluator>(test_iter, s.model));
    trainer.extend(E::dump_graph("main/loss"));
    trainer.extend(E::snapshot(), std::nullopt, {1, "epoch"});
    trainer.extend(std::make_shared<E::LogReport>());
    ASSERT_TRUE(E::PlotReport::available());
    trainer.extend(std::make_shared<E::PlotReport>(std::vector<std::string>{"main/loss", "validation/main/loss"},
                                                   "epoch", TriggerArg(1, "epoch"), "loss.png"));
    std::ostringstream printed;
    trainer.extend(std::make_shared<E::PrintReport>(
        std::vector<std::string>{"epoch", "main/loss", "validation/main/loss", "main/accuracy",
                                 "validation/main/accuracy", "elapsed_time"},
        "LogReport", printed));
    std::ostringstream bar;
    trainer.extend(std::make_shared<E::ProgressBar>(TriggerArg(), 2, 50, bar));
    trainer.run();

    EXPECT_EQ(s.updater->iteration, 12);
    EXPECT_EQ(s.updater->epoch(), 3);
    EXPECT_EQ(s.optimizer->t, 12);
    EXPECT_EQ(trainer.extension_names(),
              (std::vector<std::string>{"validation", "dump_graph", "snapshot", "LogReport", "PlotReport",
                                        "PrintReport", "ProgressBar"}));

    auto log = trainer.get_extension<E::LogReport>("LogReport")->log();
    ASSERT_EQ(log.size(), 3u);
    for (const char* key : {"main/loss", "main/accuracy", "validation/main/loss", "validation/main/accuracy",
                            "epoch", "iteration", "elapsed_time"}) {
        EXPECT_TRUE(log[2].contains(key)) << key;
    }
    EXPECT_LT(log[2].get("main/loss"), log[0].get("main/loss"));
    EXPECT_EQ(std::get<int64_t>(log[2].at("iteration")), 12);

    // PrintReport: header once, then one row per log entry
    std::string text = printed.str();
    EXPECT_EQ(text.rfind("epoch       main/loss   validation/main/loss  main/accuracy  validation/main/accuracy  "
                         "elapsed_time\n\033[J1           ",
                         0),
              0u)
        << text;
    EXPECT_NE(text.find("\033[J3           "), std::string::npos);
    EXPECT_NE(bar.str().find("        12 iter, 3 epoch / 3 epochs\n"), std::string::npos);

    // files of the MNIST example
    for (const char* f : {"log", "cg.dot", "loss.png", "snapshot_iter_4", "snapshot_iter_8", "snapshot_iter_12"}) {
        EXPECT_TRUE(std::filesystem::is_regular_file(tmp.file(f))) << f;
    }
    std::string dot = ReadFile(tmp.file("cg.dot"));
    EXPECT_EQ(dot.rfind("digraph graphname{rankdir=TB;", 0), 0u);
    EXPECT_NE(dot.find("label=\"LinearFunction\",shape=\"record\",fillcolor=\"#6495ED\",style=\"filled\""),
              std::string::npos)
        << dot;
    EXPECT_NE(dot.find("label=\"W: (3, 4), float32\",shape=\"octagon\""), std::string::npos) << dot;
    EXPECT_NE(dot.find(" -> "), std::string::npos);
    EXPECT_EQ(dot.back(), '}');
    EXPECT_FALSE(config().keep_graph_on_report());

    std::string png = ReadFile(tmp.file("loss.png"));
    ASSERT_GT(png.size(), 24u);
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    auto be32 = [&](size_t at) {
        return (static_cast<uint32_t>(static_cast<unsigned char>(png[at])) << 24) |
               (static_cast<uint32_t>(static_cast<unsigned char>(png[at + 1])) << 16) |
               (static_cast<uint32_t>(static_cast<unsigned char>(png[at + 2])) << 8) |
               static_cast<uint32_t>(static_cast<unsigned char>(png[at + 3]));
    };
    EXPECT_EQ(png.substr(12, 4), "IHDR");
    EXPECT_GE(be32(16), 700u);  // the plot plus its legend
    EXPECT_LE(be32(16), 1000u);
    EXPECT_EQ(be32(20), 480u);
    auto plot = trainer.get_extension<E::PlotReport>("PlotReport");
    EXPECT_EQ(plot->data().at("validation/main/loss").size(), 3u);
}

TEST(EndToEndTest, SnapshotResumeMatchesUninterruptedRun) {
    testing::TempDir tmp;
    // uninterrupted: 2 epochs (8 iterations), snapshots at 4 and 8
    MnistLikeRun full(tmp.file("full"), 2);
    full.trainer->extend(E::snapshot());
    full.trainer->extend(std::make_shared<E::LogReport>());
    full.trainer->run();
    EXPECT_EQ(full.optimizer->t, 8);

    // a fresh setup loaded from the snapshot at the end: same iteration, epoch, optimizer state, parameters
    MnistLikeRun loaded(tmp.file("loaded"), 2);
    loaded.trainer->extend(E::snapshot());
    loaded.trainer->extend(std::make_shared<E::LogReport>());
    serializers::load_npz(tmp.file("full/snapshot_iter_8"), *loaded.trainer);
    EXPECT_EQ(loaded.updater->iteration, 8);
    EXPECT_EQ(loaded.updater->epoch(), 2);
    EXPECT_EQ(loaded.train_iter->current_position(), full.train_iter->current_position());
    EXPECT_EQ(loaded.optimizer->t, 8);
    EXPECT_EQ(Params(*loaded.model), Params(*full.model));
    EXPECT_EQ(loaded.trainer->get_extension<E::LogReport>("LogReport")->log().size(), 2u);

    // resumed from the epoch-1 snapshot and trained to epoch 2: the same parameters as the uninterrupted run
    MnistLikeRun resumed(tmp.file("resumed"), 2);
    resumed.trainer->extend(E::snapshot());
    auto log = std::make_shared<E::LogReport>();
    resumed.trainer->extend(log);
    serializers::load_npz(tmp.file("full/snapshot_iter_4"), *resumed.trainer);
    EXPECT_EQ(resumed.updater->iteration, 4);
    EXPECT_EQ(resumed.updater->epoch(), 1);
    EXPECT_EQ(resumed.optimizer->t, 4);
    resumed.trainer->run();
    EXPECT_EQ(resumed.updater->iteration, 8);
    EXPECT_EQ(resumed.optimizer->t, 8);
    auto a = Params(*resumed.model), b = Params(*full.model);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].size(), b[i].size());
        for (size_t j = 0; j < a[i].size(); ++j) EXPECT_NEAR(a[i][j], b[i][j], 1e-6);
    }
    ASSERT_EQ(log->log().size(), 2u);
    EXPECT_EQ(std::get<int64_t>(log->log()[1].at("iteration")), 8);
    EXPECT_TRUE(std::filesystem::is_regular_file(tmp.file("resumed/snapshot_iter_8")));
}

TEST(EndToEndTest, SnapshotObjectAndShifts) {
    testing::TempDir tmp;
    MnistLikeRun s(tmp.path(), 2);
    s.trainer->extend(E::snapshot_object(s.model->predictor, "model_epoch-{.updater.epoch}"));
    s.trainer->extend(std::make_shared<E::ExponentialShift>("alpha", 0.5), std::nullopt, {1, "epoch"});
    s.trainer->extend(E::observe_lr());
    auto log = std::make_shared<E::LogReport>(std::vector<std::string>{"lr"});
    s.trainer->extend(log);
    s.trainer->extend(std::make_shared<E::FailOnNonNumber>());
    s.trainer->run();
    EXPECT_DOUBLE_EQ(s.optimizer->alpha, 0.05 * 0.25);
    EXPECT_TRUE(std::filesystem::is_regular_file(tmp.file("model_epoch-1")));
    EXPECT_TRUE(std::filesystem::is_regular_file(tmp.file("model_epoch-2")));
    auto fresh = std::make_shared<links::Linear>(4, 3);
    serializers::load_npz(tmp.file("model_epoch-2"), fresh);
    EXPECT_EQ(Params(*fresh), Params(*s.model->predictor));
    ASSERT_EQ(log->log().size(), 2u);
    EXPECT_TRUE(log->log()[0].contains("lr"));

    // a diverged parameter stops training
    E::FailOnNonNumber fail;
    fail(*s.trainer);
    Array w = s.model->predictor->params()[0].array();
    w.fill(NAN);
    try {
        fail(*s.trainer);
        ADD_FAILURE() << "FailOnNonNumber did not throw";
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "Kill the process since parameters in optimizer 'main' diverge. R.I.P.");
    }
}

}  // namespace
}  // namespace training
}  // namespace cnet
