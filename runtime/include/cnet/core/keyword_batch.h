// keyword_batch.h — a converter that returns a dict, for generated code (Note [Keyword batches]).
//
// Note [Keyword batches]
// ~~~~~~~~~~~~~~~~~~~~~~
// Chainer's StandardUpdater calls `loss_func(**in_arrays)` when the converter returns a dict (seq2seq:
// `{'xs': [...], 'ys': [...]}` for `Seq2seq.__call__(self, xs, ys)`). The runtime's updaters and Evaluator pass
// the converted batch on as positional arrays; cnetc, which sees both the converter and the loss function, has
// the converter's dict packed in the order of the loss function's parameters (KeywordBatch) and the loss
// function's arguments read back in that order (BatchReader): an array as itself, a list of arrays as its length
// (a 0-d int64 array) and then its arrays.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"
#include "cnet/py/dict.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace adapters {

namespace internal {
inline void PackValue(std::vector<Array>& out, const Array& a) { out.push_back(a); }
inline void PackValue(std::vector<Array>& out, const Variable& v) { out.push_back(v.array()); }
template <typename T>
void PackValue(std::vector<Array>& out, const std::vector<T>& list) {
    out.push_back(Array::FromScalar(static_cast<int64_t>(list.size()), Dtype::kInt64));
    for (const T& item : list) PackValue(out, item);
}
}  // namespace internal

/// The converter's dict as positional arrays in the order of `names`, the loss function's parameters. TypeError,
/// as Python's call is, for a parameter the dict does not give or a key no parameter takes.
template <typename V>
std::vector<Array> KeywordBatch(const py::Dict<std::string, V>& values, const std::vector<std::string>& names) {
    std::vector<Array> out;
    for (const std::string& name : names) {
        if (values.count(name) == 0) {
            throw py::TypeError("the converter's dict gives no '" + name + "', a parameter of the loss function");
        }
        internal::PackValue(out, values.at(name));
    }
    if (values.size() != names.size()) {
        for (const auto& [key, value] : values) {
            bool known = false;
            for (const std::string& name : names) known = known || name == key;
            if (!known) throw py::TypeError("the loss function got an unexpected keyword argument '" + key + "'");
        }
    }
    return out;
}

/// The loss function's arguments read back from what KeywordBatch packed, one parameter at a time.
class BatchReader {
public:
    explicit BatchReader(const std::vector<Variable>& args) : args_(args) {}
    Variable variable() { return Next("an array"); }
    Array array() { return Next("an array").array(); }
    /// A list parameter: its length, then its elements.
    template <typename T>
    std::vector<T> list() {
        // A list parameter is given only by a converter's dict: anything else here is a batch of another form.
        const Array length = Next("a list's length").array();
        if (length.ndim() != 0 || length.dtype() != Dtype::kInt64 ||
            length.template item<int64_t>() > static_cast<int64_t>(args_.size() - next_)) {
            throw py::TypeError("the loss function takes a list of arrays, which only a converter returning a dict "
                                "of lists gives (Note [Keyword batches]); this batch holds arrays");
        }
        const int64_t n = length.template item<int64_t>();
        std::vector<T> out;
        for (int64_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, Array>) {
                out.push_back(array());
            } else {
                out.push_back(variable());
            }
        }
        return out;
    }

private:
    Variable Next(const char* what) {
        if (next_ >= args_.size()) {
            throw py::TypeError(std::string("the converted batch ends where the loss function reads ") + what);
        }
        return args_[next_++];
    }
    const std::vector<Variable>& args_;
    std::size_t next_ = 0;
};

}  // namespace adapters
}  // namespace cnet
