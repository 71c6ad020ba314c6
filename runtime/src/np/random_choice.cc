// random_choice.cc — numpy.random.choice: uniform or weighted draws, with or without replacement.
#include <algorithm>
#include <cmath>
#include <mutex>
#include <vector>

#include "cnet/core/random.h"
#include "cnet/np/indexing.h"
#include "cnet/np/random.h"

namespace cnet {
namespace np {
namespace random {
namespace {

std::vector<double> Probabilities(const Array& p, int64_t n) {
    if (!p.defined()) return {};
    CNET_CHECK_AS(ValueError, p.ndim() == 1, "p must be 1-dimensional");
    CNET_CHECK_AS(ValueError, p.size() == n, "a and p must have same size");
    std::vector<double> probs = p.to_vector<double>();
    double total = 0;
    for (double v : probs) {
        CNET_CHECK_AS(ValueError, v >= 0, "probabilities are not non-negative");
        total += v;
    }
    CNET_CHECK_AS(ValueError, std::fabs(total - 1.0) <= 1e-8 * n + 1e-8, "probabilities do not sum to 1");
    return probs;
}

// Index drawn from the cumulative distribution (NumPy: cdf.searchsorted(uniform, side='right')).
int64_t Weighted(::cnet::random::Generator& g, const std::vector<double>& probs, double total) {
    const double u = g.uniform() * total;
    double acc = 0;
    for (size_t i = 0; i < probs.size(); ++i) {
        acc += probs[i];
        if (u < acc) return static_cast<int64_t>(i);
    }
    return static_cast<int64_t>(probs.size()) - 1;
}

std::vector<int64_t> DrawIndices(int64_t n, int64_t count, bool replace, std::vector<double> probs) {
    std::vector<int64_t> out;
    if (!replace && probs.empty()) {  // NumPy's legacy path: a permutation's prefix
        const std::vector<int64_t> perm = permutation(n).to_vector<int64_t>();
        return std::vector<int64_t>(perm.begin(), perm.begin() + count);
    }
    std::lock_guard<std::mutex> lock(::cnet::random::default_generator_mutex());
    ::cnet::random::Generator& g = ::cnet::random::default_generator();
    for (int64_t k = 0; k < count; ++k) {
        if (probs.empty()) {
            out.push_back(g.randint(0, n));
            continue;
        }
        double total = 0;
        for (double v : probs) total += v;
        const int64_t i = Weighted(g, probs, total);
        out.push_back(i);
        if (!replace) probs[i] = 0;  // sequential sampling without replacement
    }
    return out;
}

}  // namespace

Array choice(const Array& a, std::optional<Shape> size, bool replace, const Array& p) {
    CNET_CHECK_AS(ValueError, a.ndim() == 1, "a must be 1-dimensional");
    const int64_t n = a.size();
    const Shape shape = size.value_or(Shape{});
    const int64_t count = shape.prod();
    CNET_CHECK_AS(ValueError, n > 0 || count == 0, "a cannot be empty unless no samples are taken");
    CNET_CHECK_AS(ValueError, replace || count <= n, "Cannot take a larger sample than population when 'replace=False'");
    const std::vector<double> probs = Probabilities(p, n);
    if (!replace && !probs.empty()) {
        int64_t nonzero = 0;
        for (double v : probs) nonzero += v > 0;
        CNET_CHECK_AS(ValueError, count <= nonzero, "Fewer non-zero entries in p than size");
    }
    const Array index = Array::FromVector(DrawIndices(n, count, replace, probs), shape);
    return getitem(a, Indices{index});
}

Array choice(int64_t a, std::optional<Shape> size, bool replace, const Array& p) {
    CNET_CHECK_AS(ValueError, a > 0 || (size && size->prod() == 0), "a must be greater than 0 unless no samples are taken");
    std::vector<int64_t> values(static_cast<size_t>(std::max<int64_t>(a, 0)));
    for (int64_t i = 0; i < a; ++i) values[i] = i;
    return choice(Array::FromVector(values), size, replace, p);
}

}  // namespace random
}  // namespace np
}  // namespace cnet
