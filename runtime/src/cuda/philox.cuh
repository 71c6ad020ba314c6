// philox.cuh — the Philox4x32-10 counter-based generator (Salmon et al., "Parallel Random Numbers: As Easy as
// 1, 2, 3", SC'11): 10 rounds of multiply-xor on a 128-bit counter under a 64-bit key. Element i of a draw
// uses counter (i, attempt, stream) and needs no state, so every thread computes its own numbers.
#pragma once

#include <cstdint>

namespace cnet {
namespace cuda {

struct Philox4 {
    uint32_t v[4];
};

__host__ __device__ inline void PhiloxRound(uint32_t ctr[4], const uint32_t key[2]) {
    constexpr uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;
    const uint64_t p0 = static_cast<uint64_t>(kM0) * ctr[0];
    const uint64_t p1 = static_cast<uint64_t>(kM1) * ctr[2];
    const uint32_t hi0 = static_cast<uint32_t>(p0 >> 32), lo0 = static_cast<uint32_t>(p0);
    const uint32_t hi1 = static_cast<uint32_t>(p1 >> 32), lo1 = static_cast<uint32_t>(p1);
    const uint32_t c1 = ctr[1], c3 = ctr[3];
    ctr[0] = hi1 ^ c1 ^ key[0];
    ctr[1] = lo1;
    ctr[2] = hi0 ^ c3 ^ key[1];
    ctr[3] = lo0;
}

/// Philox4x32-10 of counter (c0, c1, c2, c3) under `key`.
__host__ __device__ inline Philox4 Philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint64_t key) {
    constexpr uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;
    uint32_t ctr[4] = {c0, c1, c2, c3};
    uint32_t k[2] = {static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32)};
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            k[0] += kW0;
            k[1] += kW1;
        }
        PhiloxRound(ctr, k);
    }
    return {{ctr[0], ctr[1], ctr[2], ctr[3]}};
}

/// Uniform double in [0, 1) with 53 random bits from two words (the CPU generator's construction).
__host__ __device__ inline double UniformFromWords(uint32_t hi, uint32_t lo) {
    const uint64_t bits = (static_cast<uint64_t>(hi) << 32) | lo;
    return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace cuda
}  // namespace cnet
