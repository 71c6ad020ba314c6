// serial_iterator.h — chainer.iterators.SerialIterator: minibatches in (optionally shuffled) order.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "cnet/datasets/dataset.h"
#include "cnet/iterators/iterator.h"
#include "cnet/iterators/order_sampler.h"

namespace cnet {
namespace iterators {

/// SerialIterator(dataset, batch_size, repeat=True, shuffle=None, order_sampler=None), with Chainer's exact
/// semantics:
/// - shuffle None (std::nullopt) with no order_sampler shuffles (ShuffleOrderSampler); shuffle false keeps
///   dataset order; giving both shuffle and an order_sampler is a ValueError.
/// - repeat=true: every batch has batch_size examples; the batch that completes an epoch is filled from the
///   start of the next epoch's order (re-sampled then) and has is_new_epoch() true; a batch larger than the
///   dataset spans several epochs, each counted and re-sampled.
/// - repeat=false: one sweep; the last batch has len % batch_size examples when that is nonzero; afterwards
///   next() returns an empty batch (see Note [StopIteration as an empty batch]).
/// - epoch_detail = epoch + current_position / len; previous_epoch_detail is None before the first batch.
/// Serialized keys: current_position, epoch, is_new_epoch, order (when shuffling), previous_epoch_detail
/// (-1 for None), as Chainer writes them, and _order_sampler_random_state for a seeded ShuffleOrderSampler
/// (a key Chainer never asks for). Loaded state is validated (SerializationError naming the bad value).
class SerialIterator : public Iterator {
public:
    SerialIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat = true,
                   std::optional<bool> shuffle = std::nullopt, OrderSampler order_sampler = nullptr);

    Batch next() override;
    int64_t batch_size() const override { return batch_size_; }
    int64_t epoch() const override { return epoch_; }
    double epoch_detail() const override;
    std::optional<double> previous_epoch_detail() const override;
    bool is_new_epoch() const override { return is_new_epoch_; }
    void reset() override;
    bool has_reset() const override { return true; }
    void serialize(Serializer& serializer) override;

    int64_t current_position() const { return current_position_; }
    bool repeat() const { return repeat_; }
    const datasets::DatasetPtr& dataset() const { return dataset_; }
    /// The current epoch's order (std::nullopt when not shuffling).
    const std::optional<std::vector<int64_t>>& order() const { return order_; }

private:
    int64_t epoch_size() const;
    /// SerializationError unless the loaded state is one next() can continue from.
    void ValidateLoadedState() const;

    datasets::DatasetPtr dataset_;
    int64_t batch_size_;
    bool repeat_;
    OrderSampler order_sampler_;
    int64_t current_position_ = 0;
    int64_t epoch_ = 0;
    bool is_new_epoch_ = false;
    double previous_epoch_detail_ = -1;  // -1 stands for None, as in Chainer
    std::optional<std::vector<int64_t>> order_;
};

}  // namespace iterators
}  // namespace cnet
