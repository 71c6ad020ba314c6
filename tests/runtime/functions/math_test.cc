// math_test.cc — elementwise math: forward values against <cmath> evaluated in double, the non-differentiable
// sign/floor/ceil/fix, binary functions with broadcasting, clip, and gradient checks (incl. double backward).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "cnet/core/type_check.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/math.h"
#include "cnet/functions/reduction.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "exp, expm1, log, log1p, log2, log10, sqrt, rsqrt, square, sin, cos, tan, arcsin, arccos, arctan, sinh, cosh, "
    "erf, erfc, maximum, minimum, squared_difference, arctan2, fmod, clip");
CNET_DOUBLE_BACKWARD_CHECKED(
    "exp, expm1, log, log1p, log2, log10, sqrt, rsqrt, square, sin, cos, tan, arcsin, arccos, arctan, sinh, cosh, "
    "erf, erfc, maximum, minimum, squared_difference, arctan2, fmod, clip");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::RefMap;
using testing_util::RefMap2;
using testing_util::Uniform;
using testing_util::UniformAway;

const Dtype kF64 = Dtype::kFloat64;

struct UnaryCase {
    const char* name;
    Variable (*f)(const Variable&);
    double (*ref)(double);
    double lo, hi;  // a domain where the function is smooth
};

std::vector<UnaryCase> UnaryCases() {
    return {
        {"exp", F::exp, [](double v) { return std::exp(v); }, -2, 2},
        {"expm1", F::expm1, [](double v) { return std::expm1(v); }, -2, 2},
        {"log", F::log, [](double v) { return std::log(v); }, 0.5, 3},
        {"log1p", F::log1p, [](double v) { return std::log1p(v); }, -0.5, 2},
        {"log2", F::log2, [](double v) { return std::log2(v); }, 0.5, 3},
        {"log10", F::log10, [](double v) { return std::log10(v); }, 0.5, 3},
        {"sqrt", F::sqrt, [](double v) { return std::sqrt(v); }, 0.5, 3},
        {"rsqrt", F::rsqrt, [](double v) { return 1 / std::sqrt(v); }, 0.5, 3},
        {"square", F::square, [](double v) { return v * v; }, -2, 2},
        {"sin", F::sin, [](double v) { return std::sin(v); }, -3, 3},
        {"cos", F::cos, [](double v) { return std::cos(v); }, -3, 3},
        {"tan", F::tan, [](double v) { return std::tan(v); }, -1.2, 1.2},
        {"arcsin", F::arcsin, [](double v) { return std::asin(v); }, -0.8, 0.8},
        {"arccos", F::arccos, [](double v) { return std::acos(v); }, -0.8, 0.8},
        {"arctan", F::arctan, [](double v) { return std::atan(v); }, -3, 3},
        {"sinh", F::sinh, [](double v) { return std::sinh(v); }, -2, 2},
        {"cosh", F::cosh, [](double v) { return std::cosh(v); }, -2, 2},
        {"erf", F::erf, [](double v) { return std::erf(v); }, -2, 2},
        {"erfc", F::erfc, [](double v) { return std::erfc(v); }, -2, 2},
    };
}

TEST(MathTest, UnaryValues) {
    for (const UnaryCase& c : UnaryCases()) {
        SCOPED_TRACE(c.name);
        const Array x = Uniform(Shape{2, 3}, c.lo, c.hi, kF64, 1);
        EXPECT_ALLCLOSE(c.f(Variable(x)).array(), RefMap(x, c.ref), 1e-12, 1e-12);
        const Variable y32 = c.f(Variable(x.astype(Dtype::kFloat32)));
        EXPECT_EQ(y32.dtype(), Dtype::kFloat32);
        EXPECT_ALLCLOSE(y32.array(), RefMap(x, c.ref).astype(Dtype::kFloat32), 1e-5, 1e-5);
    }
    // Hand-computed points.
    EXPECT_ALLCLOSE(F::exp(Variable(Arr({0, 1}, kF64))).array(), Arr({1, M_E}, kF64), 1e-15, 1e-15);
    EXPECT_ALLCLOSE(F::log10(Variable(Arr({1, 100}, kF64))).array(), Arr({0, 2}, kF64), 1e-15, 1e-15);
    EXPECT_ALLCLOSE(F::rsqrt(Variable(Arr({4, 0.25}, kF64))).array(), Arr({0.5, 2}, kF64), 1e-15, 1e-15);
    EXPECT_TRUE(std::isnan(F::sqrt(Variable(Arr({-1}, kF64))).array().to_vector<double>()[0]));
    EXPECT_THROW(F::exp(Variable(Arr({1, 2}, Dtype::kInt32))), InvalidType);
}

TEST(MathTest, NonDifferentiableRounding) {
    Variable x(Arr({-1.5, -0.5, 0, 0.5, 2.7}));
    EXPECT_ALLCLOSE(F::sign(x).array(), Arr({-1, -1, 0, 1, 1}));
    EXPECT_ALLCLOSE(F::floor(x).array(), Arr({-2, -1, 0, 0, 2}));
    EXPECT_ALLCLOSE(F::ceil(x).array(), Arr({-1, -0, 0, 1, 3}));
    EXPECT_ALLCLOSE(F::fix(x).array(), Arr({-1, -0, 0, 0, 2}));
    for (const Variable& y : {F::sign(x), F::floor(x), F::ceil(x), F::fix(x)}) {
        EXPECT_FALSE(y.requires_grad());
        EXPECT_EQ(y.creator(), nullptr);
    }
}

TEST(MathTest, BinaryValues) {
    const Array a = Arr({1, -2, 3, 0.5, -7, 4}, Shape{2, 3}, kF64), b = Arr({2, -2, 1}, kF64);
    const Array bb = Arr({2, -2, 1, 2, -2, 1}, Shape{2, 3}, kF64);
    EXPECT_ALLCLOSE(F::maximum(Variable(a), Variable(b)).array(), Arr({2, -2, 3, 2, -2, 4}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::minimum(Variable(a), Variable(b)).array(), Arr({1, -2, 1, 0.5, -7, 1}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::squared_difference(Variable(a), Variable(b)).array(),
                    Arr({1, 0, 4, 2.25, 25, 9}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::arctan2(Variable(a), Variable(b)).array(),
                    RefMap2(a, bb, [](double p, double q) { return std::atan2(p, q); }), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(F::fmod(Variable(a), Variable(b)).array(),
                    RefMap2(a, bb, [](double p, double q) { return std::fmod(p, q); }), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(F::fmod(Variable(Arr({-7, 7}, kF64)), Variable(Arr({3, -3}, kF64))).array(), Arr({-1, 1}, kF64));
    EXPECT_ALLCLOSE(F::clip(Variable(a), -1.0, 2.0).array(), Arr({1, -1, 2, 0.5, -1, 2}, Shape{2, 3}, kF64));
    EXPECT_THROW(F::clip(Variable(a), 2.0, 1.0), ValueError);
    EXPECT_THROW(F::maximum(Variable(a), Variable(Arr({1, 2}, kF64))), InvalidType);
    EXPECT_THROW(F::maximum(Variable(a), Variable(Arr({1, 2, 3}))), InvalidType);  // dtype mismatch
}

TEST(MathTest, MaximumTiesGoToTheFirstInput) {
    Variable a(Arr({1, 2}, kF64)), b(Arr({1, 3}, kF64));
    Variable y = F::sum(F::maximum(a, b));
    y.backward();
    EXPECT_ALLCLOSE(a.grad(), Arr({1, 0}, kF64));
    EXPECT_ALLCLOSE(b.grad(), Arr({0, 1}, kF64));
}

TEST(MathTest, UnaryGradients) {
    uint64_t seed = 10;
    for (const UnaryCase& c : UnaryCases()) {
        for (const Shape& shape : {Shape{3, 4}, Shape{}, Shape{2, 1, 3}}) {
            SCOPED_TRACE(std::string(c.name) + " " + shape.ToString());
            const Array x = Uniform(shape, c.lo, c.hi, kF64, ++seed);
            auto fn = [&c](const VarList& v) { return VarList{c.f(v[0])}; };
            const Array gy = Uniform(shape, -1, 1, kF64, ++seed);
            check_backward(fn, {x}, {gy});
            check_double_backward(fn, {x}, {gy}, {Uniform(shape, -1, 1, kF64, ++seed)});
        }
    }
}

TEST(MathTest, BinaryGradients) {
    using Fn = Variable (*)(const Variable&, const Variable&);
    const std::vector<std::pair<const char*, Fn>> cases = {
        {"maximum", F::maximum}, {"minimum", F::minimum}, {"squared_difference", F::squared_difference},
        {"arctan2", F::arctan2}, {"fmod", F::fmod},
    };
    const std::vector<std::pair<Shape, Shape>> shapes = {
        {Shape{3, 4}, Shape{3, 4}}, {Shape{3, 1}, Shape{4}}, {Shape{}, Shape{2, 3}}};
    uint64_t seed = 200;
    for (const auto& c : cases) {
        for (const auto& s : shapes) {
            SCOPED_TRACE(std::string(c.first) + " " + s.first.ToString() + " " + s.second.ToString());
            const Fn f = c.second;
            auto fn = [f](const VarList& v) { return VarList{f(v[0], v[1])}; };
            // Disjoint ranges keep maximum/minimum away from ties and fmod away from its jumps.
            const Array x1 = Uniform(s.first, 0.6, 0.9, kF64, ++seed);
            const Array x2 = Uniform(s.second, 1.1, 1.5, kF64, ++seed);
            const Shape out = BroadcastShapes(s.first, s.second);
            const Array gy = Uniform(out, -1, 1, kF64, ++seed);
            check_backward(fn, {x1, x2}, {gy});
            check_backward(fn, {x2, x1}, {gy});
            check_double_backward(fn, {x1, x2}, {gy},
                                  {Uniform(s.first, -1, 1, kF64, ++seed), Uniform(s.second, -1, 1, kF64, ++seed)});
        }
    }
    // fmod with quotients above one.
    auto fmod = [](const VarList& v) { return VarList{F::fmod(v[0], v[1])}; };
    check_backward(fmod, {Arr({2.5, -3.7, 5.2}, kF64), Arr({1.1, 1.5, -2.0}, kF64)}, {Arr({1, -0.5, 0.3}, kF64)});
}

TEST(MathTest, ClipGradients) {
    auto fn = [](const VarList& v) { return VarList{F::clip(v[0], -0.5, 0.7)}; };
    for (const Shape& shape : {Shape{3, 4}, Shape{}, Shape{2, 3, 2}}) {
        SCOPED_TRACE(shape.ToString());
        const Array x = UniformAway(shape, -1, 1, {-0.5, 0.7}, 5);
        const Array gy = Uniform(shape, -1, 1, kF64, 6);
        check_backward(fn, {x}, {gy});
        check_double_backward(fn, {x}, {gy}, {Uniform(shape, -1, 1, kF64, 7)});
    }
}

}  // namespace
}  // namespace cnet
