// negative_sampling_test.cc — negative_sampling against the formula with a fixed sampler (ignored rows
// included), gradient checks, and WalkerAlias's sample frequencies.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cnet/functions/negative_sampling.h"
#include "cnet/np/random.h"
#include "cnet/testing/gradient_check.h"
#include "cnet/utils/walker_alias.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("negative_sampling");
CNET_DOUBLE_BACKWARD_CHECKED("negative_sampling");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

double Softplus(double v) { return std::log1p(std::exp(v)); }

// Always the negatives {1, 4} for every row; asked for (B, 3) as Chainer asks, column 0 (2 here) is replaced
// by the target.
Array FixedSamples(const Shape& shape) {
    EXPECT_EQ(shape, Shape({shape[0], 3}));
    std::vector<int32_t> v;
    for (int64_t i = 0; i < shape[0]; ++i) {
        v.push_back(2);
        v.push_back(1);
        v.push_back(4);
    }
    return Array::FromVector(v, shape);
}

TEST(NegativeSamplingTest, ValuesAndGradients) {
    const Array x = Uniform(Shape{3, 2}, -1, 1, kF64, 1), W = Uniform(Shape{5, 2}, -1, 1, kF64, 2);
    const Array t = Array::FromVector(std::vector<int32_t>{0, -1, 3});
    const Variable loss = F::negative_sampling(x, t, W, FixedSamples, 2, "no");
    auto dot = [&](int64_t i, int64_t k) { return x.at_flat(i * 2) * W.at_flat(k * 2) + x.at_flat(i * 2 + 1) * W.at_flat(k * 2 + 1); };
    const std::vector<int64_t> tv{0, -1, 3};
    for (int64_t i = 0; i < 3; ++i) {
        const double want = tv[static_cast<size_t>(i)] < 0
                                ? 0.0
                                : Softplus(-dot(i, tv[static_cast<size_t>(i)])) + Softplus(dot(i, 1)) + Softplus(dot(i, 4));
        EXPECT_NEAR(loss.array().at_flat(i), want, 1e-12) << "row " << i;
    }
    const Variable total = F::negative_sampling(x, t, W, FixedSamples, 2);
    EXPECT_NEAR(total.array().at_flat(0), loss.array().at_flat(0) + loss.array().at_flat(2), 1e-12);
    auto f = [&t](const VarList& v) { return VarList{F::negative_sampling(v[0], t, v[1], FixedSamples, 2, "no")}; };
    const Array gy = Uniform(Shape{3}, -1, 1, kF64, 3);
    gradient_check::check_backward(f, {x, W}, {gy});
    gradient_check::check_double_backward(f, {x, W}, {gy},
                                          {Uniform(x.shape(), -1, 1, kF64, 4), Uniform(W.shape(), -1, 1, kF64, 5)});
}

TEST(WalkerAliasTest, SampleFrequenciesFollowTheProbabilities) {
    np::random::seed(0);
    const std::vector<double> probs{1, 2, 3, 4, 0};
    utils::WalkerAlias sampler(probs);
    const Array s = sampler.sample(Shape{20000});
    EXPECT_EQ(s.dtype(), Dtype::kInt32);
    std::vector<double> counts(5, 0);
    for (int32_t v : s.to_vector<int32_t>()) counts.at(static_cast<size_t>(v)) += 1;
    for (size_t k = 0; k < 5; ++k) EXPECT_NEAR(counts[k] / 20000, probs[k] / 10, 0.015) << "value " << k;
    EXPECT_EQ(counts[4], 0);
}

}  // namespace
}  // namespace cnet
