// autograd_test.cc — acceptance behaviours A1-A10 (autograd core) and B11-B14 (type-check messages) of
// docs' Chainer API inventory ("Acceptance behaviours"): documented Chainer input -> output pairs, with the
// exact documented values and message strings.
//
// not implemented: (none in A1-A10, B11-B14). B14's custom checks use the runtime's type_check helpers
// (cnet/core/type_check.h: ExpectNdim, ExpectEq, ExpectDtype), since the runtime has no type_check Expr objects.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/linear.h"
#include "cnet/training/extensions/computational_graph.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Arange;
using testing_util::Arr;

// Runs `f` and returns the InvalidType message (fails the test when nothing is thrown).
template <typename Fn>
std::string InvalidTypeMessage(Fn&& f) {
    try {
        f();
    } catch (const InvalidType& e) {
        return e.what();
    }
    ADD_FAILURE() << "expected InvalidType";
    return "";
}

// ---------------------------------------------------------------------------------------------- A. autograd

TEST(AcceptanceA, A01_PolynomialBackward) {
    const Variable x(Arr({5}));
    const Variable y = pow(x, 2) - 2 * x + 1;
    EXPECT_ALLCLOSE(y.array(), Arr({16}));
    y.backward();  // a single element: the initial grad is 1
    EXPECT_ALLCLOSE(x.grad(), Arr({8}));
}

TEST(AcceptanceA, A02_RetainGrad) {
    {
        const Variable x(Arr({5}));
        const Variable z = 2 * x;
        const Variable y = pow(x, 2) - z + 1;
        y.backward(/*retain_grad=*/true);
        EXPECT_ALLCLOSE(z.grad(), Arr({-1}));
    }
    {
        const Variable x(Arr({5}));
        const Variable z = 2 * x;
        const Variable y = pow(x, 2) - z + 1;
        y.backward();
        EXPECT_FALSE(z.grad().defined());  // z.grad is None
    }
}

TEST(AcceptanceA, A03_MultiElementBackwardWithGivenGrad) {
    const Variable x(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = pow(x, 2) - 2 * x + 1;
    y.set_grad(Array::Ones(Shape{2, 3}));
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 2, 4, 6, 8, 10}, Shape{2, 3}));
}

TEST(AcceptanceA, A04_DoubleBackprop) {
    Variable x(Arr({0, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = pow(x, 3);
    y.set_grad(Array::Ones(Shape{2, 3}));
    y.backward(/*retain_grad=*/false, /*enable_double_backprop=*/true);
    EXPECT_ALLCLOSE(x.grad_var().array(), Arr({0, 12, 27, 48, 75, 108}, Shape{2, 3}));
    // x.grad_var.array is x.grad
    EXPECT_EQ(x.grad_var().array().raw_data(), x.grad().raw_data());
    Variable gx = x.grad_var();
    x.cleargrad();
    gx.set_grad(Array::Ones(Shape{2, 3}));
    gx.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 12, 18, 24, 30, 36}, Shape{2, 3}));  // 6x
}

TEST(AcceptanceA, A05_LinearLinkGradients) {
    L::Linear f(3, 2);
    EXPECT_ALLCLOSE(f.b.array(), Arr({0, 0}));
    const Variable x(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = f(x);
    // y == x @ W.T
    EXPECT_ALLCLOSE(y.array(), matmul(x, f.W.T()).array());
    f.cleargrads();
    y.set_grad(Array::Ones(Shape{2, 2}));
    y.backward();
    EXPECT_ALLCLOSE(f.W.grad(), Arr({5, 7, 9, 5, 7, 9}, Shape{2, 3}));
    EXPECT_ALLCLOSE(f.b.grad(), Arr({2, 2}));
}

TEST(AcceptanceA, A06_LazyLinearInitialization) {
    L::Linear f(2);
    EXPECT_FALSE(f.W.array().defined());  // W.array is None
    EXPECT_FALSE(f.W.is_initialized());
    const Variable x(Arange(10, Shape{2, 5}));
    const Variable y = f(x);
    EXPECT_EQ(f.W.shape(), (Shape{2, 5}));
    EXPECT_EQ(y.shape(), (Shape{2, 2}));
}

TEST(AcceptanceA, A07_NoBackpropMode) {
    {
        const Variable x(Arr({1}));
        Variable y;
        {
            no_backprop_mode scope;
            y = x + 1;
        }
        y.backward();
        EXPECT_FALSE(x.grad().defined());  // x.grad is None
    }
    {
        const Variable x(Arr({1}));
        Variable y;
        {
            no_backprop_mode outer;
            force_backprop_mode inner;
            y = x + 1;
        }
        y.backward();
        EXPECT_ALLCLOSE(x.grad(), Arr({1}));
    }
}

TEST(AcceptanceA, A08_GradientsAccumulate) {
    const Variable x(Arr({5}));
    const Variable y = pow(x, 2) - 2 * x + 1;
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({8}));
    y.backward();  // no cleargrads: added, not overwritten
    EXPECT_ALLCLOSE(x.grad(), Arr({16}));
}

TEST(AcceptanceA, A09_FunctionNodeBranching) {
    Variable x(Arr({1, 2, 3}));
    const Variable y = F::identity(x);
    const Variable z = F::identity(x);
    ASSERT_TRUE(y.creator() != nullptr);
    ASSERT_TRUE(z.creator() != nullptr);
    EXPECT_NE(y.creator().get(), z.creator().get());
    Variable s = y + z;
    s.set_grad(Arr({1, 1, 1}));
    s.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({2, 2, 2}));
    // Backprop from each branch separately also accumulates into x.grad.
    x.cleargrad();
    Variable y2 = F::identity(x), z2 = F::identity(x);
    y2.set_grad(Arr({1, 1, 1}));
    z2.set_grad(Arr({1, 1, 1}));
    y2.backward();
    z2.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({2, 2, 2}));
}

// The number of nodes (variables and functions) in the DOT dump of build_computational_graph([v]).
int CountGraphNodes(const Variable& v) {
    const std::string dot = training::extensions::DumpComputationalGraph({v});
    int n = 0;
    for (size_t pos = dot.find("[label="); pos != std::string::npos; pos = dot.find("[label=", pos + 1)) ++n;
    return n;
}

TEST(AcceptanceA, A10_TruncatedBpttUnchainBackward) {
    L::Linear l(3, 3);
    Variable h(Arange(3, Shape{1, 3}));
    for (int i = 0; i < 3; ++i) h = F::tanh(l(h));
    Variable loss = F::sum(h);
    EXPECT_GT(CountGraphNodes(loss), 1);
    loss.backward();
    loss.unchain_backward();
    EXPECT_EQ(loss.creator(), nullptr);                 // loss.creator is None
    EXPECT_EQ(CountGraphNodes(loss), 1);                // the graph has a single node
    EXPECT_EQ(h.creator(), nullptr);                    // earlier nodes are cut too
    EXPECT_TRUE(l.W.grad().defined());
}

// ---------------------------------------------------------------------------------------------- B. type check

TEST(AcceptanceB, B11_ReluIntInput) {
    const Array x = Arr({-5, -4, -3, -2, -1, 0, 1, 2, 3, 4}, Dtype::kInt64);  // np.arange(10) - 5
    EXPECT_EQ(InvalidTypeMessage([&] { F::relu(Variable(x, false)); }),
              "Invalid operation is performed in: ReLU (Forward)\n"
              "Expect: in_types[0].dtype.kind == f\n"
              "Actual: i != f");
}

TEST(AcceptanceB, B12_ConcatShapeMismatch) {
    EXPECT_EQ(InvalidTypeMessage([] {
                  F::concat({Variable(Array::Ones(Shape{4, 4})), Variable(Array::Ones(Shape{3, 3}))});
              }),
              "Invalid operation is performed in: Concat (Forward)\n"
              "Expect: in_types[0].shape[0] == in_types[1].shape[0]\n"
              "Actual: 4 != 3");
}

TEST(AcceptanceB, B13_ReshapeSizeMismatch) {
    EXPECT_EQ(InvalidTypeMessage([] { F::reshape(Variable(Arange(8, Shape{2, 4})), Shape{4, 3}); }),
              "Invalid operation is performed in: Reshape (Forward)\n"
              "Expect: prod(in_types[0].shape) == prod((4, 3))\n"
              "Actual: 8 != 12");
}

// A user-defined FunctionNode whose check_type_forward runs one of the documented custom checks.
class CustomCheck : public FunctionNode {
public:
    explicit CustomCheck(int which) : which_(which) {}
    const char* label() const override { return "Custom"; }
    void check_type_forward(const ArrayList& in) const override {
        namespace T = type_check;
        switch (which_) {
            case 0:  // expect(x_type.ndim == 2)
                T::ExpectNdim(label(), in, 0, 2);
                break;
            case 1:  // expect(x_type.shape[0] == y_type.shape[0] * 4)
                T::ExpectEq(label(), in[0].shape()[0], in[1].shape()[0] * 4, T::In(0) + ".shape[0]",
                            T::In(1) + ".shape[0] * 4");
                break;
            case 2:  // expect(x_type.shape[0] == type_check.Variable(self.in_size, "in_size"))
                T::ExpectEq(label(), in[0].shape()[0], 5, T::In(0) + ".shape[0]", "in_size");
                break;
            case 3:  // expect(type_check.Variable(np.sum, 'sum')(x_type.shape) == 10)
                T::ExpectEq(label(), in[0].shape()[0] + in[0].shape()[1], 10, "sum(" + T::In(0) + ".shape)", "10");
                break;
            case 4:  // expect(x_type.dtype == np.float64)
                T::ExpectDtype(label(), in, 0, Dtype::kFloat64);
                break;
        }
    }
    ArrayList forward(const ArrayList& in) override { return {in[0]}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {gy[0]}; }

private:
    int which_;
};

std::string CustomMessage(int which, const VarList& inputs) {
    return InvalidTypeMessage([&] { Apply1<CustomCheck>(inputs, which); });
}

TEST(AcceptanceB, B14_CustomTypeChecks) {
    const std::string head = "Invalid operation is performed in: Custom (Forward)\n";
    EXPECT_EQ(CustomMessage(0, {Variable(Array::Zeros(Shape{2, 3, 4}))}),
              head + "Expect: in_types[0].ndim == 2\nActual: 3 != 2");
    EXPECT_EQ(CustomMessage(1, {Variable(Array::Zeros(Shape{3, 2})), Variable(Array::Zeros(Shape{1, 2}))}),
              head + "Expect: in_types[0].shape[0] == in_types[1].shape[0] * 4\nActual: 3 != 4");
    EXPECT_EQ(CustomMessage(2, {Variable(Array::Zeros(Shape{3, 2}))}),
              head + "Expect: in_types[0].shape[0] == in_size\nActual: 3 != 5");
    EXPECT_EQ(CustomMessage(3, {Variable(Array::Zeros(Shape{3, 4}))}),
              head + "Expect: sum(in_types[0].shape) == 10\nActual: 7 != 10");
    EXPECT_EQ(CustomMessage(4, {Variable(Array::Zeros(Shape{3}))}),
              head + "Expect: in_types[0].dtype == <class 'numpy.float64'>\nActual: float32 != <class 'numpy.float64'>");
}

}  // namespace
}  // namespace cnet
