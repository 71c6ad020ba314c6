// multithread_iterator_test.cc — MultithreadIterator gives SerialIterator's exact batches and bookkeeping
// (same seed, several threads), stops after one sweep without repeat, snapshots like SerialIterator, and resumes
// exactly from a snapshot taken at any iteration.
#include "cnet/iterators/multithread_iterator.h"

#include <gtest/gtest.h>

#include <memory>

#include "cnet/core/random.h"
#include "cnet/datasets/transform_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_deserializer.h"
#include "test_util.h"

namespace cnet {
namespace {

using iterators::Batch;

std::shared_ptr<datasets::TupleDataset> Range(int64_t n) {
    return std::make_shared<datasets::TupleDataset>(testing_util::Arange(n, {n}, Dtype::kInt64));
}

std::vector<int64_t> Ids(const Batch& batch) {
    std::vector<int64_t> out;
    for (const auto& e : batch) out.push_back(e[0].item<int64_t>());
    return out;
}

TEST(MultithreadIteratorTest, SameBatchesAsSerialIterator) {
    // Separate generators with one seed: the two iterators must not draw from one shared generator in turn.
    iterators::SerialIterator serial(Range(23), 5, true, std::nullopt, iterators::ShuffleOrderSampler(11));
    iterators::MultithreadIterator threaded(Range(23), 5, true, std::nullopt, 3, iterators::ShuffleOrderSampler(11));
    for (int k = 0; k < 12; ++k) {
        SCOPED_TRACE(k);
        EXPECT_EQ(Ids(threaded.next()), Ids(serial.next()));
        EXPECT_EQ(threaded.epoch(), serial.epoch());
        EXPECT_EQ(threaded.is_new_epoch(), serial.is_new_epoch());
        EXPECT_DOUBLE_EQ(threaded.epoch_detail(), serial.epoch_detail());
        EXPECT_EQ(threaded.previous_epoch_detail(), serial.previous_epoch_detail());
    }
}

TEST(MultithreadIteratorTest, NoRepeatAndReset) {
    // A transform makes fetching do some work on the worker threads.
    auto ds = std::make_shared<datasets::TransformDataset>(
        Range(10), [](const datasets::Example& e) { return datasets::Example{e[0], e[0].copy()}; });
    iterators::MultithreadIterator it(ds, 4, false, false, 2);
    std::vector<std::vector<int64_t>> seen;
    for (const Batch& batch : it) seen.push_back(Ids(batch));
    EXPECT_EQ(seen, (std::vector<std::vector<int64_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}));
    EXPECT_EQ(it.epoch(), 1);
    EXPECT_TRUE(it.next().empty());
    it.reset();
    EXPECT_EQ(it.epoch(), 0);
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{0, 1, 2, 3}));
    it.finalize();
}

TEST(MultithreadIteratorTest, SnapshotShowsTheReturnedBatchNotThePrefetchedOne) {
    iterators::MultithreadIterator it(Range(10), 3, true, false, 2);
    it.next();
    it.next();  // positions 0..5 returned; 6..8 are being prefetched
    serializers::DictionarySerializer saver;
    it.serialize(saver);
    EXPECT_EQ(saver.target()->at("current_position").item<int64_t>(), 6);
    iterators::MultithreadIterator resumed(Range(10), 3, true, false, 2);
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(*saver.target()));
    resumed.serialize(loader);
    EXPECT_EQ(Ids(resumed.next()), (std::vector<int64_t>{6, 7, 8}));
    EXPECT_EQ(Ids(resumed.next()), (std::vector<int64_t>{9, 0, 1}));
    EXPECT_TRUE(resumed.is_new_epoch());
}

// A training loop's view of n iterations: each batch, then a draw from the generator the shuffle uses (dropout).
std::vector<std::pair<std::vector<int64_t>, double>> Steps(iterators::MultithreadIterator& it, int n) {
    std::vector<std::pair<std::vector<int64_t>, double>> steps;
    for (int k = 0; k < n; ++k) {
        std::vector<int64_t> ids = Ids(it.next());
        steps.emplace_back(std::move(ids), random::default_generator().uniform());
    }
    return steps;
}

// Note [Exact resume of a prefetching iterator]: a snapshot (iterator state and the generator's state, as a
// trainer snapshot holds them) taken after any iteration resumes the uninterrupted run's batches and draws. 10
// examples in batches of 4: epochs end inside batches, and the order of each epoch is drawn from the default
// generator between the draws of the loop.
TEST(MultithreadIteratorTest, ResumeFromAnyIterationIsExact) {
    constexpr int kSteps = 12;
    random::seed(5);
    iterators::MultithreadIterator reference(Range(10), 4, true, true, 2);
    const auto expected = Steps(reference, kSteps);
    for (int k = 1; k < kSteps; ++k) {
        SCOPED_TRACE(k);
        random::seed(5);
        iterators::MultithreadIterator killed(Range(10), 4, true, true, 2);
        auto steps = Steps(killed, k);
        serializers::DictionarySerializer saver;
        killed.serialize(saver);
        const random::GeneratorState state = random::default_generator().state();
        random::seed(1234);  // a new process: the constructor draws an order that the snapshot replaces
        iterators::MultithreadIterator resumed(Range(10), 4, true, true, 2);
        serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(*saver.target()));
        resumed.serialize(loader);
        random::default_generator().set_state(state);
        const auto rest = Steps(resumed, kSteps - k);
        steps.insert(steps.end(), rest.begin(), rest.end());
        EXPECT_EQ(steps, expected);
    }
}

}  // namespace
}  // namespace cnet
