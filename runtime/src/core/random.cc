// random.cc — xoshiro256** seeded through splitmix64.
#include "cnet/core/random.h"

#include <cmath>
#include <cstdlib>
#include <random>

#include "cnet/core/error.h"

namespace cnet {
namespace random {
namespace {

uint64_t SplitMix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t EntropySeed() {
    std::random_device rd;
    return (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

uint64_t InitialSeed() {
    for (const char* name : {"CNET_SEED", "CHAINER_SEED"}) {
        if (const char* v = std::getenv(name)) {
            if (*v) return std::strtoull(v, nullptr, 10);
        }
    }
    return EntropySeed();
}

}  // namespace

void Generator::seed(uint64_t seed) {
    uint64_t x = seed;
    for (uint64_t& s : s_) s = SplitMix64(x);
    has_spare_ = false;
}

GeneratorState Generator::state() const {
    GeneratorState st;
    for (int i = 0; i < 4; ++i) st.s[i] = s_[i];
    st.has_spare = has_spare_;
    st.spare = spare_;
    return st;
}

void Generator::set_state(const GeneratorState& st) {
    CNET_CHECK_AS(ValueError, (st.s[0] | st.s[1] | st.s[2] | st.s[3]) != 0,
                  "random generator state: all four state words are zero (not a state the generator can reach)");
    for (int i = 0; i < 4; ++i) s_[i] = st.s[i];
    has_spare_ = st.has_spare;
    spare_ = st.spare;
}

uint64_t Generator::next_u64() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
}

double Generator::uniform() { return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0); }

double Generator::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u1 = uniform();
    while (u1 <= 0.0) u1 = uniform();
    const double u2 = uniform();
    const double r = std::sqrt(-2.0 * std::log(u1));
    spare_ = r * std::sin(2.0 * M_PI * u2);
    has_spare_ = true;
    return r * std::cos(2.0 * M_PI * u2);
}

int64_t Generator::randint(int64_t low, int64_t high) {
    CNET_CHECK_AS(ValueError, high > low, "randint: low >= high (", low, " >= ", high, ")");
    const uint64_t range = static_cast<uint64_t>(high - low);
    // Rejection sampling keeps the distribution exactly uniform.
    const uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    uint64_t v;
    do {
        v = next_u64();
    } while (v >= limit);
    return low + static_cast<int64_t>(v % range);
}

Generator& default_generator() {
    static Generator* g = new Generator(InitialSeed());
    return *g;
}

std::mutex& default_generator_mutex() {
    static std::mutex* m = new std::mutex();
    return *m;
}

void seed(uint64_t s) {
    std::lock_guard<std::mutex> lock(default_generator_mutex());
    default_generator().seed(s);
}

void seed_from_entropy() { seed(EntropySeed()); }

}  // namespace random
}  // namespace cnet
