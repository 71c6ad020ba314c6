// activation_param_test.cc — prelu and maxout: values (acceptance C27 for maxout) and gradient checks.
#include <gtest/gtest.h>

#include "cnet/functions/activation.h"
#include "cnet/links/linear.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("prelu, maxout");
CNET_DOUBLE_BACKWARD_CHECKED("prelu, maxout");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::Uniform;
using testing_util::UniformAway;
const Dtype kF64 = Dtype::kFloat64;

TEST(PReLUTest, ValuesAndGradients) {
    // W (2,) scales the negative entries of channel c by W[c].
    const Variable y = F::prelu(Arr({-1, 2, -3, 4, 5, -6}, Shape{1, 2, 3}), Arr({0.5, 0.25}));
    EXPECT_ALLCLOSE(y.array(), Arr({-0.5, 2, -1.5, 4, 5, -1.5}, Shape{1, 2, 3}));
    auto f = [](const VarList& v) { return VarList{F::prelu(v[0], v[1])}; };
    const Array x = UniformAway(Shape{3, 2, 4}, -1, 1, {0.0}, 1), W = Uniform(Shape{2}, -1, 1, kF64, 2);
    const Array gy = Uniform(Shape{3, 2, 4}, -1, 1, kF64, 3);
    check_backward(f, {x, W}, {gy});
    check_double_backward(f, {x, W}, {gy}, {Uniform(x.shape(), -1, 1, kF64, 4), Uniform(W.shape(), -1, 1, kF64, 5)});
    EXPECT_THROW(F::prelu(Arr({1, 2}, Shape{1, 2}), Arr({1, 2, 3})), ShapeError);
}

TEST(MaxoutTest, DocumentedValuesAndGradients) {
    // Acceptance C27: Linear(10, 100, initial_bias=arange(100)) on zeros((1, 10)), maxout(h, 10) = 9, 19, ..., 99.
    links::Linear l(10, 100, false, {}, Array::FromVector(std::vector<float>([] {
                                                              std::vector<float> v(100);
                                                              for (int i = 0; i < 100; ++i) v[i] = static_cast<float>(i);
                                                              return v;
                                                          }())));
    const Variable y = F::maxout(l(Array::Zeros(Shape{1, 10})), 10);
    EXPECT_EQ(y.shape(), (Shape{1, 10}));
    EXPECT_ALLCLOSE(y.array(), Arr({9, 19, 29, 39, 49, 59, 69, 79, 89, 99}, Shape{1, 10}));
    // Along another axis: (2, 3, 4) with pool 2 on axis 2 -> (2, 3, 2).
    EXPECT_EQ(F::maxout(Uniform(Shape{2, 3, 4}), 2, 2).shape(), (Shape{2, 3, 2}));
    EXPECT_THROW(F::maxout(Uniform(Shape{2, 3}), 2), ValueError);
    auto f = [](const VarList& v) { return VarList{F::maxout(v[0], 3)}; };
    // Distinct values (no ties inside a pool): 0.37 k plus a small perturbation.
    const Array in = testing_util::RefMap2(testing_util::Arange(12, Shape{2, 6}, kF64),
                                           Uniform(Shape{2, 6}, -0.01, 0.01, kF64, 1),
                                           [](double a, double b) { return a * 0.37 + b; });
    check_backward(f, {in}, {Uniform(Shape{2, 2}, -1, 1, kF64, 2)});
    check_double_backward(f, {in}, {Uniform(Shape{2, 2}, -1, 1, kF64, 3)}, {Uniform(Shape{2, 6}, -1, 1, kF64, 4)});
}

}  // namespace
}  // namespace cnet
