// random_test.cc — the CUDA random family: reproducible from the runtime's seed, different for another seed,
// and with the right distributions (moments over many draws; exact ranges for integers).
#include "cnet/core/random.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "cnet/backends/array_module_random.h"
#include "cnet/kernels/random.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::Gpu;
using kernels::Distribution;

std::vector<double> Draw(uint64_t seed, Distribution dist, double a, double b, int64_t n) {
    random::seed(seed);
    Array out = Array::Empty(Shape{n}, Dtype::kFloat64, Gpu());
    kernels::RandomFill(out, dist, a, b);
    return out.to_vector<double>();
}

TEST(CudaRandomTest, TheSameSeedGivesTheSameDrawsAndAnotherSeedOthers) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (Distribution d : {Distribution::kUniform, Distribution::kSymmetricUniform, Distribution::kNormal}) {
        // a = 1: the symmetric uniform's scale (with a = 0 every draw is 0 whatever the seed)
        const std::vector<double> a = Draw(42, d, 1, 1, 1000), b = Draw(42, d, 1, 1, 1000), c = Draw(43, d, 1, 1, 1000);
        EXPECT_EQ(a, b);
        EXPECT_NE(a, c);
    }
}

TEST(CudaRandomTest, MomentsOfTheDistributions) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const int64_t n = 1 << 20;
    auto moments = [](const std::vector<double>& v, double* mean, double* var, double* lo, double* hi) {
        double s = 0, s2 = 0;
        *lo = INFINITY;
        *hi = -INFINITY;
        for (double x : v) {
            s += x;
            s2 += x * x;
            *lo = std::min(*lo, x);
            *hi = std::max(*hi, x);
        }
        *mean = s / v.size();
        *var = s2 / v.size() - *mean * *mean;
    };
    double mean, var, lo, hi;
    moments(Draw(1, Distribution::kUniform, 2, 3, n), &mean, &var, &lo, &hi);  // U[2, 5)
    EXPECT_NEAR(mean, 3.5, 0.01);
    EXPECT_NEAR(var, 9.0 / 12, 0.01);
    EXPECT_GE(lo, 2.0);
    EXPECT_LT(hi, 5.0);
    moments(Draw(2, Distribution::kSymmetricUniform, 0.5, 0, n), &mean, &var, &lo, &hi);  // U[-0.5, 0.5)
    EXPECT_NEAR(mean, 0, 0.005);
    EXPECT_GE(lo, -0.5);
    EXPECT_LT(hi, 0.5);
    moments(Draw(3, Distribution::kNormal, 1, 2, n), &mean, &var, &lo, &hi);  // N(1, 4)
    EXPECT_NEAR(mean, 1, 0.01);
    EXPECT_NEAR(var, 4, 0.03);
}

TEST(CudaRandomTest, IntegersCoverExactlyTheRange) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    random::seed(5);
    Array out = Array::Empty(Shape{10000}, Dtype::kInt64, Gpu());
    kernels::RandomInt(out, -3, 4);
    const std::vector<int64_t> v = out.to_vector<int64_t>();
    EXPECT_EQ(std::set<int64_t>(v.begin(), v.end()), (std::set<int64_t>{-3, -2, -1, 0, 1, 2, 3}));
}

TEST(CudaRandomTest, DropoutMaskKeepsAboutOneMinusRatioScaled) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    random::seed(6);
    Array out = Array::Empty(Shape{100000}, Dtype::kFloat32, Gpu());
    kernels::DropoutMask(out, 0.3, 1 / 0.7);
    int64_t kept = 0;
    for (float v : out.to_vector<float>()) {
        if (v != 0) {
            EXPECT_FLOAT_EQ(v, static_cast<float>(1 / 0.7));
            ++kept;
        }
    }
    EXPECT_NEAR(kept / 100000.0, 0.7, 0.01);
}

TEST(CudaRandomTest, ArrayModuleRandomPutsItsArraysOnTheModulesDevice) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const cuda::ArrayModuleRandom xp_random{cuda::ArrayModule(Gpu())};
    np::random::seed(9);
    const Array a = xp_random.normal(0.0, 2.0, Shape{3, 2});
    np::random::seed(9);
    const Array b = np::random::normal(0.0, 2.0, Shape{3, 2});
    EXPECT_EQ(a.device(), Gpu());
    EXPECT_EQ(a.to_vector<double>(), b.to_vector<double>());  // drawn by the host generator, then moved
    EXPECT_EQ(xp_random.choice(5, Shape{4}).device(), Gpu());
}

}  // namespace
}  // namespace cnet
