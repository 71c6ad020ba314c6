// multithread_iterator.cc — MultithreadIterator: a SerialIterator over example ids drives the bookkeeping;
// the examples of the next batch are fetched asynchronously by worker threads.
//
// Note [Exact resume of a prefetching iterator]
// Taking the next batch's ids ahead of time would also draw the next epoch's shuffled order ahead of time, one
// batch before SerialIterator draws it, from the generator that a snapshot records after the draw; a run resumed
// from that snapshot would then draw it a second time and diverge (a different order, then every later draw
// shifted). So the batch that ends an epoch is never taken ahead: it is fetched when asked for, and every draw
// happens at the point where SerialIterator makes it. Exact resume costs one batch per epoch fetched without
// overlap.
#include "cnet/iterators/multithread_iterator.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/datasets/tuple_dataset.h"

namespace cnet {
namespace iterators {
namespace {

// A dataset whose example i is the 0-d int64 i, so a SerialIterator over it yields the ids of each batch.
datasets::DatasetPtr IdDataset(int64_t n) {
    std::vector<int64_t> ids(static_cast<size_t>(n));
    std::iota(ids.begin(), ids.end(), 0);
    return std::make_shared<datasets::TupleDataset>(Array::FromVector(ids));
}

Batch Fetch(const datasets::DatasetPtr& dataset, const std::vector<int64_t>& ids, int n_threads) {
    Batch batch(ids.size());
    const size_t chunks = std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(n_threads), ids.size()));
    const size_t per = (ids.size() + chunks - 1) / std::max<size_t>(chunks, 1);
    std::vector<std::future<void>> workers;
    for (size_t start = 0; start < ids.size(); start += per) {
        const size_t stop = std::min(ids.size(), start + per);
        auto work = [&, start, stop] {
            for (size_t k = start; k < stop; ++k) batch[k] = dataset->get_example(ids[k]);
        };
        if (stop == ids.size()) {
            work();  // the last chunk runs on this (already asynchronous) thread
        } else {
            workers.push_back(std::async(std::launch::async, work));
        }
    }
    for (auto& w : workers) w.get();
    return batch;
}

}  // namespace

MultithreadIterator::MultithreadIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat,
                                         std::optional<bool> shuffle, int n_threads, OrderSampler order_sampler)
    : dataset_(std::move(dataset)),
      n_threads_(n_threads),
      indices_(IdDataset(dataset_ ? dataset_->size() : 0), batch_size, repeat, shuffle, std::move(order_sampler)),
      state_(indices_) {
    CNET_CHECK_AS(ValueError, dataset_ != nullptr, "MultithreadIterator: dataset is None");
    CNET_CHECK_AS(ValueError, n_threads_ >= 1, "MultithreadIterator: n_threads must be positive, got ", n_threads_);
}

MultithreadIterator::~MultithreadIterator() { DropPrefetch(); }

void MultithreadIterator::Prefetch() {
    const Batch id_batch = indices_.next();
    std::vector<int64_t> ids;
    ids.reserve(id_batch.size());
    for (const auto& e : id_batch) ids.push_back(e[0].item<int64_t>());
    pending_ = std::async(std::launch::async,
                          [dataset = dataset_, ids = std::move(ids), n = n_threads_] { return Fetch(dataset, ids, n); });
}

void MultithreadIterator::DropPrefetch() {
    if (!pending_) return;
    try {
        pending_->wait();
    } catch (...) {
    }
    pending_.reset();
}

Batch MultithreadIterator::next() {
    if (!pending_) Prefetch();
    Batch batch = pending_->get();
    pending_.reset();
    if (batch.empty()) return batch;  // exhausted (repeat=false)
    state_ = indices_;                // the bookkeeping after this batch
    // See Note [Exact resume of a prefetching iterator].
    if (indices_.current_position() + indices_.batch_size() < dataset_->size()) Prefetch();
    return batch;
}

void MultithreadIterator::reset() {
    DropPrefetch();
    indices_.reset();
    state_ = indices_;
}

void MultithreadIterator::finalize() { DropPrefetch(); }

void MultithreadIterator::serialize(Serializer& serializer) {
    state_.serialize(serializer);
    if (serializer.is_loading()) {
        DropPrefetch();
        indices_ = state_;
    }
}

}  // namespace iterators
}  // namespace cnet
