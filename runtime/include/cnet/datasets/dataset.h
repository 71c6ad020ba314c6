// dataset.h — the dataset abstraction (Chainer's DatasetMixin): a sized, indexable collection of examples,
// where an example is a tuple of arrays (`(x, t)`; a single array is a 1-tuple).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace datasets {

/// One example: Chainer's tuple of arrays, position by position (x, t). A plain-array example is a 1-tuple.
/// A type of its own so that it prints as the tuple it stands for: `(array([0., 1.], dtype=float32), 0)`.
struct Example : std::vector<Array> {
    using std::vector<Array>::vector;
    Example() = default;
    Example(std::vector<Array> arrays) : std::vector<Array>(std::move(arrays)) {}  // NOLINT(runtime/explicit)
};
/// str(example) / repr(example): Python's tuple text of the arrays' reprs.
std::string str(const Example& example);
inline std::string repr(const Example& example) { return str(example); }

/// chainer.dataset.DatasetMixin: implement `size()` (`__len__`) and `get_example(i)` for 0 <= i < size().
/// Datasets are stateless and shared between iterators through shared_ptr.
class Dataset {
public:
    virtual ~Dataset() = default;
    /// len(dataset)
    virtual int64_t size() const = 0;
    /// The i-th example; implementations may assume 0 <= i < size() (operator[] checks).
    virtual Example get_example(int64_t i) const = 0;

    int64_t len() const { return size(); }
    /// dataset[i]: negative indices count from the end; IndexError when out of range.
    Example operator[](int64_t i) const;
    /// dataset[indices] / dataset[start:stop]: a list of examples.
    std::vector<Example> operator[](const std::vector<int64_t>& indices) const;
    std::vector<Example> slice(int64_t start, int64_t stop) const;

    /// print(dataset): a slice (`print(train[:2])`) prints as the list of examples Chainer's slice is; any other
    /// dataset as Chainer's object does, `<chainer.datasets.tuple_dataset.TupleDataset object at 0x...>`.
    std::string py_repr() const;
    /// Marks a dataset made by slicing another, which stands for Chainer's list of those examples.
    void mark_list_view() { list_view_ = true; }

protected:
    /// The class's path in Chainer, for print (nullptr: `<object at 0x...>`).
    virtual const char* py_type_path() const { return nullptr; }

private:
    bool list_view_ = false;
};

using DatasetPtr = std::shared_ptr<Dataset>;

/// dataset[start:stop:step] in a .cnet program. Chainer returns the list of those examples; a dataset of them (a
/// SubDataset over the selected indices, no copy) reads the same and is still a dataset to iterate.
DatasetPtr slice(const DatasetPtr& dataset, const Slice& s);

}  // namespace datasets
}  // namespace cnet
