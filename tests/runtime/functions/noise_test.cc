// noise_test.cc — dropout (train/test mode, mask statistics and scaling, given masks) and gaussian
// (reparameterization with a given eps), with gradient checks on fixed masks / eps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/noise.h"
#include "cnet/np/random.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("dropout, gaussian");
CNET_DOUBLE_BACKWARD_CHECKED("dropout, gaussian");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;

TEST(DropoutTest, TrainModeDropsAndScales) {
    using_config train("train", true);
    np::random::seed(0);
    const Variable x(Array::Ones(Shape{100, 100}));
    const auto [y, mask] = F::dropout(x, 0.3, Array(), true);
    ASSERT_TRUE(mask.defined());
    EXPECT_EQ(mask.shape(), x.shape());
    EXPECT_EQ(mask.dtype(), Dtype::kFloat32);
    int64_t kept = 0;
    const std::vector<double> yv = y.array().to_vector<double>(), mv = mask.to_vector<double>();
    for (size_t i = 0; i < yv.size(); ++i) {
        EXPECT_TRUE(yv[i] == 0.0 || std::fabs(yv[i] - 1 / 0.7) < 1e-6) << yv[i];
        EXPECT_EQ(yv[i], mv[i]);
        kept += yv[i] != 0.0;
    }
    EXPECT_NEAR(static_cast<double>(kept) / 10000, 0.7, 0.03);
    // The mean is preserved in expectation.
    double mean = 0;
    for (double v : yv) mean += v / 10000;
    EXPECT_NEAR(mean, 1.0, 0.05);
    // ratio 0 keeps everything.
    EXPECT_ALLCLOSE(F::dropout(x, 0.0).array(), x.array());
    EXPECT_THROW(F::dropout(x, 1.0), ValueError);
    EXPECT_THROW(F::dropout(x, -0.1), ValueError);
    EXPECT_THROW(F::dropout(Variable(Arr({1, 2}, Dtype::kInt32)), 0.5), InvalidType);
}

TEST(DropoutTest, TestModeIsTheIdentity) {
    using_config test("train", false);
    const Variable x(Uniform(Shape{3, 4}, -1, 1, Dtype::kFloat32, 1));
    const Variable y = F::dropout(x);
    EXPECT_TRUE(y.is(x));
    const auto [y2, mask] = F::dropout(x, 0.5, Array(), true);
    EXPECT_TRUE(y2.is(x));
    EXPECT_FALSE(mask.defined());
}

TEST(DropoutTest, GivenMaskOverridesRatioAndGradientUsesIt) {
    using_config train("train", true);
    const Array mask = Arr({2, 0, 2, 0}, Shape{2, 2});
    Variable x(Arr({1, 2, 3, 4}, Shape{2, 2}));
    Variable y = F::dropout(x, 0.9, mask);
    EXPECT_ALLCLOSE(y.array(), Arr({2, 0, 6, 0}, Shape{2, 2}));
    y.set_grad(Arr({1, 1, 1, 1}, Shape{2, 2}));
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), mask);
    // The same seed gives the same mask.
    np::random::seed(5);
    const Array m1 = F::dropout(Variable(Array::Ones(Shape{50})), 0.5, Array(), true).second;
    np::random::seed(5);
    const Array m2 = F::dropout(Variable(Array::Ones(Shape{50})), 0.5, Array(), true).second;
    EXPECT_ALLCLOSE(m1, m2);
}

TEST(DropoutTest, Gradients) {
    using_config train("train", true);
    for (const Shape& shape : {Shape{3, 4}, Shape{}, Shape{2, 3, 2}}) {
        np::random::seed(7);
        const Array mask = F::dropout(Variable(Array::Ones(shape, kF64)), 0.4, Array(), true).second;
        auto fn = [&mask](const VarList& v) { return VarList{F::dropout(v[0], 0.4, mask)}; };
        const Array x = Uniform(shape, -1, 1, kF64, 1), gy = Uniform(shape, -1, 1, kF64, 2);
        check_backward(fn, {x}, {gy});
        check_double_backward(fn, {x}, {gy}, {Uniform(shape, -1, 1, kF64, 3)});
    }
}

TEST(GaussianTest, ValuesAndGradients) {
    const Array mean = Arr({0, 1, -2}, kF64), ln_var = Arr({0, std::log(4.0), -2}, kF64), eps = Arr({1, -0.5, 2}, kF64);
    EXPECT_ALLCLOSE(F::gaussian(Variable(mean), Variable(ln_var), eps).array(),
                    Arr({1, 1 - 0.5 * 2, -2 + 2 * std::exp(-1.0)}, kF64), 1e-12, 1e-12);
    np::random::seed(3);
    const auto [y, e] = F::gaussian(Variable(Array::Zeros(Shape{1000}, kF64)), Variable(Array::Zeros(Shape{1000}, kF64)),
                                    Array(), true);
    ASSERT_TRUE(e.defined());
    EXPECT_ALLCLOSE(y.array(), e);
    double m = 0, v = 0;
    for (double s : e.to_vector<double>()) m += s / 1000;
    for (double s : e.to_vector<double>()) v += (s - m) * (s - m) / 1000;
    EXPECT_NEAR(m, 0, 0.15);
    EXPECT_NEAR(v, 1, 0.15);
    for (const Shape& shape : {Shape{3, 4}, Shape{}}) {
        const Array fixed = Uniform(shape, -2, 2, kF64, 4);
        auto fn = [&fixed](const VarList& vs) { return VarList{F::gaussian(vs[0], vs[1], fixed)}; };
        const Array a = Uniform(shape, -1, 1, kF64, 5), b = Uniform(shape, -1, 1, kF64, 6),
                    gy = Uniform(shape, -1, 1, kF64, 7);
        check_backward(fn, {a, b}, {gy});
        check_double_backward(fn, {a, b}, {gy}, {Uniform(shape, -1, 1, kF64, 8), Uniform(shape, -1, 1, kF64, 9)});
    }
}

// float16 (AlexFp16's fc layers): the kept values are x / (1 - ratio) rounded to float16, and the gradient is the
// float16 mask.
TEST(DropoutTest, Float16KeepsItsDtype) {
    using_config train("train", true);
    np::random::seed(0);
    const Variable x(Array::Ones(Shape{10, 10}, Dtype::kFloat16));
    auto [y, mask] = F::dropout(x, 0.3, Array(), true);
    EXPECT_EQ(y.dtype(), Dtype::kFloat16);
    EXPECT_EQ(mask.dtype(), Dtype::kFloat16);
    const double kept = Array::Full(Shape{}, 1 / 0.7, Dtype::kFloat16).item<double>();
    for (double v : y.array().to_vector<double>()) EXPECT_TRUE(v == 0.0 || v == kept) << v;
    y.set_grad(Array::Ones(y.shape(), Dtype::kFloat16));
    y.backward();
    EXPECT_EQ(x.grad().dtype(), Dtype::kFloat16);
    EXPECT_ALLCLOSE(x.grad().astype(kF64), mask.astype(kF64), 0, 0);
}

}  // namespace
}  // namespace cnet
