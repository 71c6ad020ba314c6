// npz_deserializer.cc — key lookup, shape and cast checks, in-place copy for NpzDeserializer.
#include "cnet/serializers/npz_deserializer.h"

#include <algorithm>
#include <utility>

#include "cnet/serializers/missing_key_error.h"
#include "serializers/key_path.h"

namespace cnet {
namespace serializers {
namespace {

// NumPy's kind order for casting='same_kind': bool < unsigned < signed < float.
int KindRank(Dtype d) {
    switch (DtypeKind(d)) {
        case 'b': return 0;
        case 'u': return 1;
        case 'i': return 2;
        default: return 3;
    }
}

std::string InArchive(const NpzFile& npz) { return npz.source().empty() ? "" : " in '" + npz.source() + "'"; }

}  // namespace

bool IgnoreNames::matches(const std::string& key) const {
    return std::find(names_.begin(), names_.end(), key) != names_.end() ||
           std::any_of(predicates_.begin(), predicates_.end(), [&](const Predicate& p) { return p(key); });
}

NpzDeserializer::NpzDeserializer(std::shared_ptr<const NpzFile> npz, std::string path, bool strict,
                                 IgnoreNames ignore_names)
    : npz_(std::move(npz)), path_(std::move(path)), strict_(strict), ignore_names_(std::move(ignore_names)) {
    CNET_CHECK_AS(SerializationError, npz_ != nullptr, "NpzDeserializer: no archive");
}

std::shared_ptr<Serializer> NpzDeserializer::child(const std::string& key) {
    return std::make_shared<NpzDeserializer>(npz_, internal::ChildPath(path_, key), strict_, ignore_names_);
}

void NpzDeserializer::serialize(const std::string& key, Array& value) {
    const std::string full = internal::ValueKey(path_, key);
    if (!strict_ && !npz_->contains(full)) return;
    if (ignore_names_.matches(full)) return;
    if (!npz_->contains(full)) {
        std::string expected;
        if (value.defined())
            expected = " (expected an array of shape " + value.shape().ToString() + " and dtype " +
                       DtypeName(value.dtype()) + ")";
        throw MissingKeyError(full, "'" + full + "' is not a file in the archive" + InArchive(*npz_) + expected);
    }
    const Array& stored = npz_->at(full);
    if (!stored.defined()) {  // a saved None
        value = Array();
        return;
    }
    if (!value.defined()) {
        value = stored.copy();
        return;
    }
    if (stored.shape() != value.shape())
        throw SerializationError("shape mismatch for '" + full + "'" + InArchive(*npz_) + ": expected " +
                                 value.shape().ToString() + ", got " + stored.shape().ToString());
    if (KindRank(stored.dtype()) > KindRank(value.dtype()))
        throw SerializationError("cannot load '" + full + "'" + InArchive(*npz_) + ": cannot cast " +
                                 DtypeName(stored.dtype()) + " to " + DtypeName(value.dtype()) +
                                 " under the 'same_kind' rule");
    value.assign(stored.to_device(value.device()));
}

}  // namespace serializers
}  // namespace cnet
