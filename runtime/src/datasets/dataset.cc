// dataset.cc — Dataset's Python-style indexing, TupleDataset, TransformDataset and ConcatenatedDataset.
#include "cnet/datasets/dataset.h"

#include <algorithm>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/datasets/concatenated_dataset.h"
#include "cnet/datasets/sub_dataset.h"
#include "cnet/datasets/transform_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/py/format.h"

namespace cnet {
namespace datasets {

std::string str(const Example& example) {
    std::string out = "(";
    for (size_t k = 0; k < example.size(); ++k) out += (k ? ", " : "") + py::repr(example[k]);
    return out + (example.size() == 1 ? ",)" : ")");
}

std::string Dataset::py_repr() const {
    if (list_view_) {
        std::string out = "[";
        for (int64_t i = 0; i < size(); ++i) out += (i ? ", " : "") + str(get_example(i));
        return out + "]";
    }
    const char* path = py_type_path();
    return py::object_repr(path != nullptr ? path : "", this);
}

Example Dataset::operator[](int64_t i) const {
    const int64_t n = size();
    CNET_CHECK_AS(IndexError, i >= -n && i < n, "dataset index ", i, " out of range for a dataset of size ", n);
    return get_example(i < 0 ? i + n : i);
}

std::vector<Example> Dataset::operator[](const std::vector<int64_t>& indices) const {
    std::vector<Example> out;
    out.reserve(indices.size());
    for (int64_t i : indices) out.push_back((*this)[i]);
    return out;
}

std::vector<Example> Dataset::slice(int64_t start, int64_t stop) const {
    const int64_t n = size();
    auto clamp = [n](int64_t i) { return i < 0 ? std::max<int64_t>(i + n, 0) : std::min(i, n); };
    std::vector<Example> out;
    for (int64_t i = clamp(start); i < clamp(stop); ++i) out.push_back(get_example(i));
    return out;
}

DatasetPtr slice(const DatasetPtr& dataset, const Slice& s) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "dataset[...]: the dataset is None");
    const Slice::Bounds b = s.Resolve(dataset->size());
    std::shared_ptr<SubDataset> view;
    if (b.step == 1) {
        view = std::make_shared<SubDataset>(dataset, b.start, b.start + b.count);
    } else {
        // Another step picks through an order, which SubDataset takes for the whole base; only `count` entries
        // are read.
        std::vector<int64_t> order(static_cast<size_t>(dataset->size()));
        for (int64_t k = 0; k < b.count; ++k) order[static_cast<size_t>(k)] = b.start + k * b.step;
        view = std::make_shared<SubDataset>(dataset, 0, b.count, std::move(order));
    }
    view->mark_list_view();
    return view;
}

std::shared_ptr<TupleDataset> slice(const std::shared_ptr<TupleDataset>& dataset, const Slice& s) {
    CNET_CHECK_AS(ValueError, dataset != nullptr, "dataset[...]: the dataset is None");
    std::vector<Array> arrays;
    for (const Array& a : dataset->arrays()) arrays.push_back(a[s]);
    auto view = std::make_shared<TupleDataset>(std::move(arrays));
    view->mark_list_view();
    return view;
}

TupleDataset::TupleDataset(std::vector<Array> arrays) : arrays_(std::move(arrays)) {
    CNET_CHECK_AS(ValueError, !arrays_.empty(), "no datasets are given");
    for (size_t k = 0; k < arrays_.size(); ++k) {
        CNET_CHECK_AS(ValueError, arrays_[k].defined() && arrays_[k].ndim() >= 1, "TupleDataset: dataset ", k,
                      " is not an array with a first dimension");
        if (k == 0) length_ = arrays_[0].len();
        CNET_CHECK_AS(ValueError, arrays_[k].len() == length_, "dataset of the index ", k,
                      " has a wrong length (", arrays_[k].len(), " != ", length_, ")");
    }
}

Example TupleDataset::get_example(int64_t i) const {
    Example out;
    out.reserve(arrays_.size());
    for (const Array& a : arrays_) out.push_back(a[i]);
    return out;
}

TransformDataset::TransformDataset(DatasetPtr dataset, Transform transform)
    : dataset_(std::move(dataset)), transform_(std::move(transform)) {
    CNET_CHECK_AS(ValueError, dataset_ != nullptr, "TransformDataset: dataset is None");
    CNET_CHECK_AS(ValueError, static_cast<bool>(transform_), "TransformDataset: transform is None");
}

ConcatenatedDataset::ConcatenatedDataset(std::vector<DatasetPtr> datasets) : datasets_(std::move(datasets)) {
    for (const auto& d : datasets_) CNET_CHECK_AS(ValueError, d != nullptr, "ConcatenatedDataset: a dataset is None");
}

int64_t ConcatenatedDataset::size() const {
    int64_t n = 0;
    for (const auto& d : datasets_) n += d->size();
    return n;
}

Example ConcatenatedDataset::get_example(int64_t i) const {
    CNET_CHECK_AS(IndexError, i >= 0, "dataset index out of range");
    for (const auto& d : datasets_) {
        if (i < d->size()) return d->get_example(i);
        i -= d->size();
    }
    throw IndexError("dataset index out of range");
}

}  // namespace datasets
}  // namespace cnet
