// scatter_dataset.h — chainermn.scatter_dataset: rank `root` splits a dataset into one part per rank and sends
// each rank its part.
#pragma once

#include <cstdint>
#include <optional>

#include "cnet/chainermn/communicator.h"
#include "cnet/datasets/dataset.h"

namespace cnet {
namespace chainermn {

/// scatter_dataset(dataset, comm, root=0, shuffle=False, seed=None, max_buf_len=256 * 1024 * 1024,
/// force_equal_length=True). Only `root`'s dataset is read (the others may pass None). Its order is
/// arange(n), or with `shuffle` a permutation drawn from a generator seeded with `seed` (cnet's generator:
/// NumPy's RandomState(seed) draws another permutation), or from the default generator without a seed.
/// Rank i gets the examples order[b:e] with b = n * i // size: e = b + ceil(n / size) with
/// force_equal_length (the order wraps around, so a few examples are repeated and every rank has the same
/// length, which keeps the ranks' epochs in step), else e = n * (i + 1) // size. Root keeps a SubDataset of
/// its dataset; the others receive a TupleDataset of their examples, sent in messages of at most max_buf_len
/// bytes per array. Examples must be tuples of arrays of one shape and dtype per position (ValueError
/// otherwise).
datasets::DatasetPtr scatter_dataset(datasets::DatasetPtr dataset, CommunicatorPtr comm, int root = 0,
                                     bool shuffle = false, std::optional<int64_t> seed = std::nullopt,
                                     int64_t max_buf_len = 256 * 1024 * 1024, bool force_equal_length = true);

}  // namespace chainermn
}  // namespace cnet
