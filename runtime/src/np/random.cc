// random.cc — numpy.random routines drawing from the default generator (under its mutex).
#include "cnet/np/random.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>
#include <vector>

#include "cnet/core/random.h"
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

template <typename F>
Array FillFloat64(const Shape& shape, F sample) {
    Array out = Array::Empty(shape, Dtype::kFloat64);
    double* p = out.data<double>();
    const int64_t n = out.size();
    Draw([&](Generator& g) {
        for (int64_t i = 0; i < n; ++i) p[i] = sample(g);
        return 0;
    });
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

void seed(uint64_t seed) { ::cnet::random::seed(seed); }

double rand() {
    return Draw([](Generator& g) { return g.uniform(); });
}
Array rand(const Shape& shape) {
    return FillFloat64(shape, [](Generator& g) { return g.uniform(); });
}
double randn() {
    return Draw([](Generator& g) { return g.normal(); });
}
Array randn(const Shape& shape) {
    return FillFloat64(shape, [](Generator& g) { return g.normal(); });
}
Array random_sample(const Shape& size) { return rand(size); }

double uniform(double low, double high) {
    return Draw([&](Generator& g) { return low + (high - low) * g.uniform(); });
}
Array uniform(double low, double high, const Shape& size) {
    return FillFloat64(size, [&](Generator& g) { return low + (high - low) * g.uniform(); });
}
double normal(double loc, double scale) {
    CNET_CHECK_AS(ValueError, scale >= 0, "scale < 0");
    return Draw([&](Generator& g) { return loc + scale * g.normal(); });
}
Array normal(double loc, double scale, const Shape& size) {
    CNET_CHECK_AS(ValueError, scale >= 0, "scale < 0");
    return FillFloat64(size, [&](Generator& g) { return loc + scale * g.normal(); });
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
    int64_t* p = out.data<int64_t>();
    Draw([&](Generator& g) {
        for (int64_t i = 0; i < out.size(); ++i) p[i] = g.randint(lo, hi);
        return 0;
    });
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
