// pickle_reader.h — a minimal pickle virtual machine for the object arrays NumPy stores in .npy files.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/core/shape.h"

namespace cnet {
namespace serializers {
namespace internal {

/// A Python value built by the pickle machine. Only the kinds NumPy's ndarray pickles use are modelled;
/// `kGlobal` is a reference like "numpy.core.multiarray._reconstruct", `kObject` a REDUCE/NEWOBJ result.
struct PyValue {
    enum class Kind { kNone, kBool, kInt, kFloat, kBytes, kStr, kTuple, kList, kDict, kGlobal, kObject };
    Kind kind = Kind::kNone;
    bool b = false;
    int64_t i = 0;
    double f = 0;
    std::string s;                               // bytes, str, or the global's "module.name"
    std::vector<std::shared_ptr<PyValue>> items;  // tuple/list items, dict key-value pairs, or [callable, args]
    std::shared_ptr<PyValue> state;              // set by BUILD
};
using PyValuePtr = std::shared_ptr<PyValue>;

/// Runs a pickle (protocols 0-5, the opcodes NumPy's arrays use) and returns the resulting value.
/// Throws SerializationError naming `source` on malformed input or unsupported opcodes.
PyValuePtr Unpickle(const std::string& bytes, const std::string& source);

/// The shape and elements of a pickled NumPy object array (`numpy.core.multiarray._reconstruct` + BUILD).
struct PickledObjectArray {
    Shape shape;
    std::vector<PyValuePtr> elements;
};
PickledObjectArray DecodePickledObjectArray(const std::string& bytes, const std::string& source);

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
