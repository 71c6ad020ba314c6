// random_state.cc — a Generator's state as a 6-entry int64 array in snapshots.
#include "cnet/serializers/random_state.h"

#include <cmath>
#include <cstring>
#include <mutex>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/serializers/missing_key_error.h"

namespace cnet {
namespace serializers {
namespace {

constexpr int64_t kEntries = 6;

template <typename To, typename From>
To BitCast(From from) {
    static_assert(sizeof(To) == sizeof(From), "BitCast needs equal sizes");
    To to;
    std::memcpy(&to, &from, sizeof to);
    return to;
}

}  // namespace

void serialize_random_state(Serializer& serializer, const std::string& key, random::Generator& generator) {
    const random::GeneratorState st = generator.state();
    std::vector<int64_t> words(kEntries);
    for (int i = 0; i < 4; ++i) words[static_cast<size_t>(i)] = BitCast<int64_t>(st.s[i]);
    words[4] = st.has_spare ? 1 : 0;
    words[5] = BitCast<int64_t>(st.spare);
    Array value = Array::FromVector(words);
    try {
        serializer.serialize(key, value);
    } catch (const MissingKeyError&) {
        return;  // a snapshot without the random state: the generator keeps its own
    }
    if (!serializer.is_loading()) return;
    CNET_CHECK_AS(SerializationError, value.defined() && value.ndim() == 1 && value.shape()[0] == kEntries,
                  "cannot load the random state '", key, "': expected ", kEntries, " int64 entries, got ",
                  value.defined() ? value.shape().ToString() : std::string("None"));
    words = value.astype(Dtype::kInt64).to_vector<int64_t>();
    random::GeneratorState loaded;
    for (int i = 0; i < 4; ++i) loaded.s[i] = BitCast<uint64_t>(words[static_cast<size_t>(i)]);
    CNET_CHECK_AS(SerializationError, words[4] == 0 || words[4] == 1, "cannot load the random state '", key,
                  "': the cached-normal flag is ", words[4], ", not 0 or 1");
    loaded.has_spare = words[4] == 1;
    loaded.spare = BitCast<double>(words[5]);
    CNET_CHECK_AS(SerializationError, std::isfinite(loaded.spare), "cannot load the random state '", key,
                  "': the cached normal value is not finite");
    CNET_CHECK_AS(SerializationError, (loaded.s[0] | loaded.s[1] | loaded.s[2] | loaded.s[3]) != 0,
                  "cannot load the random state '", key, "': all four generator words are zero");
    generator.set_state(loaded);
}

void serialize_default_random_state(Serializer& serializer, const std::string& key) {
    std::lock_guard<std::mutex> lock(random::default_generator_mutex());
    serialize_random_state(serializer, key, random::default_generator());
}

}  // namespace serializers
}  // namespace cnet
