// snapshot_safety_test.cc — what a snapshot leaves on disk after kills (no stale temporaries), the random state
// it carries (resumed draws equal uninterrupted ones), and the trainer state it is validated against on load.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "cnet/core/random.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz.h"
#include "cnet/serializers/npz_deserializer.h"
#include "cnet/training/extensions/snapshot.h"
#include "cnet/training/trainer.h"
#include "cnet/training/triggers/interval_trigger.h"
#include "training/training_test_util.h"

namespace cnet {
namespace training {
namespace {

namespace fs = std::filesystem;
using testing::FakeUpdater;

std::set<std::string> Entries(const std::string& dir) {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

// Killed runs leave tmp<name>.cnet-XXXXXX directories; the next snapshot removes those no live process holds
// (its flock died with it), and keeps one being written (locked), and anything not of the pattern.
TEST(SnapshotSafetyTest, NextSnapshotRemovesOnlyStaleTemporaries) {
    testing::TempDir tmp;
    const std::string out = tmp.path();
    for (const char* dir : {"tmpsnapshot_iter_3.cnet-Ab12Cd", "tmpsnapshot_iter_7.cnet-Zz99Yy", "tmpdata",
                            "tmpsnapshot_iter_3Ab12Cd"}) {
        fs::create_directories(tmp.file(dir));
        std::ofstream(tmp.file(std::string(dir) + "/snapshot_iter_3")) << "partial";
    }
    std::ofstream(tmp.file("tmpfile.cnet-Qq11Ww")) << "a file, not a snapshot directory";
    // A live writer: another open file description holding the lock, as a running trainer would.
    const int live = ::open(tmp.file("tmpsnapshot_iter_7.cnet-Zz99Yy").c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(live, 0);
    ASSERT_EQ(::flock(live, LOCK_EX | LOCK_NB), 0);

    auto updater = std::make_shared<FakeUpdater>(4);
    Trainer trainer(updater, {2, "iteration"}, out);
    trainer.extend(extensions::snapshot(), std::nullopt, {1, "iteration"});
    trainer.run();
    ::close(live);

    EXPECT_EQ(Entries(out), (std::set<std::string>{"snapshot_iter_1", "snapshot_iter_2",
                                                    "tmpsnapshot_iter_7.cnet-Zz99Yy", "tmpdata",
                                                    "tmpsnapshot_iter_3Ab12Cd", "tmpfile.cnet-Qq11Ww"}));
    EXPECT_TRUE(fs::is_regular_file(tmp.file("tmpsnapshot_iter_7.cnet-Zz99Yy/snapshot_iter_3")));
}

// The trainer's snapshot holds the default generator: draws after a resume equal the uninterrupted draws.
TEST(SnapshotSafetyTest, TrainerSnapshotCarriesTheRandomState) {
    testing::TempDir tmp;
    auto updater = std::make_shared<FakeUpdater>(2);
    Trainer trainer(updater, {1, "epoch"}, tmp.path());
    random::seed(5);
    random::default_generator().normal();  // leaves Box-Muller's second value cached: part of the state
    serializers::save_npz(tmp.file("snap"), trainer);
    std::vector<double> expected;
    for (int i = 0; i < 5; ++i) expected.push_back(random::default_generator().normal());

    random::seed(12345);  // another run's state, replaced by the snapshot's
    auto updater2 = std::make_shared<FakeUpdater>(2);
    Trainer resumed(updater2, {1, "epoch"}, tmp.path());
    serializers::load_npz(tmp.file("snap"), resumed);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(random::default_generator().normal(), expected[static_cast<size_t>(i)]);
}

std::string LoadTrainerError(serializers::NpzFile npz) {
    auto updater = std::make_shared<FakeUpdater>(2);
    Trainer trainer(updater, {1, "epoch"}, "unused");
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(std::move(npz)));
    try {
        trainer.serialize(loader);
    } catch (const SerializationError& e) {
        return e.what();
    }
    return "";
}

// Loaded trainer state is input: values no run can reach are refused by name.
TEST(SnapshotSafetyTest, LoadRejectsImpossibleTrainerState) {
    auto updater = std::make_shared<FakeUpdater>(2);
    Trainer trainer(updater, {1, "epoch"}, "unused");
    serializers::DictionarySerializer saver;
    trainer.serialize(saver);
    const serializers::NpzFile good = *saver.target();
    EXPECT_EQ(LoadTrainerError(good), "");

    serializers::NpzFile bad = good;
    bad.set("_snapshot_elapsed_time", Array::FromScalar(-4.0, Dtype::kFloat64));
    EXPECT_EQ(LoadTrainerError(bad), "Trainer: the snapshot's _snapshot_elapsed_time -4 is not a non-negative number");
    bad = good;
    bad.set("stop_trigger/previous_iteration", Array::FromScalar(-7, Dtype::kInt64));
    EXPECT_EQ(LoadTrainerError(bad), "IntervalTrigger: the snapshot's previous_iteration -7 is negative");
    bad = good;
    bad.set("stop_trigger/previous_epoch_detail", Array::FromScalar(-0.25, Dtype::kFloat64));
    EXPECT_EQ(LoadTrainerError(bad),
              "IntervalTrigger: the snapshot's previous_epoch_detail -0.25 is neither -1 nor a non-negative number");
    bad = good;
    bad.set("_random_state", Array::FromVector(std::vector<int64_t>{0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(LoadTrainerError(bad), "cannot load the random state '_random_state': all four generator words are zero");
    bad = good;
    bad.set("_random_state", Array::FromVector(std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(LoadTrainerError(bad), "shape mismatch for '_random_state': expected (6,), got (3,)");
    bad = good;
    bad.set("_random_state", Array::FromVector(std::vector<int64_t>{1, 2, 3, 4, 2, 0}));
    EXPECT_EQ(LoadTrainerError(bad), "cannot load the random state '_random_state': the cached-normal flag is 2, not 0 "
                                     "or 1");
}

// `--epoch 0`: Chainer says only "float divmod()" when the loop starts; cnet names the trigger and the period.
TEST(SnapshotSafetyTest, ZeroPeriodIsRefusedByName) {
    auto updater = std::make_shared<FakeUpdater>(2);
    try {
        Trainer trainer(updater, {int64_t{0}, "epoch"}, "unused");
        FAIL() << "a (0, 'epoch') stop trigger was accepted";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "IntervalTrigger: the period must be positive, got (0, 'epoch')");
    }
    EXPECT_THROW(triggers::IntervalTrigger(-1.5, false, "epoch"), ValueError);
}

}  // namespace
}  // namespace training
}  // namespace cnet
