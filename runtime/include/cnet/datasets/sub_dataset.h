// sub_dataset.h — chainer.datasets.SubDataset, split_dataset and split_dataset_random.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// SubDataset(dataset, start, finish, order=None): example i is base[order[start + i]] (base[start + i]
/// without an order); negative i counts from `finish`. ValueError when [start, finish) overruns the base or
/// the order's length differs from the base's.
class SubDataset : public Dataset {
public:
    SubDataset(DatasetPtr dataset, int64_t start, int64_t finish,
               std::optional<std::vector<int64_t>> order = std::nullopt);

    int64_t size() const override { return finish_ - start_; }
    Example get_example(int64_t i) const override;
    const DatasetPtr& base() const { return dataset_; }

protected:
    const char* py_type_path() const override { return "chainer.datasets.sub_dataset.SubDataset"; }

private:
    DatasetPtr dataset_;
    int64_t start_, finish_;
    std::optional<std::vector<int64_t>> order_;
};

using SplitDatasets = std::pair<std::shared_ptr<SubDataset>, std::shared_ptr<SubDataset>>;

/// split_dataset(dataset, split_at, order=None) -> (base[order[:split_at]], base[order[split_at:]]).
/// ValueError when split_at < 0 or split_at > len(dataset).
SplitDatasets split_dataset(DatasetPtr dataset, int64_t split_at,
                            std::optional<std::vector<int64_t>> order = std::nullopt);

/// split_dataset_random(dataset, first_size, seed=None): split_dataset over a random permutation. With a
/// seed the permutation is deterministic (its own generator; NumPy's RandomState(seed) gives a different
/// one); without, it is drawn from cnet::random's default generator, so CNET_SEED makes it reproducible.
SplitDatasets split_dataset_random(DatasetPtr dataset, int64_t first_size,
                                   std::optional<uint32_t> seed = std::nullopt);

/// get_cross_validation_datasets(dataset, n_fold, order=None): n_fold (train, test) splits whose test parts
/// partition the (ordered) dataset; test sizes differ by at most one. ValueError when n_fold < 1.
std::vector<SplitDatasets> get_cross_validation_datasets(DatasetPtr dataset, int64_t n_fold,
                                                         std::optional<std::vector<int64_t>> order = std::nullopt);

/// get_cross_validation_datasets_random(dataset, n_fold, seed=None): the same over a random permutation.
std::vector<SplitDatasets> get_cross_validation_datasets_random(DatasetPtr dataset, int64_t n_fold,
                                                                std::optional<uint32_t> seed = std::nullopt);

}  // namespace datasets
}  // namespace cnet
