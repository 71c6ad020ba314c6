// multiprocess_iterator_test.cc — MultiprocessIterator (worker threads): SerialIterator's batches from the same
// seed, Chainer's argument errors.
#include "cnet/iterators/multiprocess_iterator.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "cnet/core/random.h"
#include "cnet/datasets/tuple_dataset.h"
#include "test_util.h"

namespace cnet {
namespace {

std::shared_ptr<datasets::TupleDataset> Range(int64_t n) {
    return std::make_shared<datasets::TupleDataset>(testing_util::Arange(n, {n}, Dtype::kInt64));
}

std::vector<std::vector<int64_t>> Batches(iterators::Iterator& it, int count) {
    std::vector<std::vector<int64_t>> out;
    for (int k = 0; k < count; ++k) {
        std::vector<int64_t> ids;
        for (const auto& e : it.next()) ids.push_back(e[0].item<int64_t>());
        out.push_back(ids);
    }
    return out;
}

TEST(MultiprocessIteratorTest, SerialIteratorsShuffledBatchesFromTheSameSeed) {
    random::seed(7);
    iterators::SerialIterator serial(Range(23), 5);
    const auto expected = Batches(serial, 12);
    random::seed(7);
    iterators::MultiprocessIterator workers(Range(23), 5, true, std::nullopt, 3);
    EXPECT_EQ(Batches(workers, 12), expected);
    EXPECT_EQ(workers.epoch(), 2);  // 60 examples drawn from 23: two epochs ended
}

TEST(MultiprocessIteratorTest, WithoutRepeatItStopsAfterOneEpoch) {
    iterators::MultiprocessIterator it(Range(7), 3, false, false);  // n_processes: one per CPU
    EXPECT_EQ(Batches(it, 3), (std::vector<std::vector<int64_t>>{{0, 1, 2}, {3, 4, 5}, {6}}));
    EXPECT_TRUE(it.next().empty());  // StopIteration
}

TEST(MultiprocessIteratorTest, ChainersArgumentErrors) {
    EXPECT_THROW(iterators::MultiprocessIterator(Range(4), 2, true, std::nullopt, 0), ValueError);
    EXPECT_THROW(iterators::MultiprocessIterator(Range(4), 2, true, std::nullopt, 2, 0), ValueError);
    EXPECT_THROW(iterators::MultiprocessIterator(Range(4), 2, true, std::nullopt, 2, 1, -1), ValueError);
    EXPECT_THROW(iterators::MultiprocessIterator(nullptr, 2), ValueError);
}

}  // namespace
}  // namespace cnet
