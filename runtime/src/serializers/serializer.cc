// serializer.cc — scalar overloads of Serializer::serialize, stored as 0-d arrays.
#include "cnet/serializers/serializer.h"

#include <vector>

#include "cnet/serializers/dictionary_serializer.h"
#include "serializers/key_path.h"

namespace cnet {
namespace {

// Note [Loading scalars]
// Chainer's `t = serializer('t', t)` returns `t` unchanged when the key is missing and strict=False. The
// scalar is therefore passed as a defined 0-d array holding its current value: a deserializer copies a stored
// value into it in place, leaves it untouched for a skipped key, and makes it undefined for a stored None.
template <typename T>
void SerializeScalar(Serializer& s, const std::string& key, T& value, Dtype dtype) {
    Array a = Array::FromScalar(Scalar(value), dtype);
    s.serialize(key, a);
    if (s.is_loading()) {
        CNET_CHECK_AS(SerializationError, a.defined(), "cannot load '", key, "': the stored value is None");
        value = a.item<T>();
    }
}

}  // namespace

void Serializer::serialize(const std::string& key, int64_t& value) { SerializeScalar(*this, key, value, Dtype::kInt64); }
void Serializer::serialize(const std::string& key, int& value) { SerializeScalar(*this, key, value, Dtype::kInt64); }
void Serializer::serialize(const std::string& key, double& value) { SerializeScalar(*this, key, value, Dtype::kFloat64); }
void Serializer::serialize(const std::string& key, float& value) { SerializeScalar(*this, key, value, Dtype::kFloat64); }
void Serializer::serialize(const std::string& key, bool& value) { SerializeScalar(*this, key, value, Dtype::kBool); }

void Serializer::serialize(const std::string& key, std::optional<double>& value) {
    Array a;  // See Note [Loading scalars]
    if (value) a = Array::FromScalar(Scalar(*value), Dtype::kFloat64);
    serialize(key, a);
    if (is_loading()) value = a.defined() ? std::optional<double>(a.item<double>()) : std::nullopt;
}

void Serializer::serialize(const std::string& key, std::string& value) {
    // Held as a 1-D uint8 array of the UTF-8 bytes; a DictionarySerializer marks the key as a str, so that
    // save_npz writes it as Chainer does (numpy.asarray(text): a 0-d '<U{n}' array).
    if (auto* d = dynamic_cast<serializers::DictionarySerializer*>(this)) {
        d->target()->set_string(serializers::internal::ValueKey(d->path(), key), value);
        return;
    }
    Array a;
    if (!is_loading()) {
        std::vector<uint8_t> bytes(value.begin(), value.end());
        a = Array::FromVector(bytes);
    }
    serialize(key, a);
    // A string's length may change, so it cannot be loaded in place: an undefined result (a key skipped with
    // strict=false, or a stored None) leaves the string as it was.
    if (is_loading() && a.defined()) {
        const std::vector<uint8_t> bytes = a.to_vector<uint8_t>();
        value.assign(bytes.begin(), bytes.end());
    }
}

}  // namespace cnet
