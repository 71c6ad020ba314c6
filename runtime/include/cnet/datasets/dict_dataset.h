// dict_dataset.h — chainer.datasets.DictDataset: equal-length named arrays, example i = {name: array[i]}.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/ordered_dict.h"
#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// A dict example: the name of each array and its row.
using DictExample = OrderedDict<std::string, Array>;

/// DictDataset(x=X, t=Y). get_example_dict(i) is Chainer's {'x': X[i], 't': Y[i]} (views of the rows).
/// Through the Dataset interface (iterators, updaters) an example is the tuple of the rows in the order the
/// names were given, so a DictDataset trains like a TupleDataset; keys() names the slots. All arrays must have
/// the same length, else ValueError, as in Chainer.
class DictDataset : public Dataset {
public:
    explicit DictDataset(std::vector<std::pair<std::string, Array>> arrays);

    int64_t size() const override { return length_; }
    Example get_example(int64_t i) const override;
    DictExample get_example_dict(int64_t i) const;
    std::vector<std::string> keys() const;

protected:
    const char* py_type_path() const override { return "chainer.datasets.dict_dataset.DictDataset"; }

private:
    std::vector<std::pair<std::string, Array>> arrays_;
    int64_t length_ = 0;
};

}  // namespace datasets
}  // namespace cnet
