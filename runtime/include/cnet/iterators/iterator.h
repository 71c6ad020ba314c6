// iterator.h — chainer.dataset.Iterator: the stateful, serializable source of minibatches.
//
// Note [StopIteration as an empty batch]
// Python's `next(it)` raises StopIteration when a non-repeating iterator is exhausted. Here next() returns an
// empty batch instead (a real batch is never empty), so loops read
//     for (auto batch = it->next(); !batch.empty(); batch = it->next()) { ... }
// or, like Python's `for batch in it:`,
//     for (const auto& batch : *it) { ... }
// concat_examples rejects an empty batch, so a missed check fails loudly.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "cnet/datasets/dataset.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace iterators {

using datasets::Example;
/// A minibatch: a list of examples.
using Batch = std::vector<Example>;

/// chainer.dataset.Iterator. Required attributes are methods here: batch_size(), epoch(), epoch_detail(),
/// previous_epoch_detail() (None before the first batch), is_new_epoch().
class Iterator : public Serializable {
public:
    ~Iterator() override = default;

    /// The next minibatch; empty when exhausted. See Note [StopIteration as an empty batch].
    virtual Batch next() = 0;
    /// Python's `it.next()` / `next(it)` in a .cnet program: the next minibatch, StopIteration when exhausted.
    Batch next_or_raise();

    virtual int64_t batch_size() const = 0;
    virtual int64_t epoch() const = 0;
    virtual double epoch_detail() const = 0;
    virtual std::optional<double> previous_epoch_detail() const = 0;
    virtual bool is_new_epoch() const = 0;
    /// Rewinds to the first batch of epoch 0 (SerialIterator.reset); Error for iterators that cannot.
    virtual void reset();
    /// Chainer's `hasattr(iterator, 'reset')`: an Evaluator rewinds such an iterator, and iterates a copy of
    /// another (copy()).
    virtual bool has_reset() const { return false; }
    /// copy.copy(iterator): a new iterator in this one's state, sharing what a shallow copy shares (the dataset).
    /// Error for iterators that cannot be copied.
    virtual std::shared_ptr<Iterator> copy() const;
    /// Releases resources (threads); the iterator must not be used afterwards.
    virtual void finalize() {}
    /// Saves/loads only the state that changes during iteration.
    void serialize(Serializer& /*serializer*/) override {}

    /// `for (const Batch& batch : iterator)`: calls next() until it returns an empty batch. With repeat=true
    /// this never ends on its own.
    class BatchIterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = Batch;
        using difference_type = std::ptrdiff_t;
        using pointer = const Batch*;
        using reference = const Batch&;

        BatchIterator() = default;
        explicit BatchIterator(Iterator* it) : it_(it) { ++*this; }
        const Batch& operator*() const { return batch_; }
        const Batch* operator->() const { return &batch_; }
        BatchIterator& operator++() {
            batch_ = it_->next();
            if (batch_.empty()) it_ = nullptr;
            return *this;
        }
        bool operator==(const BatchIterator& other) const { return it_ == other.it_; }
        bool operator!=(const BatchIterator& other) const { return it_ != other.it_; }

    private:
        Iterator* it_ = nullptr;
        Batch batch_;
    };

    BatchIterator begin() { return BatchIterator(this); }
    BatchIterator end() { return BatchIterator(); }
};

/// Python's next(it) in a .cnet program: it.next(), StopIteration when exhausted.
inline Batch next_batch(const std::shared_ptr<Iterator>& it) { return it->next_or_raise(); }

/// `with MultiprocessIterator(...) as it:` — Chainer's iterators are context managers that finalize on exit, also
/// when the block raises.
class FinalizeOnExit {
public:
    explicit FinalizeOnExit(std::shared_ptr<Iterator> iterator) : iterator_(std::move(iterator)) {}
    FinalizeOnExit(const FinalizeOnExit&) = delete;
    FinalizeOnExit& operator=(const FinalizeOnExit&) = delete;
    ~FinalizeOnExit() {
        if (iterator_) iterator_->finalize();
    }

private:
    std::shared_ptr<Iterator> iterator_;
};

}  // namespace iterators
}  // namespace cnet
