// random.cc — CPython's MT19937 (init_genrand, init_by_array, genrand_uint32) and its derived draws.
#include "cnet/py/random.h"

#include <random>

namespace cnet {
namespace py {
namespace random {

namespace {
constexpr int kN = 624;
constexpr int kM = 397;
}  // namespace

MersenneTwister::MersenneTwister() {
    std::random_device device;
    Seed((static_cast<int64_t>(device()) << 31) ^ device());
}

void MersenneTwister::InitGenrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < kN; ++i) mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index_ = kN;
}

// random.seed(n): init_by_array over the 32-bit words of |n|, low word first (CPython's random_seed).
void MersenneTwister::Seed(int64_t seed) {
    uint64_t n = seed < 0 ? 0 - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
    std::vector<uint32_t> key;
    do {
        key.push_back(static_cast<uint32_t>(n & 0xffffffffU));
        n >>= 32;
    } while (n != 0);
    InitGenrand(19650218U);
    int i = 1, j = 0;
    const int len = static_cast<int>(key.size());
    for (int k = kN > len ? kN : len; k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[static_cast<std::size_t>(j)] +
                 static_cast<uint32_t>(j);
        ++i;
        ++j;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
        mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
        ++i;
        if (i >= kN) {
            mt_[0] = mt_[kN - 1];
            i = 1;
        }
    }
    mt_[0] = 0x80000000U;
    index_ = kN;
}

uint32_t MersenneTwister::Next() {
    if (index_ >= kN) {
        for (int k = 0; k < kN; ++k) {
            const uint32_t y = (mt_[k] & 0x80000000U) | (mt_[(k + 1) % kN] & 0x7fffffffU);
            mt_[k] = mt_[(k + kM) % kN] ^ (y >> 1) ^ ((y & 1U) != 0 ? 0x9908b0dfU : 0U);
        }
        index_ = 0;
    }
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

double MersenneTwister::Random() {
    const uint32_t a = Next() >> 5, b = Next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

// getrandbits(k), k <= 64: 32-bit words filled low word first, the last one shifted down (CPython's order).
uint64_t MersenneTwister::GetRandBits(int k) {
    if (k < 0) throw ValueError("number of bits must be non-negative");
    if (k > 64) throw ValueError("getrandbits() of more than 64 bits is not supported");
    if (k == 0) return 0;
    if (k <= 32) return Next() >> (32 - k);
    const uint64_t low = Next();
    const uint64_t high = Next() >> (64 - k);
    return low | (high << 32);
}

int64_t MersenneTwister::RandBelow(int64_t n) {
    if (n <= 0) throw ValueError("empty range for randrange()");
    int k = 0;
    for (uint64_t m = static_cast<uint64_t>(n); m != 0; m >>= 1) ++k;
    uint64_t r = GetRandBits(k);
    while (r >= static_cast<uint64_t>(n)) r = GetRandBits(k);
    return static_cast<int64_t>(r);
}

MersenneTwister& Generator() {
    static MersenneTwister generator;
    return generator;
}

}  // namespace random
}  // namespace py
}  // namespace cnet
