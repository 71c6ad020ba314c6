// transform_dataset.h — chainer.datasets.TransformDataset: applies a function to each example on access.
#pragma once

#include <functional>

#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// TransformDataset(dataset, transform): example i is transform(dataset[i]). The transform must not modify
/// the arrays of its input in place (they may be views of the base data).
class TransformDataset : public Dataset {
public:
    using Transform = std::function<Example(const Example&)>;
    TransformDataset(DatasetPtr dataset, Transform transform);

    int64_t size() const override { return dataset_->size(); }
    Example get_example(int64_t i) const override { return transform_(dataset_->get_example(i)); }

protected:
    const char* py_type_path() const override { return "chainer.datasets.transform_dataset.TransformDataset"; }

private:
    DatasetPtr dataset_;
    Transform transform_;
};

}  // namespace datasets
}  // namespace cnet
