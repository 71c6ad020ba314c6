// multiprocess_iterator.h — chainer.iterators.MultiprocessIterator, with worker threads.
#pragma once

#include <cstdint>
#include <optional>

#include "cnet/iterators/multithread_iterator.h"

namespace cnet {
namespace iterators {

/// MultiprocessIterator(dataset, batch_size, repeat=True, shuffle=None, n_processes=None, n_prefetch=1,
/// shared_mem=None). Chainer forks worker processes so that Python's examples load in parallel past the GIL and
/// pass them back through shared memory; a native program has no GIL and no pickling, so the workers here are
/// MultithreadIterator's threads (n_processes of them; Chainer's default, one per CPU). The batches, epochs and
/// snapshots are SerialIterator's, as Chainer's are. n_prefetch and shared_mem size Chainer's process pool and its
/// shared buffers, which threads do not need: they are checked as Chainer checks them and have nothing else to set.
class MultiprocessIterator : public MultithreadIterator {
public:
    MultiprocessIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat = true,
                         std::optional<bool> shuffle = std::nullopt, std::optional<int> n_processes = std::nullopt,
                         int n_prefetch = 1, std::optional<int64_t> shared_mem = std::nullopt);
};

}  // namespace iterators
}  // namespace cnet
