// multithread_iterator_test.cc — MultithreadIterator gives SerialIterator's exact batches and bookkeeping
// (same seed, several threads), stops after one sweep without repeat, and snapshots like SerialIterator.
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

}  // namespace
}  // namespace cnet
