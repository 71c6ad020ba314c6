// sub_dataset.cc — SubDataset index mapping and the split helpers.
#include "cnet/datasets/sub_dataset.h"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/core/random.h"

namespace cnet {
namespace datasets {

SubDataset::SubDataset(DatasetPtr dataset, int64_t start, int64_t finish, std::optional<std::vector<int64_t>> order)
    : dataset_(std::move(dataset)), start_(start), finish_(finish), order_(std::move(order)) {
    CNET_CHECK_AS(ValueError, dataset_ != nullptr, "SubDataset: dataset is None");
    CNET_CHECK_AS(ValueError, start_ >= 0 && finish_ <= dataset_->size() && start_ <= finish_,
                  "subset overruns the base dataset.");
    if (order_) {
        CNET_CHECK_AS(ValueError, static_cast<int64_t>(order_->size()) == dataset_->size(),
                      "order option must have the same length as the base dataset: len(order) = ", order_->size(),
                      " while len(dataset) = ", dataset_->size());
    }
}

Example SubDataset::get_example(int64_t i) const {
    const int64_t n = size();
    CNET_CHECK_AS(IndexError, i >= -n && i < n, "dataset index out of range");
    int64_t index = i >= 0 ? start_ + i : finish_ + i;
    if (order_) index = (*order_)[static_cast<size_t>(index)];
    return (*dataset_)[index];
}

SplitDatasets split_dataset(DatasetPtr dataset, int64_t split_at, std::optional<std::vector<int64_t>> order) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "split_dataset: dataset is None");
    const int64_t n = dataset->size();
    CNET_CHECK_AS(ValueError, split_at >= 0, "split_at must be non-negative");
    CNET_CHECK_AS(ValueError, split_at <= n, "split_at exceeds the dataset size");
    auto first = std::make_shared<SubDataset>(dataset, 0, split_at, order);
    auto second = std::make_shared<SubDataset>(dataset, split_at, n, std::move(order));
    return {first, second};
}

namespace {

// Fisher-Yates from the back, as NumPy's legacy shuffle: for i = n-1..1 swap a[i] with a[randint(0, i+1)].
std::vector<int64_t> Permutation(int64_t n, random::Generator& gen) {
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    for (int64_t i = n - 1; i > 0; --i) std::swap(order[i], order[gen.randint(0, i + 1)]);
    return order;
}

// A permutation of range(n) from a generator seeded with `seed`, or from the default generator.
std::vector<int64_t> RandomOrder(int64_t n, std::optional<uint32_t> seed) {
    if (seed) {
        random::Generator gen(*seed);
        return Permutation(n, gen);
    }
    std::lock_guard<std::mutex> lock(random::default_generator_mutex());
    return Permutation(n, random::default_generator());
}

}  // namespace

SplitDatasets split_dataset_random(DatasetPtr dataset, int64_t first_size, std::optional<uint32_t> seed) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "split_dataset_random: dataset is None");
    std::vector<int64_t> order = RandomOrder(dataset->size(), seed);
    return split_dataset(std::move(dataset), first_size, std::move(order));
}

std::vector<SplitDatasets> get_cross_validation_datasets(DatasetPtr dataset, int64_t n_fold,
                                                         std::optional<std::vector<int64_t>> order) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "get_cross_validation_datasets: dataset is None");
    CNET_CHECK_AS(ValueError, n_fold >= 1, "get_cross_validation_datasets: n_fold must be positive, got ", n_fold);
    const int64_t whole = dataset->size();
    std::vector<int64_t> current(static_cast<size_t>(whole));
    if (order) {
        current = *order;
    } else {
        std::iota(current.begin(), current.end(), 0);
    }
    std::vector<int64_t> test_sizes;
    for (int64_t i = 0; i < n_fold; ++i) test_sizes.push_back(whole * (i + 1) / n_fold - whole * i / n_fold);
    std::vector<SplitDatasets> splits;
    for (auto it = test_sizes.rbegin(); it != test_sizes.rend(); ++it) {
        const int64_t test_size = *it;
        splits.push_back(split_dataset(dataset, whole - test_size, current));
        // order = concat(order[-test_size:], order[:-test_size])
        std::rotate(current.begin(), current.end() - test_size, current.end());
    }
    return splits;
}

std::vector<SplitDatasets> get_cross_validation_datasets_random(DatasetPtr dataset, int64_t n_fold,
                                                                std::optional<uint32_t> seed) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "get_cross_validation_datasets_random: dataset is None");
    std::vector<int64_t> order = RandomOrder(dataset->size(), seed);
    return get_cross_validation_datasets(std::move(dataset), n_fold, std::move(order));
}

}  // namespace datasets
}  // namespace cnet
