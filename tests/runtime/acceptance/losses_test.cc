// losses_test.cc — acceptance behaviours F67-F75 (losses and evaluation) and G76 (dropout) of the Chainer
// API inventory: documented input -> output pairs with the exact documented values.
//
// G77/G78 (L.BatchNormalization) are tested with the link in tests/runtime/links/convolution_test.cc.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/random.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/evaluation.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/noise.h"
#include "cnet/functions/reduction.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kI32 = Dtype::kInt32;

Variable V(const Array& a) { return Variable(a); }
Variable Label(std::initializer_list<double> v) { return Variable(Arr(v, kI32), false); }
Variable Label(std::initializer_list<double> v, const Shape& s) { return Variable(Arr(v, s, kI32), false); }
double Item(const Variable& v) { return v.array().item<double>(); }

// x = [[-2, 3, .5], [5, 2, -.5]], the input of the documented loss examples.
Variable X23() { return V(Arr({-2, 3, .5, 5, 2, -.5}, Shape{2, 3})); }

TEST(AcceptanceF, F67_SoftmaxCrossEntropy) {
    const Variable x(Arr({-1, 0, 1, 2, 2, 0, 1, -1}, Shape{2, 4}));
    const Variable loss = F::softmax_cross_entropy(x, Label({3, 0}));
    EXPECT_EQ(loss.shape(), Shape{});
    EXPECT_NEAR(Item(loss), 0.44018972, 1e-6);
    // == mean(-log_softmax[i, t_i])
    const Variable manual = -F::mean(F::select_item(F::log_softmax(x), Label({3, 0})));
    EXPECT_NEAR(Item(loss), Item(manual), 1e-6);
}

TEST(AcceptanceF, F68_SigmoidCrossEntropy) {
    const Variable t = Label({0, 1, 0, 1, 1, -1}, Shape{2, 3});
    EXPECT_NEAR(Item(F::sigmoid_cross_entropy(X23(), t)), 0.25664714, 1e-6);
    EXPECT_NEAR(Item(F::sigmoid_cross_entropy(X23(), t, /*normalize=*/false)), 0.64161783, 1e-6);
    const Variable no = F::sigmoid_cross_entropy(X23(), t, true, "no");
    EXPECT_ALLCLOSE(no.array(), Arr({0.126928, 0.04858735, 0.974077, 0.00671535, 0.126928, -0.}, Shape{2, 3}));
}

TEST(AcceptanceF, F69_Hinge) {
    const Variable t = Label({1, 0});
    EXPECT_NEAR(Item(F::hinge(X23(), t)), 2.5, 1e-6);
    EXPECT_ALLCLOSE(F::hinge(X23(), t, "L1", "no").array(), Arr({0, 0, 1.5, 0, 3, 0.5}, Shape{2, 3}));
    EXPECT_NEAR(Item(F::hinge(X23(), t, "L2")), 5.75, 1e-6);
}

TEST(AcceptanceF, F70_HuberLoss) {
    const Variable t(Arr({-2, 3, 0, 10, 2, -.5}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::huber_loss(X23(), t, 1.0, "no").array(), Arr({0, 0, 0.125, 4.5, 0, 0}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::huber_loss(X23(), t, 1.0).array(), Arr({0.125, 4.5}));
}

TEST(AcceptanceF, F71_Contrastive) {
    const Variable x1(Arr({-1, 3, 1, 3.5, .5, -2}, Shape{2, 3}));
    const Variable y = Label({1, 0});
    EXPECT_NEAR(Item(F::contrastive(X23(), x1, y)), 0.3125, 1e-6);
    EXPECT_NEAR(Item(F::contrastive(X23(), x1, y, 3.0)), 0.3528857, 1e-6);
    EXPECT_ALLCLOSE(F::contrastive(X23(), x1, y, 1.0, "no").array(), Arr({0.625, 0.}));
}

TEST(AcceptanceF, F72_Triplet) {
    const Variable p(Arr({-2.1, 2.8, .5, 4.9, 2, -.4}, Shape{2, 3}));
    const Variable n(Arr({-2.1, 2.7, .7, 4.9, 2, -.7}, Shape{2, 3}));
    EXPECT_NEAR(Item(F::triplet(X23(), p, n)), 0.14000003, 1e-6);
    EXPECT_ALLCLOSE(F::triplet(X23(), p, n, 0.2, "no").array(), Arr({0.11000005, 0.17}));
    EXPECT_NEAR(Item(F::triplet(X23(), p, n, 0.5)), 0.44000003, 1e-6);
}

TEST(AcceptanceF, F73_Accuracy) {
    const Variable y(Arr({.1, .7, .2, 8, 1, 2, -8, 1, 2, -8, -1, -2}, Shape{4, 3}));
    EXPECT_DOUBLE_EQ(Item(F::accuracy(y, Label({1, 0, 2, 1}))), 1.0);
    EXPECT_DOUBLE_EQ(Item(F::accuracy(y, Label({1, 0, 0, 0}))), 0.5);
    EXPECT_DOUBLE_EQ(Item(F::accuracy(y, Label({1, 0, 0, 0}), 0)), 1.0);
}

TEST(AcceptanceF, F74_BinaryAccuracy) {
    const Variable y(Arr({-2, 0, 3, -5}, Shape{2, 2}));
    EXPECT_DOUBLE_EQ(Item(F::binary_accuracy(y, Label({0, 1, 1, 0}, Shape{2, 2}))), 1.0);
    EXPECT_DOUBLE_EQ(Item(F::binary_accuracy(y, Label({0, 0, 1, 1}, Shape{2, 2}))), 0.5);
    EXPECT_DOUBLE_EQ(Item(F::binary_accuracy(y, Label({0, -1, 1, -1}, Shape{2, 2}))), 1.0);
}

TEST(AcceptanceF, F75_MeanSquaredErrorHasNoHalf) {
    const Variable x0(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3})), x1(Arr({0, 2, 5, 1, 5, 7}, Shape{2, 3}));
    // diffs 1, 0, -2, 3, 0, -1: squares 1, 0, 4, 9, 0, 1 (sum 15, size 6)
    EXPECT_NEAR(Item(F::mean_squared_error(x0, x1)), 15.0 / 6.0, 1e-6);
    EXPECT_ALLCLOSE(F::squared_error(x0, x1).array(), Arr({1, 0, 4, 9, 0, 1}, Shape{2, 3}));
}

// ---------------------------------------------------------------------------------------------- G. noise

TEST(AcceptanceG, G76_Dropout) {
    const Variable x(Arr({-1, 0, 2, -3, -2, 1}, Shape{3, 2}));
    random::seed(0);
    {
        using_config train("train", true);
        // Every element is either dropped (0) or scaled by 1 / (1 - 0.5) = 2, as the documented sample
        // [[-2, 0], [4, -6], [-0, 2]].
        int kept = 0;
        for (int trial = 0; trial < 20; ++trial) {
            const std::vector<double> y = F::dropout(x).array().to_vector<double>(), xs = x.array().to_vector<double>();
            for (size_t i = 0; i < y.size(); ++i) {
                EXPECT_TRUE(y[i] == 0.0 || y[i] == 2 * xs[i]) << y[i] << " from " << xs[i];
                if (xs[i] != 0 && y[i] != 0) ++kept;
            }
        }
        EXPECT_GT(kept, 0);
        EXPECT_ALLCLOSE(F::dropout(x, 0.0).array(), x.array());
    }
    {
        using_config test("train", false);
        EXPECT_ALLCLOSE(F::dropout(x).array(), x.array());
    }
}

}  // namespace
}  // namespace cnet
