// walker_alias.cc — building the alias tables (buckets filled from the smallest probability up, as Chainer
// does) and sampling: a uniform u in [0, n) picks bucket floor(u) and its first or second value.
#include "cnet/utils/walker_alias.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/np/random.h"

namespace cnet {
namespace utils {
namespace {

std::vector<double> ProbsOf(const Array& probs) {
    CNET_CHECK_AS(ValueError, probs.ndim() == 1, "WalkerAlias: probs must be 1-d, got shape ", probs.shape());
    return probs.to_vector<double>();
}

}  // namespace

WalkerAlias::WalkerAlias(const Array& probs) : WalkerAlias(ProbsOf(probs)) {}

WalkerAlias::WalkerAlias(const std::vector<double>& probs) {
    const size_t n = probs.size();
    CNET_CHECK_AS(ValueError, n > 0, "WalkerAlias: probs is empty");
    const double total = std::accumulate(probs.begin(), probs.end(), 0.0);
    CNET_CHECK_AS(ValueError, total > 0, "WalkerAlias: probabilities must have a positive sum");
    std::vector<std::pair<float, int32_t>> pairs;
    for (size_t i = 0; i < n; ++i) pairs.emplace_back(static_cast<float>(probs[i] / total), static_cast<int32_t>(i));
    std::sort(pairs.begin(), pairs.end());
    threshold.assign(n, 0.0f);
    values.assign(2 * n, 0);
    size_t il = 0, ir = 0;
    for (const auto& [prob, i] : pairs) {
        float p = prob * static_cast<float>(n);
        // Hand the excess of this (large) probability to the buckets whose second value is still open.
        while (p > 1 && ir < il) {
            values[ir * 2 + 1] = i;
            p -= 1.0f - threshold[ir];
            ++ir;
        }
        threshold[il] = p;
        values[il * 2] = i;
        ++il;
    }
    for (size_t i = ir; i < n; ++i) values[i * 2 + 1] = 0;
}

Array WalkerAlias::sample(const Shape& shape) const {
    const Array u = np::random::uniform(0.0, 1.0, shape).astype(Dtype::kFloat64);
    const std::vector<double> us = u.to_vector<double>();
    std::vector<int32_t> out(us.size());
    const double n = static_cast<double>(threshold.size());
    for (size_t k = 0; k < us.size(); ++k) {
        const double pb = us[k] * n;
        const auto index = static_cast<size_t>(pb);
        const int right = threshold[index] < pb - static_cast<double>(index) ? 1 : 0;
        out[k] = values[index * 2 + right];
    }
    return Array::FromVector(out, shape);
}

}  // namespace utils
}  // namespace cnet
