// missing_key_error.h — the error a deserializer raises for an absent key (Chainer's KeyError).
#pragma once

#include <string>
#include <utility>

#include "cnet/core/error.h"

namespace cnet {
namespace serializers {

/// A key the object asked for is not in the archive. Code that falls back to an older key (as
/// SerialIterator does for 'order' / '_order') catches this, not the broader SerializationError.
class MissingKeyError : public SerializationError {
public:
    MissingKeyError(std::string key, const std::string& message) : SerializationError(message), key_(std::move(key)) {}
    /// The full key, e.g. "updater/model:main/predictor/l1/W".
    const std::string& key() const { return key_; }

private:
    std::string key_;
};

}  // namespace serializers
}  // namespace cnet
