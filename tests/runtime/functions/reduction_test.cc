// reduction_test.cc — sum, mean/average (with weights), max/min (ties), prod (zeros), logsumexp and
// argmax/argmin: forward values computed by hand and gradient checks over axes None, int, tuple and keepdims.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <functional>
#include <string>
#include <vector>

#include "cnet/core/type_check.h"
#include "cnet/functions/reduction.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("sum, mean, average, max, min, prod, logsumexp");
CNET_DOUBLE_BACKWARD_CHECKED("sum, mean, average, max, min, prod, logsumexp");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;

// Values in [0.5, 1.5) at least 1/size apart, shuffled: max/min have no ties within the numerical step.
Array Distinct(const Shape& shape, uint64_t seed) {
    const int64_t n = shape.prod();
    std::vector<double> v(n);
    for (int64_t i = 0; i < n; ++i) v[i] = 0.5 + static_cast<double>(i) / static_cast<double>(n);
    std::mt19937_64 rng(seed);
    std::shuffle(v.begin(), v.end(), rng);
    return Array::FromVector(v, shape);
}

TEST(ReductionTest, SumAndMeanValues) {
    const Variable x(Arange(6, Shape{2, 3}, kF64));  // [[0 1 2] [3 4 5]]
    EXPECT_ALLCLOSE(F::sum(x).array(), Arr({15}, Shape{}, kF64));
    EXPECT_ALLCLOSE(F::sum(x, 0).array(), Arr({3, 5, 7}, kF64));
    EXPECT_ALLCLOSE(F::sum(x, 1, true).array(), Arr({3, 12}, Shape{2, 1}, kF64));
    EXPECT_ALLCLOSE(F::sum(x, -1).array(), Arr({3, 12}, kF64));
    EXPECT_ALLCLOSE(F::sum(x, {0, 1}).array(), Arr({15}, Shape{}, kF64));
    EXPECT_ALLCLOSE(F::mean(x).array(), Arr({2.5}, Shape{}, kF64));
    EXPECT_ALLCLOSE(F::mean(x, 0).array(), Arr({1.5, 2.5, 3.5}, kF64));
    EXPECT_ALLCLOSE(F::average(x, 1, Variable(), true).array(), Arr({1, 4}, Shape{2, 1}, kF64));
    // Weighted: along axis 1 with weights (1, 0, 3): (0*1 + 2*3)/4 = 1.5, (3 + 15)/4 = 4.5.
    EXPECT_ALLCLOSE(F::average(x, 1, Variable(Arr({1, 0, 3}, kF64))).array(), Arr({1.5, 4.5}, kF64));
    EXPECT_ALLCLOSE(F::average(x, {}, Variable(Arr({1, 1, 1, 1, 1, 5}, Shape{2, 3}, kF64))).array(),
                    Arr({35.0 / 10.0}, Shape{}, kF64));
    EXPECT_THROW(F::average(x, {0, 1}, Variable(Arr({1, 1}, kF64))), ValueError);
    try {
        F::sum(x, 2);
        FAIL() << "expected InvalidType";
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: Sum (Forward)\nExpect: 2 < in_types[0].ndim\nActual: 2 >= 2");
    }
}

TEST(ReductionTest, MaxMinProdLogsumexpValues) {
    const Variable x(Arr({1, 5, -2, 7, 0, 3}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::max(x).array(), Arr({7}, Shape{}, kF64));
    EXPECT_ALLCLOSE(F::max(x, 1).array(), Arr({5, 7}, kF64));
    EXPECT_ALLCLOSE(F::min(x, 0, true).array(), Arr({1, 0, -2}, Shape{1, 3}, kF64));
    EXPECT_ALLCLOSE(F::prod(x, 1).array(), Arr({-10, 0}, kF64));
    EXPECT_ALLCLOSE(F::prod(x, 0).array(), Arr({7, 0, -6}, kF64));
    const double l0 = std::log(std::exp(1.0) + std::exp(5.0) + std::exp(-2.0));
    const double l1 = std::log(std::exp(7.0) + std::exp(0.0) + std::exp(3.0));
    EXPECT_ALLCLOSE(F::logsumexp(x, 1).array(), Arr({l0, l1}, kF64), 1e-12, 1e-12);
    EXPECT_NEAR(F::logsumexp(Variable(Arr({1000, 1000}, kF64))).array().item<double>(), 1000 + std::log(2.0), 1e-9);
    EXPECT_ALLCLOSE(F::argmax(x).array(), Arr({3}, Shape{}, Dtype::kInt32));
    EXPECT_ALLCLOSE(F::argmax(x, 1).array(), Arr({1, 0}, Dtype::kInt32));
    EXPECT_ALLCLOSE(F::argmin(x, 0).array(), Arr({0, 1, 0}, Dtype::kInt32));
    EXPECT_EQ(F::argmax(x).dtype(), Dtype::kInt32);
    EXPECT_FALSE(F::argmax(x).requires_grad());
}

TEST(ReductionTest, MaxTiesAllReceiveTheGradient) {
    Variable x(Arr({3, 1, 3}, kF64));
    F::max(x).backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({1, 0, 1}, kF64));
}

TEST(ReductionTest, ProdGradientWithZeros) {
    Variable x(Arr({2, 0, 3, 0, 0, 5}, Shape{2, 3}, kF64));
    Variable y = F::prod(x, 1);
    y.set_grad(Arr({1, 1}, kF64));
    y.backward();
    // Row 0: d/dx1 = 6, others 0. Row 1: two zeros, every gradient is 0.
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 6, 0, 0, 0, 0}, Shape{2, 3}, kF64));
}

struct ReduceCase {
    const char* name;
    std::function<Variable(const Variable&, const OptionalAxis&, bool)> f;
};

std::vector<ReduceCase> ReduceCases() {
    return {
        {"sum", [](const Variable& x, const OptionalAxis& a, bool k) { return F::sum(x, a, k); }},
        {"mean", [](const Variable& x, const OptionalAxis& a, bool k) { return F::mean(x, a, Variable(), k); }},
        {"max", [](const Variable& x, const OptionalAxis& a, bool k) { return F::max(x, a, k); }},
        {"min", [](const Variable& x, const OptionalAxis& a, bool k) { return F::min(x, a, k); }},
        {"prod", [](const Variable& x, const OptionalAxis& a, bool k) { return F::prod(x, a, k); }},
        {"logsumexp", [](const Variable& x, const OptionalAxis& a, bool k) {
             return k ? Variable() : F::logsumexp(x, a);
         }},
    };
}

TEST(ReductionTest, Gradients) {
    const std::vector<std::pair<Shape, OptionalAxis>> cases = {
        {Shape{3, 4}, OptionalAxis()},   {Shape{3, 4}, OptionalAxis(1)}, {Shape{3, 4}, OptionalAxis(-2)},
        {Shape{2, 3, 2}, OptionalAxis({0, 2})}, {Shape{}, OptionalAxis()}, {Shape{5}, OptionalAxis(0)},
    };
    uint64_t seed = 1;
    for (const ReduceCase& c : ReduceCases()) {
        for (const auto& s : cases) {
            for (bool keepdims : {false, true}) {
                if (!c.f(Variable(Uniform(s.first)), s.second, keepdims).defined()) continue;
                SCOPED_TRACE(std::string(c.name) + " " + s.first.ToString() + (keepdims ? " keepdims" : ""));
                auto fn = [&](const VarList& v) { return VarList{c.f(v[0], s.second, keepdims)}; };
                // Distinct magnitudes keep max/min away from ties; prod stays well conditioned.
                const Array x = Distinct(s.first, ++seed);
                const Shape y_shape = c.f(Variable(x), s.second, keepdims).shape();
                const Array gy = Uniform(y_shape, -1, 1, kF64, ++seed);
                check_backward(fn, {x}, {gy});
                check_double_backward(fn, {x}, {gy}, {Uniform(s.first, -1, 1, kF64, ++seed)});
            }
        }
    }
}

TEST(ReductionTest, ProdGradientsWithAZero) {
    auto fn = [](const VarList& v) { return VarList{F::prod(v[0], 1)}; };
    const Array x = Arr({0.5, 0.0, 1.5, -0.7, 0.0, 0.0, 0.3, 2.0}, Shape{2, 4}, kF64);
    check_backward(fn, {x}, {Arr({0.7, -1.2}, kF64)});
    check_double_backward(fn, {x}, {Arr({0.7, -1.2}, kF64)}, {Uniform(Shape{2, 4}, -1, 1, kF64, 3)});
}

TEST(ReductionTest, WeightedAverageGradients) {
    // Weights along an int axis (1-D) and over every element (axis None).
    auto along = [](const VarList& v) { return VarList{F::average(v[0], 1, v[1])}; };
    const Array x = Uniform(Shape{3, 4}, -1, 1, kF64, 1), w = Uniform(Shape{4}, 0.5, 1.5, kF64, 2);
    check_backward(along, {x, w}, {Uniform(Shape{3}, -1, 1, kF64, 3)});
    check_double_backward(along, {x, w}, {Uniform(Shape{3}, -1, 1, kF64, 3)},
                          {Uniform(Shape{3, 4}, -1, 1, kF64, 4), Uniform(Shape{4}, -1, 1, kF64, 5)});
    auto all = [](const VarList& v) { return VarList{F::average(v[0], {}, v[1], true)}; };
    const Array wa = Uniform(Shape{3, 4}, 0.5, 1.5, kF64, 6);
    check_backward(all, {x, wa}, {Uniform(Shape{1, 1}, -1, 1, kF64, 7)});
    check_double_backward(all, {x, wa}, {Uniform(Shape{1, 1}, -1, 1, kF64, 7)},
                          {Uniform(Shape{3, 4}, -1, 1, kF64, 8), Uniform(Shape{3, 4}, -1, 1, kF64, 9)});
}

}  // namespace
}  // namespace cnet
