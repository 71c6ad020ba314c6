// concatenated_dataset.h — chainer.datasets.ConcatenatedDataset: several datasets one after another.
#pragma once

#include <vector>

#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// ConcatenatedDataset(*datasets): example i comes from the first dataset while i < len(d0), then from the
/// second, and so on.
class ConcatenatedDataset : public Dataset {
public:
    explicit ConcatenatedDataset(std::vector<DatasetPtr> datasets);

    int64_t size() const override;
    Example get_example(int64_t i) const override;

protected:
    const char* py_type_path() const override { return "chainer.datasets.concatenated_dataset.ConcatenatedDataset"; }

private:
    std::vector<DatasetPtr> datasets_;
};

}  // namespace datasets
}  // namespace cnet
