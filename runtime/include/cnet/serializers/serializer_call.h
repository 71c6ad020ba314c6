// serializer_call.h — `serializer(key, value)` as a .cnet `serialize(self, serializer)` override writes it
// (Chainer's AbstractSerializer.__call__): the runtime's Serializer saves or loads in place; Python's returns the
// value, which the override assigns back (`self.epoch = serializer('epoch', self.epoch)`).
#pragma once

#include <string>

#include "cnet/py/errors.h"
#include "cnet/serializers/missing_key_error.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace serializers {

/// Saves `value` and returns it, or loads and returns the value stored under `key` (`value` itself when a
/// non-strict deserializer skips the key). A key a strict deserializer does not find is Python's KeyError, as
/// Chainer's NpzDeserializer raises: code falls back on it (`except KeyError:` in Chainer's ptb iterator).
template <typename T>
T call(Serializer& serializer, const std::string& key, T value) {
    try {
        serializer.serialize(key, value);
    } catch (const MissingKeyError& e) {
        throw py::KeyError(e.what());
    }
    return value;
}

}  // namespace serializers
}  // namespace cnet
