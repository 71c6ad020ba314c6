// serializer.h — chainer.AbstractSerializer: the one symmetric interface through which links,
// optimizers, iterators, updaters and trainers save and load their state (the same `serialize` code
// does both, as in Chainer: `t = serializer("t", t)`).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cnet/core/array.h"

namespace cnet {

class Serializer {
public:
    virtual ~Serializer() = default;

    /// True for deserializers (load_npz), false for serializers (save_npz).
    virtual bool is_loading() const = 0;
    /// serializer[key]: the child serializer for a sub-object (keys joined with '/').
    virtual std::shared_ptr<Serializer> child(const std::string& key) = 0;
    std::shared_ptr<Serializer> operator[](const std::string& key) { return child(key); }

    /// Saves `value`, or loads into it. An undefined array stands for Python's None. When loading into a
    /// defined array the data is copied in place (shape must match: SerializationError naming the key and
    /// both shapes); into an undefined array (an uninitialized parameter) a new array is assigned.
    virtual void serialize(const std::string& key, Array& value) = 0;

    /// Scalars are stored as 0-d arrays (Chainer's convention); std::nullopt is stored as None. When loading, a
    /// key skipped by a non-strict deserializer leaves the value unchanged (Chainer returns `value` as is); a
    /// stored None loads as std::nullopt, and is an error for the other scalar types. Strings are stored as
    /// 1-D uint8 arrays of their UTF-8 bytes (save_npz writes them as Chainer does: 0-d '<U{n}' str arrays, see
    /// NpzFile::set_string); a stored None leaves a string unchanged.
    void serialize(const std::string& key, int64_t& value);
    void serialize(const std::string& key, int& value);
    void serialize(const std::string& key, double& value);
    void serialize(const std::string& key, float& value);
    void serialize(const std::string& key, bool& value);
    void serialize(const std::string& key, std::optional<double>& value);
    void serialize(const std::string& key, std::string& value);
};

/// Anything with `void serialize(Serializer&)` can be saved with save_npz and loaded with load_npz.
class Serializable {
public:
    virtual ~Serializable() = default;
    virtual void serialize(Serializer& serializer) = 0;
};

}  // namespace cnet
