// subclass_adapters.h — conversions used by the generated overrides of a .cnet class that derives from a
// library class (Note [Library base classes] in compiler/sema/library_bases.h): what the user's method
// returns (a tuple or list of arrays, Variables, numbers or None) into what the runtime expects (an
// ArrayList, a VarList, an Example, a Batch, a Dataset), and a non-owning handle to an object the runtime passes by
// reference (the Trainer given to an extension); and the LogReport entry a `postprocess` function edits, as a
// .cnet dict.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "cnet/core/error.h"

#include "cnet/core/function_node.h"
#include "cnet/core/variable.h"
#include "cnet/datasets/dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/iterators/iterator.h"
#include "cnet/py/dict.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/training/extensions/log_entry.h"

namespace cnet::adapters {

/// A shared_ptr that does not own `object` (aliasing an empty one): for objects the runtime owns and lends
/// to a user method for the duration of a call.
template <typename T>
std::shared_ptr<T> Borrow(T& object) {
    return std::shared_ptr<T>(std::shared_ptr<T>(), &object);
}

template <typename T, size_t N>
std::vector<T> ToList(const SmallVector<T, N>& values) {
    return std::vector<T>(values.begin(), values.end());
}

/// retain_inputs((0, 1)): the indexes as the node keeps them.
inline IndexList Indexes(const std::vector<int64_t>& indexes) {
    IndexList out;
    for (int64_t i : indexes) out.push_back(static_cast<int>(i));
    return out;
}

inline Array AsArray(const Array& a) { return a; }
inline Array AsArray(const Variable& v) { return v.defined() ? v.array() : Array(); }
inline Array AsArray(py::NoneType) { return Array(); }
/// A number in an example becomes a 0-d array of NumPy's dtype for it (int64, float64, bool).
inline Array AsArray(int64_t v) { return Array::FromScalar(Scalar(v), Dtype::kInt64); }
inline Array AsArray(double v) { return Array::FromScalar(Scalar(v), Dtype::kFloat64); }
inline Array AsArray(bool v) { return Array::FromScalar(Scalar(v), Dtype::kBool); }

inline Variable AsVariable(const Variable& v) { return v; }
inline Variable AsVariable(const Array& a) { return a.defined() ? Variable(a, false) : Variable(); }
inline Variable AsVariable(py::NoneType) { return Variable(); }

/// A forward's result (`return y,` / `return y1, y2` / a list) as the outputs of a node.
template <typename... T>
ArrayList ToArrayList(const std::tuple<T...>& values) {
    ArrayList out;
    std::apply([&](const auto&... v) { (out.push_back(AsArray(v)), ...); }, values);
    return out;
}
template <typename T>
ArrayList ToArrayList(const std::vector<T>& values) {
    ArrayList out;
    for (const T& v : values) out.push_back(AsArray(v));
    return out;
}
inline ArrayList ToArrayList(const Array& value) { return ArrayList{value}; }

/// A backward's result: gradients (Variables, arrays or None).
template <typename... T>
VarList ToVarList(const std::tuple<T...>& values) {
    VarList out;
    std::apply([&](const auto&... v) { (out.push_back(AsVariable(v)), ...); }, values);
    return out;
}
template <typename T>
VarList ToVarList(const std::vector<T>& values) {
    VarList out;
    for (const T& v : values) out.push_back(AsVariable(v));
    return out;
}
inline VarList ToVarList(const Variable& value) { return VarList{value}; }
inline VarList ToVarList(const VarList& values) { return values; }

/// get_example's result: a tuple of arrays/numbers (x, t), or one array.
template <typename... T>
datasets::Example ToExample(const std::tuple<T...>& values) {
    datasets::Example out;
    std::apply([&](const auto&... v) { (out.push_back(AsArray(v)), ...); }, values);
    return out;
}
template <typename T>
datasets::Example ToExample(const T& value) {
    return datasets::Example{AsArray(value)};
}
/// A list of arrays returned as the example (a transform handing its input back).
inline datasets::Example ToExample(const std::vector<Array>& values) { return datasets::Example(values); }

/// __next__'s result: a list of examples.
template <typename T>
iterators::Batch ToBatch(const std::vector<T>& examples) {
    iterators::Batch out;
    out.reserve(examples.size());
    for (const T& e : examples) out.push_back(ToExample(e));
    return out;
}
inline iterators::Batch ToBatch(const iterators::Batch& batch) { return batch; }
/// __next__'s result when it is one tuple of arrays, not a list of examples (word2vec's `return center,
/// contexts`): a batch of one example holding them, which the program's converter unpacks with FromBatch
/// (Note [User converters] in cnetc's sema).
template <typename... T>
iterators::Batch ToBatch(const std::tuple<T...>& arrays) {
    return iterators::Batch{ToExample(arrays)};
}

template <typename T>
T FromArray(const Array& a) {
    if constexpr (std::is_same_v<T, Variable>) {
        return AsVariable(a);
    } else {
        static_assert(std::is_same_v<T, Array>, "a batch holds arrays");
        return a;
    }
}

template <typename Tuple, size_t... I>
Tuple FromExample(const datasets::Example& example, std::index_sequence<I...>) {
    return Tuple{FromArray<std::tuple_element_t<I, Tuple>>(example[I])...};
}

namespace internal {
/// A dataset of examples held in memory (ToDataset).
class ExampleListDataset : public datasets::Dataset {
public:
    explicit ExampleListDataset(iterators::Batch examples) : examples_(std::move(examples)) {}
    int64_t size() const override { return static_cast<int64_t>(examples_.size()); }
    datasets::Example get_example(int64_t i) const override { return examples_[static_cast<size_t>(i)]; }

private:
    iterators::Batch examples_;
};
}  // namespace internal

/// A list of examples (arrays, or tuples of arrays and numbers) where the library takes a dataset, as Chainer takes
/// any sequence (seq2seq's list of (source, target) pairs): the list is copied, its arrays shared.
template <typename T>
std::shared_ptr<datasets::Dataset> ToDataset(const std::vector<T>& examples) {
    return std::make_shared<internal::ExampleListDataset>(ToBatch(examples));
}
/// An array where the library takes a dataset: its rows are the examples (`SerialIterator(images, 32)`).
inline std::shared_ptr<datasets::Dataset> ToDataset(const Array& rows) {
    CNET_CHECK_AS(py::TypeError, rows.ndim() >= 1, "a dataset: len() of unsized object (a 0-d array)");
    return std::make_shared<datasets::TupleDataset>(rows);
}

/// The tuple of arrays ToBatch packed, for the converter.
template <typename Tuple>
Tuple FromBatch(const iterators::Batch& batch) {
    constexpr size_t n = std::tuple_size_v<Tuple>;
    CNET_CHECK_AS(ValueError, batch.size() == 1 && batch[0].size() == n, "converter: expected the batch of one ",
                  n, "-tuple of arrays the iterator's __next__ returns, got ", batch.size(), " examples");
    return FromExample<Tuple>(batch[0], std::make_index_sequence<n>());
}

/// An iterator's previous_epoch_detail: a float, or None before the first batch.
inline std::optional<double> ToOptionalDouble(double v) { return v; }
inline std::optional<double> ToOptionalDouble(const std::optional<double>& v) { return v; }
inline std::optional<double> ToOptionalDouble(py::NoneType) { return std::nullopt; }

/// The first N outputs of a node as a tuple (calling a Function with several outputs).
template <size_t N, size_t... I>
auto OutputsImpl(const VarList& outputs, std::index_sequence<I...>) {
    CNET_CHECK_AS(ValueError, outputs.size() == N, "expected ", N, " outputs, the function returned ", outputs.size());
    return std::make_tuple(outputs[I]...);
}
template <size_t N>
auto Outputs(const VarList& outputs) {
    return OutputsImpl<N>(outputs, std::make_index_sequence<N>{});
}

/// The list of input arrays a user forward receives.
inline std::vector<Array> InputList(const ArrayList& inputs) { return std::vector<Array>(inputs.begin(), inputs.end()); }

/// True when every input is on the CPU (a forward_cpu / backward_cpu call), as Chainer decides by the arrays.
inline bool AllOnCpu(const ArrayList& arrays) {
    for (const Array& a : arrays) {
        if (a.defined() && !a.device().is_cpu()) return false;
    }
    return true;
}

/// LogReport's `postprocess(result)` on a .cnet function of a dict[str, float]: it sees the entry as that dict
/// and its changes (keys set, changed or deleted) are written back, as Python's function edits the dict itself.
/// An int entry (`epoch`, `iteration`) the function leaves at its value stays an int in the log.
template <typename F>
void PostprocessLogEntry(F&& postprocess, training::extensions::LogEntry& entry) {
    py::Dict<std::string, double> d;
    for (const auto& [key, value] : entry) d[key] = training::extensions::AsDouble(value);
    postprocess(d);
    std::vector<std::string> removed;
    for (const auto& item : entry) {
        if (d.count(item.first) == 0) removed.push_back(item.first);
    }
    for (const std::string& key : removed) entry.erase(key);
    for (const auto& [key, value] : d) {
        const training::extensions::LogValue* old = entry.find(key);
        if (old != nullptr && std::holds_alternative<int64_t>(*old) &&
            static_cast<double>(std::get<int64_t>(*old)) == value) {
            continue;
        }
        entry.set(key, value);
    }
}

}  // namespace cnet::adapters
