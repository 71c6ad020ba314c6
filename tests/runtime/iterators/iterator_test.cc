// iterator_test.cc — what the Iterator base gives a subclass that defines neither reset nor a copy (an Evaluator
// copies an iterator without reset, as Chainer's copy.copy), and serializer(key, value) as a .cnet
// serialize(self, serializer) override writes it (cnet/serializers/serializer_call.h).
#include "cnet/iterators/iterator.h"

#include <gtest/gtest.h>

#include <memory>

#include "cnet/datasets/tuple_dataset.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/py/errors.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_deserializer.h"
#include "cnet/serializers/serializer_call.h"
#include "test_util.h"

namespace cnet {
namespace {

class Counting : public iterators::Iterator {
public:
    iterators::Batch next() override { return {}; }
    int64_t batch_size() const override { return 1; }
    int64_t epoch() const override { return 0; }
    double epoch_detail() const override { return 0; }
    std::optional<double> previous_epoch_detail() const override { return std::nullopt; }
    bool is_new_epoch() const override { return false; }
};

TEST(IteratorTest, WithoutResetOrCopyTheBaseSaysSo) {
    Counting it;
    EXPECT_FALSE(it.has_reset());
    EXPECT_THROW(it.reset(), Error);
    EXPECT_THROW(it.copy(), Error);
    iterators::SerialIterator serial(
        std::make_shared<datasets::TupleDataset>(testing_util::Arange(4, {4}, Dtype::kInt64)), 2);
    EXPECT_TRUE(serial.has_reset());
}

TEST(IteratorTest, SerializerCallSavesAndReturnsTheLoadedValue) {
    serializers::DictionarySerializer saver;
    EXPECT_EQ(serializers::call<int64_t>(saver, "iteration", 7), 7);
    EXPECT_DOUBLE_EQ(serializers::call<double>(saver, "previous_epoch_detail", 0.25), 0.25);
    const auto npz = saver.target();
    serializers::NpzDeserializer loader(npz);
    EXPECT_EQ(serializers::call<int64_t>(loader, "iteration", 0), 7);
    EXPECT_DOUBLE_EQ(serializers::call<double>(loader, "previous_epoch_detail", -1.0), 0.25);
    // A key the archive lacks is Python's KeyError (Chainer's ptb iterator falls back on it) for a strict load,
    // and leaves the value as it is for a non-strict one.
    EXPECT_THROW(serializers::call<int64_t>(loader, "epoch", 3), py::KeyError);
    serializers::NpzDeserializer lenient(npz, "", /*strict=*/false);
    EXPECT_EQ(serializers::call<int64_t>(lenient, "epoch", 3), 3);
}

}  // namespace
}  // namespace cnet
