// random.h — the runtime's one seedable random generator (xoshiro256**). Seeded from CNET_SEED (or
// CHAINER_SEED) when set, else from the system; np.random.seed(n) reseeds it, so runs are reproducible.
#pragma once

#include <cstdint>
#include <mutex>

namespace cnet {
namespace random {

/// Everything a Generator's future draws depend on: the xoshiro words and Box-Muller's cached value. Snapshots
/// carry it so a resumed run draws exactly what the uninterrupted run would have.
struct GeneratorState {
    uint64_t s[4] = {};
    bool has_spare = false;
    double spare = 0;
};

class Generator {
public:
    explicit Generator(uint64_t seed) { this->seed(seed); }
    void seed(uint64_t seed);
    uint64_t next_u64();
    /// Uniform in [0, 1) with 53 random bits.
    double uniform();
    /// Standard normal (Box-Muller, one value cached).
    double normal();
    /// Uniform integer in [low, high).
    int64_t randint(int64_t low, int64_t high);

    GeneratorState state() const;
    /// ValueError for the all-zero word state, which xoshiro never leaves (it would draw only zeros).
    void set_state(const GeneratorState& state);

private:
    uint64_t s_[4];
    bool has_spare_ = false;
    double spare_ = 0;
};

/// The process-wide generator; hold the lock while drawing from several threads.
Generator& default_generator();
std::mutex& default_generator_mutex();
/// Reseeds the default generator (np.random.seed / chainer's CNET_SEED).
void seed(uint64_t seed);
/// Reseeds the default generator from the system's entropy (np.random.seed() with no seed), whatever CNET_SEED says.
void seed_from_entropy();

}  // namespace random
}  // namespace cnet
