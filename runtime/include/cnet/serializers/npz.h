// npz.h — chainer.serializers.save_npz / load_npz: an object's state to and from an .npz file.
//
//   serializers::save_npz("my.model", model);               // model: anything with serialize(Serializer&)
//   serializers::load_npz("my.model", fresh_model);
//   serializers::load_npz("result/snapshot_iter_500", model, "updater/model:main/");  // a subtree
//
// Files are real NumPy archives (numpy.load / Chainer read them, and these functions read theirs).
#pragma once

#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/missing_key_error.h"
#include "cnet/serializers/npz_deserializer.h"
#include "cnet/serializers/npz_file.h"

namespace cnet {
namespace serializers {
namespace internal {

template <typename T, typename = void>
struct HasSerialize : std::false_type {};
template <typename T>
struct HasSerialize<T, std::void_t<decltype(std::declval<T&>().serialize(std::declval<Serializer&>()))>>
    : std::true_type {};

// The object behind a reference, raw pointer or smart pointer, so save_npz(path, model) works for all of them.
template <typename T>
auto& Target(T& obj) {
    if constexpr (HasSerialize<T>::value) {
        return obj;
    } else {
        return Target(*obj);
    }
}

/// Writes a finished archive atomically (savez_compressed when `compression`, else savez).
void WriteNpz(const std::string& file, const NpzFile& npz, bool compression);
/// Reads an archive for load_npz.
std::shared_ptr<const NpzFile> ReadNpz(const std::string& file);

}  // namespace internal

/// Saves `obj`'s state (DictionarySerializer().save(obj)) to `file` as an .npz; compressed by default.
/// The write is atomic: a temporary file in the same directory renamed over `file`.
template <typename T>
void save_npz(const std::string& file, T&& obj, bool compression = true) {
    DictionarySerializer serializer;
    internal::Target(obj).serialize(serializer);
    internal::WriteNpz(file, *serializer.target(), compression);
}

/// Loads `obj`'s state from `file`. `path` selects a subtree (e.g. "updater/model:main/"); with
/// `strict` false missing keys are skipped; `ignore_names` skips the named keys.
template <typename T>
void load_npz(const std::string& file, T&& obj, const std::string& path = "", bool strict = true,
              IgnoreNames ignore_names = {}) {
    NpzDeserializer deserializer(internal::ReadNpz(file), path, strict, std::move(ignore_names));
    internal::Target(obj).serialize(deserializer);
}

}  // namespace serializers
}  // namespace cnet
