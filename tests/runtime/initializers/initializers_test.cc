// initializers_test.cc — chainer.initializers: fills, fan-scaled statistics, reproducibility, argument rule.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cnet/core/random.h"
#include "cnet/initializers/initializers.h"
#include "cnet/np/math.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace I = initializers;
using testing_util::Arr;

// Mean and (population) standard deviation of every element.
std::pair<double, double> Moments(const Array& a) {
    const std::vector<double> v = a.to_vector<double>();
    double s = 0, s2 = 0;
    for (double x : v) s += x, s2 += x * x;
    const double mean = s / v.size();
    return {mean, std::sqrt(s2 / v.size() - mean * mean)};
}

TEST(InitializersTest, FansFollowChainer) {
    EXPECT_EQ(get_fans(Shape{5, 3}), (std::pair<int64_t, int64_t>{3, 5}));
    EXPECT_EQ(get_fans(Shape{7, 3, 2, 4}), (std::pair<int64_t, int64_t>{24, 56}));
    EXPECT_THROW(get_fans(Shape{5}), ValueError);
}

TEST(InitializersTest, ConstantFamily) {
    Array a = Array::Empty(Shape{2, 3});
    I::Constant(2.5)(a);
    EXPECT_ALLCLOSE(a, Array::Full(Shape{2, 3}, 2.5, Dtype::kFloat32));
    I::Constant(Arr({1, 2, 3}))(a);  // broadcast over rows
    EXPECT_ALLCLOSE(a, Arr({1, 2, 3, 1, 2, 3}, Shape{2, 3}));
    I::Zero()(a);
    EXPECT_ALLCLOSE(a, Array::Zeros(Shape{2, 3}));
    I::One()(a);
    EXPECT_ALLCLOSE(a, Array::Ones(Shape{2, 3}));
    I::NaN()(a);
    for (double x : a.to_vector<double>()) EXPECT_TRUE(std::isnan(x));
    Array sq = Array::Empty(Shape{3, 3}, Dtype::kFloat64);
    I::Identity(2.0)(sq);
    EXPECT_ALLCLOSE(sq, Arr({2, 0, 0, 0, 2, 0, 0, 0, 2}, Shape{3, 3}, Dtype::kFloat64));
    EXPECT_THROW(I::Identity()(a), ValueError);
    // An initializer with a dtype only fills arrays of that dtype.
    EXPECT_THROW(I::Zero(Dtype::kFloat64)(a), DtypeError);
}

TEST(InitializersTest, GaussianStandardDeviations) {
    random::seed(0);
    Array a = Array::Empty(Shape{200, 100});  // fan_in 100, fan_out 200
    I::Normal(0.3)(a);
    EXPECT_NEAR(Moments(a).first, 0.0, 0.01);
    EXPECT_NEAR(Moments(a).second, 0.3, 0.01);
    I::LeCunNormal()(a);
    EXPECT_NEAR(Moments(a).second, std::sqrt(1.0 / 100), 0.003);
    I::GlorotNormal(2.0)(a);
    EXPECT_NEAR(Moments(a).second, 2.0 * std::sqrt(2.0 / 300), 0.005);
    I::HeNormal()(a);
    EXPECT_NEAR(Moments(a).second, std::sqrt(2.0 / 100), 0.005);
    I::HeNormal(1.0, std::nullopt, "fan_out")(a);
    EXPECT_NEAR(Moments(a).second, std::sqrt(2.0 / 200), 0.004);
    EXPECT_THROW(I::HeNormal(1.0, std::nullopt, "fan_avg"), ValueError);
}

TEST(InitializersTest, UniformBounds) {
    random::seed(1);
    Array a = Array::Empty(Shape{300, 100});
    auto check = [&](double bound) {
        const std::vector<double> v = a.to_vector<double>();
        for (double x : v) ASSERT_LE(std::abs(x), bound + 1e-7);
        EXPECT_NEAR(Moments(a).second, bound / std::sqrt(3.0), bound * 0.02);
    };
    I::Uniform(0.2)(a);
    check(0.2);
    I::LeCunUniform()(a);
    check(std::sqrt(3.0 / 100));
    I::GlorotUniform()(a);
    check(std::sqrt(6.0 / 400));
    I::HeUniform(0.5)(a);
    check(0.5 * std::sqrt(6.0 / 100));
}

TEST(InitializersTest, OrthogonalRows) {
    random::seed(2);
    Array a = Array::Empty(Shape{3, 2, 4}, Dtype::kFloat64);  // viewed as (3, 8)
    I::Orthogonal(1.5)(a);
    const std::vector<double> v = a.to_vector<double>();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double dot = 0;
            for (int k = 0; k < 8; ++k) dot += v[i * 8 + k] * v[j * 8 + k];
            EXPECT_NEAR(dot, i == j ? 2.25 : 0.0, 1e-9);
        }
    Array tall = Array::Empty(Shape{4, 3});
    EXPECT_THROW(I::Orthogonal()(tall), ValueError);
}

TEST(InitializersTest, SeedMakesDrawsReproducible) {
    Array a = Array::Empty(Shape{4, 5}), b = Array::Empty(Shape{4, 5});
    random::seed(42);
    I::LeCunNormal()(a);
    random::seed(42);
    I::LeCunNormal()(b);
    EXPECT_TRUE(np::array_equal(a, b));
    I::LeCunNormal()(b);
    EXPECT_FALSE(np::array_equal(a, b));
}

TEST(InitializersTest, GenerateArrayUsesInitializerDtype) {
    const Array a = I::generate_array(I::Constant(3.0, Dtype::kFloat64), Shape{2});
    EXPECT_EQ(a.dtype(), Dtype::kFloat64);
    EXPECT_ALLCLOSE(a, Arr({3, 3}, Dtype::kFloat64));
    EXPECT_EQ(I::generate_array(I::Zero(), Shape{1, 2}).dtype(), Dtype::kFloat32);
}

TEST(InitializersTest, InitializerArgumentRule) {
    EXPECT_NE(dynamic_cast<I::LeCunNormal*>(I::get_initializer({}).get()), nullptr);
    EXPECT_NE(dynamic_cast<I::Normal*>(I::InitializerArg().get(std::make_shared<I::Normal>(1.0)).get()), nullptr);
    Array a = Array::Empty(Shape{2, 2});
    (*I::get_initializer(0.5))(a);
    EXPECT_ALLCLOSE(a, Array::Full(Shape{2, 2}, 0.5, Dtype::kFloat32));
    // An array argument is copied: later changes to the source do not leak into the initializer.
    Array src = Arr({1, 2, 3, 4}, Shape{2, 2});
    auto init = I::get_initializer(src);
    src.fill(Scalar(0));
    (*init)(a);
    EXPECT_ALLCLOSE(a, Arr({1, 2, 3, 4}, Shape{2, 2}));
    (*I::get_initializer([](Array& x) { x.fill(Scalar(7)); }))(a);
    EXPECT_ALLCLOSE(a, Array::Full(Shape{2, 2}, 7, Dtype::kFloat32));
    EXPECT_NE(dynamic_cast<I::HeNormal*>(I::get_initializer(I::HeNormal()).get()), nullptr);
}

}  // namespace
}  // namespace cnet
