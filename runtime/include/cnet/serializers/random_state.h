// random_state.h — a random generator's state as a snapshot entry, so resumed runs draw what uninterrupted ones
// would have drawn (Chainer snapshots lack it; see docs/runtime-design.md, "Snapshots and the random state").
#pragma once

#include <string>

#include "cnet/core/random.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace serializers {

/// Saves or loads `generator`'s state under `key`: a 1-D int64 array of 6 entries (the four xoshiro words, whether
/// a normal draw is cached, the cached value's bits). Loading validates it (SerializationError naming the key);
/// a missing key (a snapshot written by Chainer or an older cnet) leaves the generator as it is.
/// Chainer's own load_npz never asks for these keys, so cnet snapshots stay loadable there.
void serialize_random_state(Serializer& serializer, const std::string& key, random::Generator& generator);

/// The same for the process-wide default generator (holding its lock).
void serialize_default_random_state(Serializer& serializer, const std::string& key);

}  // namespace serializers
}  // namespace cnet
