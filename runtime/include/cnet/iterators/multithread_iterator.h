// multithread_iterator.h — chainer.iterators.MultithreadIterator: SerialIterator's batches, fetched by worker
// threads one batch ahead.
#pragma once

#include <future>
#include <memory>
#include <optional>

#include "cnet/iterators/serial_iterator.h"

namespace cnet {
namespace iterators {

/// MultithreadIterator(dataset, batch_size, repeat=True, shuffle=None, n_threads=1, order_sampler=None).
/// Batches, epochs and serialized state are exactly SerialIterator's (the same order sampling from the same
/// generator, at the same points: a run resumed from a snapshot continues exactly); the examples of the next batch
/// are fetched by `n_threads` threads while the current one is in use, except for the batch that ends an epoch
/// (Note [Exact resume of a prefetching iterator]). The dataset's get_example must be safe to call from several threads (every built-in dataset is; a
/// TransformDataset is when its function is).
class MultithreadIterator : public Iterator {
public:
    MultithreadIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat = true,
                        std::optional<bool> shuffle = std::nullopt, int n_threads = 1,
                        OrderSampler order_sampler = nullptr);
    ~MultithreadIterator() override;

    Batch next() override;
    int64_t batch_size() const override { return state_.batch_size(); }
    int64_t epoch() const override { return state_.epoch(); }
    double epoch_detail() const override { return state_.epoch_detail(); }
    std::optional<double> previous_epoch_detail() const override { return state_.previous_epoch_detail(); }
    bool is_new_epoch() const override { return state_.is_new_epoch(); }
    int64_t current_position() const { return state_.current_position(); }
    bool repeat() const { return state_.repeat(); }
    void reset() override;
    bool has_reset() const override { return true; }
    void finalize() override;
    void serialize(Serializer& serializer) override;

private:
    void Prefetch();
    void DropPrefetch();

    datasets::DatasetPtr dataset_;
    int n_threads_;
    SerialIterator indices_;  // iterates over example ids, one batch ahead of state_
    SerialIterator state_;    // the state after the last batch returned (what the attributes and snapshots show)
    std::optional<std::future<Batch>> pending_;
};

}  // namespace iterators
}  // namespace cnet
