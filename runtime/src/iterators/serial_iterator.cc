// serial_iterator.cc — SerialIterator: Chainer's batch/epoch bookkeeping, order sampling and serialization.
#include "cnet/iterators/serial_iterator.h"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <string>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/serializers/missing_key_error.h"
#include "cnet/serializers/random_state.h"

namespace cnet {
namespace iterators {

void Iterator::reset() { throw Error("this iterator does not support reset()"); }

Batch Iterator::next_or_raise() {
    Batch batch = next();
    if (batch.empty()) throw StopIteration();
    return batch;
}
std::shared_ptr<Iterator> Iterator::copy() const { throw Error("this iterator cannot be copied"); }

ShuffleOrderSampler::ShuffleOrderSampler(std::optional<uint64_t> seed)
    : generator_(seed ? std::make_shared<random::Generator>(*seed) : nullptr) {}

std::vector<int64_t> ShuffleOrderSampler::operator()(const std::vector<int64_t>& current_order,
                                                     int64_t /*current_position*/) const {
    // numpy.random.permutation(len(current_order)); Fisher-Yates from the back.
    std::vector<int64_t> order(current_order.size());
    std::iota(order.begin(), order.end(), 0);
    auto shuffle = [&](random::Generator& gen) {
        for (int64_t i = static_cast<int64_t>(order.size()) - 1; i > 0; --i)
            std::swap(order[static_cast<size_t>(i)], order[static_cast<size_t>(gen.randint(0, i + 1))]);
    };
    if (generator_) {
        shuffle(*generator_);
    } else {
        std::lock_guard<std::mutex> lock(random::default_generator_mutex());
        shuffle(random::default_generator());
    }
    return order;
}

SerialIterator::SerialIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat,
                               std::optional<bool> shuffle, OrderSampler order_sampler)
    : dataset_(std::move(dataset)), batch_size_(batch_size), repeat_(repeat) {
    CNET_CHECK_AS(ValueError, dataset_ != nullptr, "SerialIterator: dataset is None");
    CNET_CHECK_AS(ValueError, batch_size_ > 0, "SerialIterator: batch_size must be positive, got ", batch_size_);
    if (shuffle.has_value()) {
        CNET_CHECK_AS(ValueError, !order_sampler,
                      "`shuffle` is not `None` and a custom `order_sampler` is set. Please set `shuffle` to `None` "
                      "to use the custom order sampler.");
        if (*shuffle) order_sampler = ShuffleOrderSampler();
    } else if (!order_sampler) {
        order_sampler = ShuffleOrderSampler();
    }
    order_sampler_ = std::move(order_sampler);
    reset();
}

int64_t SerialIterator::epoch_size() const {
    return order_ ? static_cast<int64_t>(order_->size()) : dataset_->size();
}

namespace {

// The epoch_detail of an empty dataset is 0/0 (Chainer: ZeroDivisionError in next()); a NaN would end training
// before its first update and exit 0, so it is refused by name.
void CheckNotEmpty(int64_t n) {
    CNET_CHECK_AS(ValueError, n > 0, "SerialIterator: the dataset is empty (0 examples)");
}

}  // namespace

double SerialIterator::epoch_detail() const {
    CheckNotEmpty(epoch_size());
    return static_cast<double>(epoch_) + static_cast<double>(current_position_) / static_cast<double>(epoch_size());
}

std::optional<double> SerialIterator::previous_epoch_detail() const {
    if (previous_epoch_detail_ < 0) return std::nullopt;
    return previous_epoch_detail_;
}

// Chainer's _statemachine.iterator_statemachine: a batch larger than the dataset spans several epochs, and each
// end of an epoch it crosses counts one and draws the next order (from the position it was left at).
Batch SerialIterator::next() {
    if (!repeat_ && epoch_ > 0) return {};  // StopIteration
    previous_epoch_detail_ = epoch_detail();
    const int64_t n = epoch_size();
    int64_t i = current_position_;
    int64_t i_end = i + batch_size_;
    Batch batch;
    batch.reserve(static_cast<size_t>(batch_size_));
    auto take = [&](int64_t from, int64_t to) {  // order[from:to], clamped as a Python slice
        for (int64_t k = from; k < std::min(to, n); ++k)
            batch.push_back(dataset_->get_example(order_ ? (*order_)[static_cast<size_t>(k)] : k));
    };
    bool is_new_epoch = false;
    while (i_end >= n) {
        take(i, n);
        if (order_) {
            std::vector<int64_t> new_order = order_sampler_(*order_, i);
            CNET_CHECK_AS(ValueError, new_order.size() == order_->size(),
                          "The size of order does not match the size of the previous order.");
            order_ = std::move(new_order);
        }
        ++epoch_;
        is_new_epoch = true;
        i = 0;
        if (!repeat_) {
            i_end = 0;
            break;
        }
        i_end -= n;
    }
    take(i, i_end);
    current_position_ = i_end;
    is_new_epoch_ = is_new_epoch;
    return batch;
}

void SerialIterator::reset() {
    current_position_ = 0;
    epoch_ = 0;
    is_new_epoch_ = false;
    previous_epoch_detail_ = -1;
    if (order_sampler_) {
        std::vector<int64_t> identity(static_cast<size_t>(dataset_->size()));
        std::iota(identity.begin(), identity.end(), 0);
        order_ = order_sampler_(identity, 0);
    } else {
        order_.reset();
    }
}

void SerialIterator::serialize(Serializer& serializer) {
    serializer.serialize("current_position", current_position_);
    serializer.serialize("epoch", epoch_);
    serializer.serialize("is_new_epoch", is_new_epoch_);
    if (order_) {
        Array order = Array::FromVector(*order_);
        try {
            serializer.serialize("order", order);
        } catch (const serializers::MissingKeyError&) {
            serializer.serialize("_order", order);
        }
        if (serializer.is_loading()) {
            CNET_CHECK_AS(SerializationError, order.defined() && order.ndim() == 1,
                          "SerialIterator: the stored order is not a 1-D array");
            order_ = order.astype(Dtype::kInt64).to_vector<int64_t>();
        }
    }
    try {
        serializer.serialize("previous_epoch_detail", previous_epoch_detail_);
    } catch (const serializers::MissingKeyError&) {
        // Older snapshots: guess it as Chainer does.
        previous_epoch_detail_ = static_cast<double>(epoch_) +
                                 static_cast<double>(current_position_ - batch_size_) / static_cast<double>(epoch_size());
        previous_epoch_detail_ = epoch_detail() > 0 ? std::max(previous_epoch_detail_, 0.0) : -1.0;
    }
    // A seeded ShuffleOrderSampler owns a generator; its state makes the next epochs' orders resume exactly.
    if (const ShuffleOrderSampler* sampler = order_sampler_.target<ShuffleOrderSampler>()) {
        if (sampler->generator() != nullptr)
            serializers::serialize_random_state(serializer, "_order_sampler_random_state", *sampler->generator());
    }
    if (serializer.is_loading()) ValidateLoadedState();
}

// A snapshot is input: state that next() would use to index out of bounds is rejected here, with the value.
void SerialIterator::ValidateLoadedState() const {
    const int64_t n = dataset_->size();
    auto fail = [](const std::string& what) { throw SerializationError("SerialIterator: the snapshot's " + what); };
    if (epoch_ < 0) fail("epoch " + std::to_string(epoch_) + " is negative");
    // Below the dataset size; snapshots of older cnet versions with a batch larger than the dataset have it past
    // the end, which next() reads as the end of the epoch (an empty slice).
    if (current_position_ < 0 || (batch_size_ <= n && current_position_ >= n))
        fail("current_position " + std::to_string(current_position_) + " is out of range for a dataset of " +
             std::to_string(n) + " examples (batch size " + std::to_string(batch_size_) + ")");
    if (!(previous_epoch_detail_ == -1 || previous_epoch_detail_ >= 0))  // also rejects NaN
        fail(internal::StrCat("previous_epoch_detail ", previous_epoch_detail_, " is neither None (-1) nor >= 0"));
    if (!order_) return;
    if (static_cast<int64_t>(order_->size()) != n)
        fail("order has " + std::to_string(order_->size()) + " entries for a dataset of " + std::to_string(n) +
             " examples");
    std::vector<bool> seen(static_cast<size_t>(n), false);
    for (int64_t index : *order_) {
        if (index < 0 || index >= n || seen[static_cast<size_t>(index)])
            fail("order is not a permutation of range(" + std::to_string(n) + ") (entry " + std::to_string(index) +
                 ")");
        seen[static_cast<size_t>(index)] = true;
    }
}

}  // namespace iterators
}  // namespace cnet
