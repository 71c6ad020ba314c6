// npz_deserializer.h — chainer.serializers.NpzDeserializer: loads an object's state from an .npz archive.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cnet/serializers/npz_file.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace serializers {

/// Chainer's `ignore_names`: full keys (e.g. "l1/W") or predicates on the full key; matching keys are
/// skipped (the value keeps its current contents).
class IgnoreNames {
public:
    using Predicate = std::function<bool(const std::string& key)>;
    IgnoreNames() = default;
    IgnoreNames(const char* name) : names_{name} {}                        // NOLINT(runtime/explicit)
    IgnoreNames(std::string name) : names_{std::move(name)} {}            // NOLINT(runtime/explicit)
    IgnoreNames(std::vector<std::string> names) : names_(std::move(names)) {}  // NOLINT(runtime/explicit)
    IgnoreNames(Predicate predicate) : predicates_{std::move(predicate)} {}  // NOLINT(runtime/explicit)

    bool matches(const std::string& key) const;

private:
    std::vector<std::string> names_;
    std::vector<Predicate> predicates_;
};

/// Loads state from an NpzFile with the key scheme of DictionarySerializer.
/// - into a defined array: the stored data is copied in place (cast to its dtype with NumPy's same_kind rule);
///   the shapes must be equal, else SerializationError naming the key and both shapes;
/// - into an undefined array (None, e.g. an uninitialized parameter): a new array is assigned;
/// - a stored None makes the value undefined (Chainer returns None);
/// - a missing key raises MissingKeyError naming the key (and the expected shape) unless `strict` is false,
///   in which case the value is left as it is.
class NpzDeserializer : public Serializer {
public:
    NpzDeserializer(std::shared_ptr<const NpzFile> npz, std::string path = "", bool strict = true,
                    IgnoreNames ignore_names = {});

    bool is_loading() const override { return true; }
    std::shared_ptr<Serializer> child(const std::string& key) override;
    void serialize(const std::string& key, Array& value) override;
    using Serializer::serialize;

    /// obj.serialize(*this) — Chainer's Deserializer.load(obj).
    template <typename T>
    void load(T& obj) {
        obj.serialize(*this);
    }

    const std::string& path() const { return path_; }
    bool strict() const { return strict_; }

private:
    std::shared_ptr<const NpzFile> npz_;
    std::string path_;
    bool strict_;
    IgnoreNames ignore_names_;
};

}  // namespace serializers
}  // namespace cnet
