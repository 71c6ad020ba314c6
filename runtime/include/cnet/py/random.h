// random.h — Python's `random` module with CPython's generator: MT19937 seeded by init_by_array from the int's
// 32-bit words, random() from two draws (53 bits), getrandbits/randbelow by rejection, randint, uniform, shuffle,
// choice; so a seeded .cnet program draws the numbers CPython draws.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace py {
namespace random {

class MersenneTwister {
public:
    MersenneTwister();  // seeded from std::random_device, as CPython seeds from the OS
    void Seed(int64_t seed);
    uint32_t Next();
    double Random();
    uint64_t GetRandBits(int k);
    int64_t RandBelow(int64_t n);

private:
    void InitGenrand(uint32_t s);
    uint32_t mt_[624];
    int index_ = 625;
};

MersenneTwister& Generator();

inline void seed(int64_t a) { Generator().Seed(a); }
inline double random() { return Generator().Random(); }
inline double uniform(double a, double b) { return a + (b - a) * Generator().Random(); }
inline int64_t randint(int64_t a, int64_t b) {
    if (b < a) throw ValueError("empty range for randrange()");
    return a + Generator().RandBelow(b - a + 1);
}
inline int64_t randrange(int64_t start, int64_t stop) {
    if (stop <= start) throw ValueError("empty range for randrange()");
    return start + Generator().RandBelow(stop - start);
}
inline int64_t getrandbits(int64_t k) { return static_cast<int64_t>(Generator().GetRandBits(static_cast<int>(k))); }
/// random.shuffle(x) of anything but a list (the surface's untyped parameter admits it): Python's TypeError.
template <typename T>
void shuffle(const T&) {
    throw py::TypeError("random.shuffle() needs a list");
}
template <typename T>
void shuffle(std::vector<T>& x) {
    for (std::size_t i = x.size(); i-- > 1;) {
        const auto j = static_cast<std::size_t>(Generator().RandBelow(static_cast<int64_t>(i) + 1));
        std::swap(x[i], x[j]);
    }
}
template <typename T>
T choice(const std::vector<T>& seq) {
    if (seq.empty()) throw IndexError("Cannot choose from an empty sequence");
    return seq[static_cast<std::size_t>(Generator().RandBelow(static_cast<int64_t>(seq.size())))];
}

}  // namespace random
}  // namespace py
}  // namespace cnet
