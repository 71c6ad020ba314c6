// variable_test.cc — the documented autograd behaviours of Chainer's tutorial (acceptance A1-A10).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/functions/basic_math.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::Arr;

// A1: y = x**2 - 2x + 1 at x = 5 gives 16, gradient 8 (one-element output, no grad set).
TEST(VariableTest, ScalarPolynomialBackward) {
    Variable x(Arr({5}));
    Variable y = pow(x, 2) - 2 * x + 1;
    EXPECT_ALLCLOSE(y.array(), Arr({16}));
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({8}));
}

// A2: retain_grad keeps intermediate gradients; without it they are freed.
TEST(VariableTest, RetainGrad) {
    Variable x(Arr({5}));
    Variable z = 2 * x;
    Variable y = pow(x, 2) - z + 1;
    y.backward(/*retain_grad=*/true);
    EXPECT_ALLCLOSE(z.grad(), Arr({-1}));

    Variable x2(Arr({5}));
    Variable z2 = 2 * x2;
    Variable y2 = pow(x2, 2) - z2 + 1;
    y2.backward();
    EXPECT_FALSE(z2.grad().defined());
}

// A3: a multi-element output needs its grad set.
TEST(VariableTest, MultiElementOutput) {
    Variable x(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = pow(x, 2) - 2 * x + 1;
    EXPECT_THROW(y.backward(), ValueError);
    y.set_grad(Array::Ones(Shape{2, 3}));
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 2, 4, 6, 8, 10}, Shape{2, 3}));
}

// A4: double backprop of x**3 gives 3x^2, then 6x.
TEST(VariableTest, DoubleBackprop) {
    Variable x(Arr({0, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = pow(x, 3);
    y.set_grad(Array::Ones(Shape{2, 3}));
    y.backward(false, /*enable_double_backprop=*/true);
    Variable gx = x.grad_var();
    EXPECT_ALLCLOSE(gx.array(), Arr({0, 12, 27, 48, 75, 108}, Shape{2, 3}));
    EXPECT_EQ(gx.array().raw_data(), x.grad().raw_data());
    x.cleargrad();
    gx.set_grad(Array::Ones(Shape{2, 3}));
    gx.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 12, 18, 24, 30, 36}, Shape{2, 3}));
}

// Note [Variable handles]: the gradient double backprop records for x refers back to x (3x^2 has x as an input),
// so it must belong to x's handles, not to x's node: dropping the last handle frees x, its gradient and that graph.
TEST(VariableTest, DoubleBackpropGradientFreedWithItsVariable) {
    std::weak_ptr<VariableImpl> x_node, gx_node;
    {
        Variable x(Arr({1, 2, 3}));
        Variable y = pow(x, 3);
        y.set_grad(Array::Ones(Shape{3}));
        y.backward(false, /*enable_double_backprop=*/true);
        ASSERT_NE(x.grad_var().creator(), nullptr);
        x_node = x.impl_ptr();
        gx_node = x.grad_var().impl_ptr();
        Variable other = x;  // another handle keeps the gradient
        x = Variable();
        EXPECT_ALLCLOSE(other.grad(), Arr({3, 12, 27}));
        Variable ggx = other.grad_var();
        other.cleargrad();
        ggx.set_grad(Array::Ones(Shape{3}));
        ggx.backward();  // the recorded graph still works: d(3x^2)/dx = 6x
        EXPECT_ALLCLOSE(other.grad(), Arr({6, 12, 18}));
        other.set_grad_var(ggx);  // the cycle x -> grad -> ... -> x again
    }
    EXPECT_TRUE(x_node.expired());
    EXPECT_TRUE(gx_node.expired());
}

// A gradient reaching a variable no handle refers to is discarded at the end of the pass, as in Chainer.
TEST(VariableTest, GradientOfADroppedVariableIsDiscarded) {
    std::weak_ptr<VariableImpl> x_node;
    Variable y;
    {
        Variable x(Arr({2}));
        y = pow(x, 3);
        x_node = x.impl_ptr();
    }
    ASSERT_FALSE(x_node.expired());  // y's graph holds x's node
    y.backward(false, /*enable_double_backprop=*/true);
    EXPECT_FALSE(x_node.lock()->grad.defined());
    y = Variable();
    EXPECT_TRUE(x_node.expired());
}

// Handle counts stay exact when the process goes from one thread (plain increments, Note [Handle counts]) to
// several (atomic ones) while handles are alive, and under concurrent copies: the last handle still drops the
// gradient, and not before.
TEST(VariableTest, HandleCountsSurviveThreads) {
    Variable x(Arr({1, 2}));
    x.set_grad(Arr({3, 4}));
    std::weak_ptr<VariableImpl> grad_node = x.grad_var().impl_ptr();
    const Variable y = x * 2.0;  // the graph keeps x's node alive after its handles are gone
    std::vector<Variable> held(3, x);
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
        threads.emplace_back([&x] {
            for (int i = 0; i < 100000; ++i) {
                Variable copy(x);
                Variable moved = std::move(copy);
                (void)moved;
            }
        });
    for (auto& th : threads) th.join();
    held.clear();
    ASSERT_FALSE(grad_node.expired()) << "x still has a handle";
    x = Variable();
    EXPECT_TRUE(grad_node.expired()) << "the last handle is gone, so is the gradient";
    EXPECT_EQ(y.array().size(), 2);
}

// A7: no_backprop_mode records nothing; force_backprop_mode re-enables it inside.
TEST(VariableTest, BackpropModes) {
    Variable x(Arr({1}));
    {
        no_backprop_mode scope;
        Variable y = x + 1;
        EXPECT_EQ(y.creator(), nullptr);
        y.backward();
    }
    EXPECT_FALSE(x.grad().defined());
    {
        no_backprop_mode outer;
        force_backprop_mode inner;
        Variable y = x + 1;
        y.backward();
    }
    EXPECT_ALLCLOSE(x.grad(), Arr({1}));
}

// A8: gradients accumulate over backward calls until cleared.
TEST(VariableTest, GradientsAccumulate) {
    Variable x(Arr({3}));
    Variable y = x * x;
    y.backward();
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({12}));
    x.cleargrad();
    EXPECT_FALSE(x.grad().defined());
}

// D13: a variable used twice in one graph gets the sum of both paths.
TEST(VariableTest, BranchesAccumulate) {
    Variable x(Arr({2}));
    Variable y = x * 3 + x * x;
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({7}));
}

// A10: unchain_backward cuts the graph behind a variable.
TEST(VariableTest, UnchainBackward) {
    Variable x(Arr({2}));
    Variable h = x * 3;
    Variable loss = h * h;
    loss.unchain_backward();
    EXPECT_EQ(loss.creator(), nullptr);
    EXPECT_EQ(h.creator(), nullptr);
    loss.backward();
    EXPECT_FALSE(x.grad().defined());
}

TEST(VariableTest, ChainerGrad) {
    Variable x(Arr({3}));
    Variable w(Arr({2}));
    Variable y = x * x * w;
    std::vector<Variable> gs = grad({y}, {x});
    ASSERT_EQ(gs.size(), 1u);
    EXPECT_ALLCLOSE(gs[0].array(), Arr({12}));
    EXPECT_FALSE(x.grad().defined());  // leaves untouched
    EXPECT_FALSE(w.grad().defined());
}

TEST(VariableTest, LabelAndRepr) {
    Variable x(Arr({1, 2, 3, 4}, Shape{2, 2}));
    EXPECT_EQ(x.label(), "(2, 2), float32");
    EXPECT_EQ(x.repr(), "variable([[1., 2.],\n          [3., 4.]])");
}

}  // namespace
}  // namespace cnet
