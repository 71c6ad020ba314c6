// dictionary_serializer.h — chainer.serializers.DictionarySerializer: flattens an object's state into a
// {path: array} archive with '/'-joined keys.
#pragma once

#include <memory>
#include <string>

#include "cnet/serializers/npz_file.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace serializers {

/// Saves state into an NpzFile. `s["predictor"]` is the child serializer whose keys are prefixed with
/// "predictor/" (the key stripped of '/' on both sides); `s.serialize("W", w)` stores "predictor/W" (the key
/// stripped of leading '/'). No leading slash, as Chainer. Undefined arrays are stored as None.
class DictionarySerializer : public Serializer {
public:
    /// Writes into `target` (a new archive when null) under the key prefix `path` (e.g. "" or "updater/").
    explicit DictionarySerializer(std::shared_ptr<NpzFile> target = nullptr, std::string path = "");

    bool is_loading() const override { return false; }
    std::shared_ptr<Serializer> child(const std::string& key) override;
    void serialize(const std::string& key, Array& value) override;
    using Serializer::serialize;

    /// obj.serialize(*this) — Chainer's Serializer.save(obj).
    template <typename T>
    void save(T& obj) {
        obj.serialize(*this);
    }

    /// The archive being built (shared with child serializers).
    const std::shared_ptr<NpzFile>& target() const { return target_; }
    const std::string& path() const { return path_; }

private:
    std::shared_ptr<NpzFile> target_;
    std::string path_;
};

}  // namespace serializers
}  // namespace cnet
