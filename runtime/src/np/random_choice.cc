// random_choice.cc — numpy.random.choice: uniform or weighted draws, with or without replacement.
#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <vector>

#include "cnet/core/random.h"
#include "cnet/np/indexing.h"
#include "cnet/np/random.h"

namespace cnet {
namespace np {
namespace random {
namespace {

// NumPy's check: p sums to 1 within sqrt(eps) of float64, or of p's own float dtype when that is wider (a float32
// softmax output passes).
std::vector<double> Probabilities(const Array& p, int64_t n) {
    if (!p.defined()) return {};
    CNET_CHECK_AS(ValueError, p.ndim() == 1, "choice: p must be 1-dimensional, got shape ", p.shape());
    CNET_CHECK_AS(ValueError, p.size() == n, "choice: a and p must have same size, got ", n, " and ", p.size());
    std::vector<double> probs = p.to_vector<double>();
    double total = 0;
    for (double v : probs) {
        CNET_CHECK_AS(ValueError, v >= 0, "choice: probabilities are not non-negative");
        total += v;
    }
    double atol = std::sqrt(std::numeric_limits<double>::epsilon());
    if (p.dtype() == Dtype::kFloat32) atol = std::max(atol, std::sqrt(double{std::numeric_limits<float>::epsilon()}));
    if (p.dtype() == Dtype::kFloat16) atol = std::max(atol, std::sqrt(0.0009765625));  // float16's eps is 2**-10
    CNET_CHECK_AS(ValueError, std::fabs(total - 1.0) <= atol, "choice: probabilities do not sum to 1 (they sum to ",
                  total, ")");
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

// arange(n) as int64 (an empty array for n <= 0).
Array Arange(int64_t n) {
    std::vector<int64_t> values(static_cast<size_t>(std::max<int64_t>(n, 0)));
    for (int64_t i = 0; i < n; ++i) values[i] = i;
    return Array::FromVector(values);
}

}  // namespace

Array choice(const Array& a, const Shape& size, bool replace, const Array& p) {
    CNET_CHECK_AS(ValueError, a.ndim() == 1, "choice: a must be 1-dimensional, got shape ", a.shape());
    const int64_t n = a.size();
    const int64_t count = size.prod();
    CNET_CHECK_AS(ValueError, n > 0 || count == 0, "choice: a cannot be empty unless no samples are taken");
    CNET_CHECK_AS(ValueError, replace || count <= n, "choice: cannot take a larger sample (", size,
                  ") than population (", n, ") when 'replace=False'");
    const std::vector<double> probs = Probabilities(p, n);
    if (!replace && !probs.empty()) {
        int64_t nonzero = 0;
        for (double v : probs) nonzero += v > 0;
        CNET_CHECK_AS(ValueError, count <= nonzero, "choice: fewer non-zero entries in p than size");
    }
    const Array index = Array::FromVector(DrawIndices(n, count, replace, probs), size);
    return getitem(a, Indices{index});
}

Array choice(int64_t a, const Shape& size, bool replace, const Array& p) {
    CNET_CHECK_AS(ValueError, a > 0 || size.prod() == 0,
                  "choice: a must be greater than 0 unless no samples are taken");
    return choice(Arange(a), size, replace, p);
}

int64_t choice(const Array& a, std::nullopt_t, bool replace, const Array& p) {
    CNET_CHECK_AS(DtypeError, IsInteger(a.dtype()), "choice: one draw (no size) from a ", a.dtype(),
                  " array is a float, which .cnet types as an int; pass size=1 and take element [0]");
    return choice(a, Shape{}, replace, p).item<int64_t>();
}

int64_t choice(int64_t a, std::nullopt_t, bool replace, const Array& p) {
    CNET_CHECK_AS(ValueError, a > 0, "choice: a must be greater than 0 unless no samples are taken");
    return choice(Arange(a), std::nullopt, replace, p);
}

}  // namespace random
}  // namespace np
}  // namespace cnet
