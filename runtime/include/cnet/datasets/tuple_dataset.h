// tuple_dataset.h — chainer.datasets.TupleDataset: zips equal-length arrays into (a[i], b[i], ...) examples.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// TupleDataset(X, Y): example i is (X[i], Y[i]) (views of the rows, no copy). All arrays must have the same
/// length (first dimension), else ValueError. TupleDataset(X) gives 1-tuples.
class TupleDataset : public Dataset {
public:
    explicit TupleDataset(std::vector<Array> arrays);
    template <typename... Arrays>
    explicit TupleDataset(const Array& first, const Arrays&... rest) : TupleDataset(std::vector<Array>{first, rest...}) {}

    int64_t size() const override { return length_; }
    Example get_example(int64_t i) const override;
    /// The underlying arrays (Chainer's `_datasets`).
    const std::vector<Array>& arrays() const { return arrays_; }

protected:
    const char* py_type_path() const override { return "chainer.datasets.tuple_dataset.TupleDataset"; }

private:
    std::vector<Array> arrays_;
    int64_t length_ = 0;
};

/// tuple_dataset[start:stop:step] (cifar's custom loop: `train = train[:200]`): a TupleDataset of the arrays'
/// slices (views), whose examples are Chainer's list of (x[i], t[i]) for the selected i.
std::shared_ptr<TupleDataset> slice(const std::shared_ptr<TupleDataset>& dataset, const Slice& s);

/// std::make_shared<TupleDataset>(arrays...), for `datasets.TupleDataset(X, Y)` in generated code.
template <typename... Arrays>
std::shared_ptr<TupleDataset> make_tuple_dataset(const Arrays&... arrays) {
    return std::make_shared<TupleDataset>(std::vector<Array>{arrays...});
}

}  // namespace datasets
}  // namespace cnet
