// serial_iterator_test.cc — SerialIterator's epoch bookkeeping against Chainer's source semantics (values
// worked out by hand from SerialIterator.__next__), shuffling, reproducibility and serialization.
#include "cnet/iterators/serial_iterator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

#include "cnet/core/random.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_deserializer.h"
#include "test_util.h"

namespace cnet {
namespace {

using iterators::Batch;
using iterators::SerialIterator;

std::shared_ptr<datasets::TupleDataset> Range(int64_t n) {
    return std::make_shared<datasets::TupleDataset>(testing_util::Arange(n, {n}, Dtype::kInt64));
}

std::vector<int64_t> Ids(const Batch& batch) {
    std::vector<int64_t> out;
    for (const auto& e : batch) out.push_back(e[0].item<int64_t>());
    return out;
}

// 10 examples, batch 3, repeat, no shuffle: the batch that crosses an epoch boundary wraps around.
TEST(SerialIteratorTest, RepeatEpochSemantics) {
    SerialIterator it(Range(10), 3, true, false);
    EXPECT_EQ(it.epoch(), 0);
    EXPECT_FALSE(it.is_new_epoch());
    EXPECT_EQ(it.previous_epoch_detail(), std::nullopt);
    EXPECT_DOUBLE_EQ(it.epoch_detail(), 0.0);
    struct Step {
        std::vector<int64_t> ids;
        int64_t epoch;
        bool is_new_epoch;
        double detail, previous;
    };
    const std::vector<Step> steps = {
        {{0, 1, 2}, 0, false, 0.3, 0.0}, {{3, 4, 5}, 0, false, 0.6, 0.3}, {{6, 7, 8}, 0, false, 0.9, 0.6},
        {{9, 0, 1}, 1, true, 1.2, 0.9},  {{2, 3, 4}, 1, false, 1.5, 1.2}, {{5, 6, 7}, 1, false, 1.8, 1.5},
        {{8, 9, 0}, 2, true, 2.1, 1.8},  {{1, 2, 3}, 2, false, 2.4, 2.1},
    };
    for (size_t s = 0; s < steps.size(); ++s) {
        SCOPED_TRACE(s);
        EXPECT_EQ(Ids(it.next()), steps[s].ids);
        EXPECT_EQ(it.epoch(), steps[s].epoch);
        EXPECT_EQ(it.is_new_epoch(), steps[s].is_new_epoch);
        EXPECT_NEAR(it.epoch_detail(), steps[s].detail, 1e-12);
        ASSERT_TRUE(it.previous_epoch_detail().has_value());
        EXPECT_NEAR(*it.previous_epoch_detail(), steps[s].previous, 1e-12);
    }
    it.reset();
    EXPECT_EQ(it.epoch(), 0);
    EXPECT_EQ(it.previous_epoch_detail(), std::nullopt);
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{0, 1, 2}));
}

// repeat=False: one sweep, a short last batch (10 % 3 = 1), then exhaustion (an empty batch).
TEST(SerialIteratorTest, NoRepeatStopsAfterOneSweep) {
    SerialIterator it(Range(10), 3, false, false);
    std::vector<std::vector<int64_t>> seen;
    for (const Batch& batch : it) seen.push_back(Ids(batch));
    EXPECT_EQ(seen, (std::vector<std::vector<int64_t>>{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9}}));
    EXPECT_EQ(it.epoch(), 1);
    EXPECT_TRUE(it.is_new_epoch());
    EXPECT_DOUBLE_EQ(it.epoch_detail(), 1.0);
    EXPECT_TRUE(it.next().empty());
    EXPECT_TRUE(it.next().empty());
    it.reset();  // Evaluator resets it before each evaluation
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{0, 1, 2}));
    SerialIterator exact(Range(6), 3, false, false);
    EXPECT_EQ(exact.next().size(), 3u);
    EXPECT_EQ(exact.next().size(), 3u);
    EXPECT_TRUE(exact.is_new_epoch());
    EXPECT_TRUE(exact.next().empty());
}

// Chainer's state machine: a batch spans as many epochs as it needs, each crossing counted and drawing a new order
// (values printed by Chainer 7.8.1's SerialIterator).
TEST(SerialIteratorTest, BatchLargerThanDataset) {
    SerialIterator it(Range(2), 5, true, false);
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{0, 1, 0, 1, 0}));
    EXPECT_EQ(it.epoch(), 2);
    EXPECT_TRUE(it.is_new_epoch());
    EXPECT_EQ(it.epoch_detail(), 2.5);
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{1, 0, 1, 0, 1}));
    EXPECT_EQ(it.epoch(), 5);
    EXPECT_EQ(it.epoch_detail(), 5.0);
    EXPECT_EQ(it.previous_epoch_detail(), 2.5);
    SerialIterator once(Range(2), 5, false, false);
    EXPECT_EQ(Ids(once.next()), (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(once.epoch(), 1);
    EXPECT_TRUE(once.next().empty());
    std::vector<int64_t> positions;  // each new order is drawn from the position the last one was left at
    iterators::OrderSampler reverse = [&positions](const std::vector<int64_t>& order, int64_t i) {
        positions.push_back(i);
        return std::vector<int64_t>(order.rbegin(), order.rend());
    };
    SerialIterator sampled(Range(3), 7, true, std::nullopt, reverse);
    EXPECT_EQ(Ids(sampled.next()), (std::vector<int64_t>{2, 1, 0, 0, 1, 2, 2}));
    EXPECT_EQ(sampled.epoch(), 2);
    EXPECT_EQ(Ids(sampled.next()), (std::vector<int64_t>{1, 0, 0, 1, 2, 2, 1}));
    EXPECT_EQ(sampled.epoch(), 4);
    EXPECT_EQ(positions, (std::vector<int64_t>{0, 0, 0, 1, 0}));
}

TEST(SerialIteratorTest, ShuffleCoversEachEpochAndIsReproducible) {
    random::seed(7);
    SerialIterator it(Range(10), 5);  // shuffle=None: shuffled
    ASSERT_TRUE(it.order().has_value());
    std::vector<std::vector<int64_t>> epochs;
    for (int e = 0; e < 3; ++e) {
        std::vector<int64_t> ids = Ids(it.next());
        const std::vector<int64_t> second = Ids(it.next());
        EXPECT_TRUE(it.is_new_epoch());
        ids.insert(ids.end(), second.begin(), second.end());
        epochs.push_back(ids);
        std::vector<int64_t> sorted = ids;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(sorted, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    }
    EXPECT_NE(epochs[0], epochs[1]);
    random::seed(7);
    SerialIterator again(Range(10), 5);
    for (int e = 0; e < 3; ++e) {
        std::vector<int64_t> ids = Ids(again.next());
        const std::vector<int64_t> second = Ids(again.next());
        ids.insert(ids.end(), second.begin(), second.end());
        EXPECT_EQ(ids, epochs[e]);
    }
}

TEST(SerialIteratorTest, OrderSamplerAndArgumentChecks) {
    iterators::OrderSampler reverse = [](const std::vector<int64_t>& order, int64_t) {
        std::vector<int64_t> out(order.size());
        for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int64_t>(out.size() - 1 - i);
        return out;
    };
    SerialIterator it(Range(4), 2, true, std::nullopt, reverse);
    EXPECT_EQ(Ids(it.next()), (std::vector<int64_t>{3, 2}));
    EXPECT_THROW(SerialIterator(Range(4), 2, true, true, reverse), ValueError);
    EXPECT_THROW(SerialIterator(Range(4), 0), ValueError);
    int calls = 0;
    iterators::OrderSampler shrinking = [&calls](const std::vector<int64_t>& order, int64_t) {
        return ++calls == 1 ? order : std::vector<int64_t>{0};
    };
    SerialIterator bad(Range(4), 2, true, std::nullopt, shrinking);
    bad.next();
    EXPECT_THROW(bad.next(), ValueError);  // "The size of order does not match the size of the previous order."
}

TEST(SerialIteratorTest, SerializeRoundTripResumesTheSameBatches) {
    random::seed(3);
    SerialIterator it(Range(10), 3);
    for (int k = 0; k < 4; ++k) it.next();
    serializers::DictionarySerializer saver;
    it.serialize(saver);
    const auto& npz = *saver.target();
    EXPECT_EQ(npz.files(), (std::vector<std::string>{"current_position", "epoch", "is_new_epoch", "order",
                                                     "previous_epoch_detail"}));
    EXPECT_EQ(npz.at("current_position").item<int64_t>(), 2);
    EXPECT_EQ(npz.at("epoch").item<int64_t>(), 1);
    EXPECT_TRUE(npz.at("is_new_epoch").item<bool>());
    EXPECT_EQ(npz.at("order").shape(), (Shape{10}));
    EXPECT_DOUBLE_EQ(npz.at("previous_epoch_detail").item<double>(), 0.9);

    SerialIterator resumed(Range(10), 3);
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(npz));
    resumed.serialize(loader);
    EXPECT_EQ(resumed.epoch(), 1);
    EXPECT_EQ(resumed.current_position(), 2);
    EXPECT_DOUBLE_EQ(*resumed.previous_epoch_detail(), 0.9);
    // The rest of the saved epoch's order is replayed exactly; the next epoch's shuffle comes from the global
    // generator, which a snapshot does not hold (as in Chainer), so only its first two ids are compared.
    for (int k = 0; k < 2; ++k) EXPECT_EQ(Ids(resumed.next()), Ids(it.next()));
    const std::vector<int64_t> crossing = Ids(resumed.next());
    EXPECT_EQ(std::vector<int64_t>(crossing.begin(), crossing.begin() + 2),
              std::vector<int64_t>(it.order()->begin() + 8, it.order()->end()));

    // An older snapshot without previous_epoch_detail: guessed as Chainer does (epoch + (pos - bs) / n).
    serializers::NpzFile old;
    old.set("current_position", Array::FromScalar(5, Dtype::kInt64));
    old.set("epoch", Array::FromScalar(2, Dtype::kInt64));
    old.set("is_new_epoch", Array::FromScalar(false, Dtype::kBool));
    old.set("_order", Array::FromVector(std::vector<int64_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    SerialIterator from_old(Range(10), 3);
    serializers::NpzDeserializer old_loader(std::make_shared<serializers::NpzFile>(old));
    from_old.serialize(old_loader);
    EXPECT_NEAR(*from_old.previous_epoch_detail(), 2.2, 1e-12);
    EXPECT_EQ(Ids(from_old.next()), (std::vector<int64_t>{4, 3, 2}));
}

// A snapshot is input: state next() cannot continue from is refused with the value, never read out of bounds.
serializers::NpzFile ValidIteratorState() {
    serializers::NpzFile npz;
    npz.set("current_position", Array::FromScalar(2, Dtype::kInt64));
    npz.set("epoch", Array::FromScalar(1, Dtype::kInt64));
    npz.set("is_new_epoch", Array::FromScalar(false, Dtype::kBool));
    npz.set("order", Array::FromVector(std::vector<int64_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    npz.set("previous_epoch_detail", Array::FromScalar(1.1, Dtype::kFloat64));
    return npz;
}

std::string LoadError(const serializers::NpzFile& npz, int64_t n = 10, int64_t batch = 3) {
    SerialIterator it(Range(n), batch);
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(npz));
    try {
        it.serialize(loader);
    } catch (const SerializationError& e) {
        return e.what();
    }
    return "";
}

TEST(SerialIteratorTest, LoadRejectsStateOutOfRange) {
    EXPECT_EQ(LoadError(ValidIteratorState()), "");
    auto with = [](const std::string& key, const Array& value) {
        serializers::NpzFile npz = ValidIteratorState();
        npz.set(key, value);
        return npz;
    };
    EXPECT_EQ(LoadError(with("current_position", Array::FromScalar(-1, Dtype::kInt64))),
              "SerialIterator: the snapshot's current_position -1 is out of range for a dataset of 10 examples "
              "(batch size 3)");
    EXPECT_EQ(LoadError(with("current_position", Array::FromScalar(10, Dtype::kInt64))),
              "SerialIterator: the snapshot's current_position 10 is out of range for a dataset of 10 examples "
              "(batch size 3)");
    // A batch larger than the dataset moves the position past its end (as in Chainer): accepted.
    EXPECT_EQ(LoadError(with("current_position", Array::FromScalar(12, Dtype::kInt64)), 10, 16), "");
    EXPECT_EQ(LoadError(with("epoch", Array::FromScalar(-3, Dtype::kInt64))),
              "SerialIterator: the snapshot's epoch -3 is negative");
    EXPECT_EQ(LoadError(with("order", Array::FromVector(std::vector<int64_t>{0, 1, 2}))),
              "shape mismatch for 'order': expected (10,), got (3,)");
    EXPECT_EQ(LoadError(with("order", Array::FromVector(std::vector<int64_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 10}))),
              "SerialIterator: the snapshot's order is not a permutation of range(10) (entry 10)");
    EXPECT_EQ(LoadError(with("order", Array::FromVector(std::vector<int64_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 1}))),
              "SerialIterator: the snapshot's order is not a permutation of range(10) (entry 1)");
    EXPECT_EQ(LoadError(with("order", Array::FromVector(std::vector<int64_t>{-1, 8, 7, 6, 5, 4, 3, 2, 1, 0}))),
              "SerialIterator: the snapshot's order is not a permutation of range(10) (entry -1)");
    EXPECT_EQ(LoadError(with("previous_epoch_detail", Array::FromScalar(-0.5, Dtype::kFloat64))),
              "SerialIterator: the snapshot's previous_epoch_detail -0.5 is neither None (-1) nor >= 0");
}

// An empty dataset has no epoch_detail (0/0; Chainer raises ZeroDivisionError): said by name, so training on one
// fails instead of stopping before its first update.
TEST(SerialIteratorTest, EmptyDatasetIsAnError) {
    SerialIterator it(Range(0), 4);
    EXPECT_THROW(
        {
            try {
                it.next();
            } catch (const ValueError& e) {
                EXPECT_STREQ(e.what(), "SerialIterator: the dataset is empty (0 examples)");
                throw;
            }
        },
        ValueError);
    EXPECT_THROW(it.epoch_detail(), ValueError);
}

// A seeded ShuffleOrderSampler's generator is in the snapshot: the resumed iterator draws the same later epochs.
TEST(SerialIteratorTest, SeededSamplerStateResumesLaterEpochs) {
    SerialIterator it(Range(7), 3, true, std::nullopt, iterators::ShuffleOrderSampler(11));
    for (int k = 0; k < 5; ++k) it.next();
    serializers::DictionarySerializer saver;
    it.serialize(saver);
    EXPECT_EQ(saver.target()->at("_order_sampler_random_state").shape(), (Shape{6}));

    // A different seed: only the snapshot can make its later epochs equal.
    SerialIterator resumed(Range(7), 3, true, std::nullopt, iterators::ShuffleOrderSampler(99));
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(*saver.target()));
    resumed.serialize(loader);
    for (int k = 0; k < 12; ++k) EXPECT_EQ(Ids(resumed.next()), Ids(it.next())) << "batch " << k;
}

}  // namespace
}  // namespace cnet
