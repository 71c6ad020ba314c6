// random.cc — numpy.random routines drawing from the default generator (under its mutex).
#include "cnet/np/random.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>
#include <vector>

#include "cnet/core/random.h"
#include "cnet/kernels/random.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace np {
namespace random {
namespace {

using Generator = ::cnet::random::Generator;

// Runs f(generator) while holding the default generator's lock.
template <typename F>
auto Draw(F f) {
    std::lock_guard<std::mutex> lock(::cnet::random::default_generator_mutex());
    return f(::cnet::random::default_generator());
}

// A float64 array of draws (kernels/random.h).
Array Fill(const Shape& shape, kernels::Distribution distribution, double a, double b) {
    Array out = Array::Empty(shape, Dtype::kFloat64);
    kernels::RandomFill(out, distribution, a, b);
    return out;
}

// Fisher-Yates from the last element down, as NumPy's legacy shuffle does.
std::vector<int64_t> ShuffledIndices(int64_t n) {
    std::vector<int64_t> index(static_cast<size_t>(n));
    std::iota(index.begin(), index.end(), 0);
    Draw([&](Generator& g) {
        for (int64_t i = n - 1; i > 0; --i) std::swap(index[i], index[g.randint(0, i + 1)]);
        return 0;
    });
    return index;
}

}  // namespace

void seed(std::optional<uint64_t> seed) {
    if (seed) {
        ::cnet::random::seed(*seed);
    } else {
        ::cnet::random::seed_from_entropy();
    }
}

double rand() {
    return Draw([](Generator& g) { return g.uniform(); });
}
Array rand(const Shape& shape) {
    return Fill(shape, kernels::Distribution::kUniform, 0, 1);
}
double randn() {
    return Draw([](Generator& g) { return g.normal(); });
}
Array randn(const Shape& shape) {
    return Fill(shape, kernels::Distribution::kNormal, 0, 1);
}
Array random_sample(const Shape& size) { return rand(size); }

double uniform(double low, double high) {
    return Draw([&](Generator& g) { return low + (high - low) * g.uniform(); });
}
Array uniform(double low, double high, const Shape& size) {
    return Fill(size, kernels::Distribution::kUniform, low, high - low);
}
double normal(double loc, double scale) {
    CNET_CHECK_AS(ValueError, scale >= 0, "scale < 0");
    return Draw([&](Generator& g) { return loc + scale * g.normal(); });
}
Array normal(double loc, double scale, const Shape& size) {
    CNET_CHECK_AS(ValueError, scale >= 0, "scale < 0");
    return Fill(size, kernels::Distribution::kNormal, loc, scale);
}

int64_t randint(int64_t low) { return randint(0, low); }
int64_t randint(int64_t low, int64_t high) {
    CNET_CHECK_AS(ValueError, low < high, "low >= high");
    return Draw([&](Generator& g) { return g.randint(low, high); });
}
Array randint(int64_t low, std::optional<int64_t> high, const Shape& size, Dtype dtype) {
    const int64_t lo = high ? low : 0, hi = high ? *high : low;
    CNET_CHECK_AS(ValueError, lo < hi, "low >= high");
    CNET_CHECK_AS(DtypeError, IsInteger(dtype), "randint: unsupported dtype ", dtype);
    Array out = Array::Empty(size, Dtype::kInt64);
    kernels::RandomInt(out, lo, hi);
    return out.astype(dtype, false);
}

Array permutation(int64_t n) { return Array::FromVector(ShuffledIndices(n)); }

Array permutation(const Array& x) {
    CNET_CHECK_AS(ValueError, x.ndim() > 0, "x must be an integer or at least 1-dimensional");
    return getitem(x, Indices{permutation(x.shape()[0])}).as_contiguous();
}

void shuffle(const Array& x) {
    if (x.ndim() == 0 || x.shape()[0] <= 1) return;
    const Array shuffled = getitem(x, Indices{permutation(x.shape()[0])});
    Array target = x;
    target.assign(shuffled);
}

}  // namespace random
}  // namespace np
}  // namespace cnet
