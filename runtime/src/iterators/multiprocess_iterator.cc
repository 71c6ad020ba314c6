// multiprocess_iterator.cc — MultiprocessIterator: MultithreadIterator with Chainer's argument checks.
#include "cnet/iterators/multiprocess_iterator.h"

#include <algorithm>
#include <thread>
#include <utility>

#include "cnet/core/error.h"

namespace cnet {
namespace iterators {
namespace {

int Workers(std::optional<int> n_processes) {
    if (!n_processes) return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    CNET_CHECK_AS(ValueError, *n_processes >= 1, "MultiprocessIterator: n_processes must be positive, got ",
                  *n_processes);
    return *n_processes;
}

}  // namespace

MultiprocessIterator::MultiprocessIterator(datasets::DatasetPtr dataset, int64_t batch_size, bool repeat,
                                           std::optional<bool> shuffle, std::optional<int> n_processes,
                                           int n_prefetch, std::optional<int64_t> shared_mem)
    : MultithreadIterator(std::move(dataset), batch_size, repeat, shuffle, Workers(n_processes)) {
    CNET_CHECK_AS(ValueError, n_prefetch >= 1, "MultiprocessIterator: n_prefetch must be positive, got ", n_prefetch);
    CNET_CHECK_AS(ValueError, !shared_mem || *shared_mem >= 0, "MultiprocessIterator: shared_mem must be "
                  "non-negative, got ", shared_mem.value_or(0));
}

}  // namespace iterators
}  // namespace cnet
