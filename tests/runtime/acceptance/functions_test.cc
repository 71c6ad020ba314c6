// functions_test.cc — acceptance behaviours C16-C31 (activations and math), D33-D52 (array manipulation)
// and E58, E59, E61 (connections) of the Chainer API inventory: documented input -> output pairs.
//
// not implemented (no such function or link in the runtime, so no test is written):
//   D41 F.permutate
//
// C27 (F.maxout) and C30 (F.tensordot) are tested in tests/runtime/functions/activation_param_test.cc and
// tensor_math_test.cc. C32 (F.lstm's interleaved gates) and D50 (F.transpose_sequence) are tested with their families in
// tests/runtime/functions/lstm_test.cc and sequence_test.cc; E62, E64, E65 (LSTM links, n_step_lstm/bilstm) in
// tests/runtime/links/lstm_test.cc and tests/runtime/functions/n_step_rnn_test.cc. D37 (depth2space/space2depth)
// is in tests/runtime/functions/spatial_test.cc; E53-E57 (convolution shapes) in functions/convolution_test.cc,
// E60 (convolution links' forms) in links/convolution_test.cc, E66 (max pooling indexes, upsampling) in
// functions/pooling_test.cc.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/math.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/embed_id.h"
#include "cnet/links/linear.h"
#include "cnet/np/math.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;
const Dtype kI32 = Dtype::kInt32;

Variable V(const Array& a) { return Variable(a); }

// ---------------------------------------------------------------------------------------------- C. activations

TEST(AcceptanceC, C16_Relu) {
    const Variable y = F::relu(V(Arr({-1, 0, 2, -3, -2, 1}, Shape{3, 2})));
    EXPECT_EQ(y.shape(), (Shape{3, 2}));
    for (double v : y.array().to_vector<double>()) EXPECT_GE(v, 0.0);
    EXPECT_ALLCLOSE(y.array(), Arr({0, 0, 2, 0, 0, 1}, Shape{3, 2}));
}

TEST(AcceptanceC, C17_ClippedRelu) {
    const Variable x(Uniform(Shape{10, 20}, -100, 100, Dtype::kFloat32, 7));
    const Variable y = F::clipped_relu(x, 10.0);
    for (double v : y.array().to_vector<double>()) {
        EXPECT_GE(v, 0.0);
        EXPECT_LE(v, 10.0);
    }
}

TEST(AcceptanceC, C18_Crelu) {
    const Variable y = F::crelu(V(Arr({-1, 0, 2, -3}, Shape{2, 2})), 1);
    EXPECT_ALLCLOSE(y.array(), Arr({0, 0, 1, 0, 2, 0, 0, 3}, Shape{2, 4}));
}

TEST(AcceptanceC, C19_Elu) {
    const Variable y = F::elu(V(Arr({-1, 0, 2, -3}, Shape{2, 2})), 1.0);
    EXPECT_ALLCLOSE(y.array(), Arr({-0.63212055, 0., 2., -0.95021296}, Shape{2, 2}));
}

TEST(AcceptanceC, C20_HardSigmoid) {
    const Variable y = F::hard_sigmoid(V(Arr({-2.6, -1, 0, 1, 2.6}, kF64)));
    EXPECT_EQ(y.dtype(), kF64);
    EXPECT_ALLCLOSE(y.array(), Arr({0., 0.3, 0.5, 0.7, 1.}, kF64));
}

TEST(AcceptanceC, C21_LeakyRelu) {
    const Variable y = F::leaky_relu(V(Arr({-1, 0, 2, -3, -2, 1}, Shape{3, 2})), 0.2);
    EXPECT_ALLCLOSE(y.array(), Arr({-0.2, 0, 2, -0.6, -0.4, 1}, Shape{3, 2}));
}

TEST(AcceptanceC, C22_LogSoftmax) {
    const Variable x(Arr({0, 1, 2, 0, 2, 4}, Shape{2, 3}));
    const Variable y = F::log_softmax(x);
    EXPECT_ALLCLOSE(y.array(), Arr({-2.407606, -1.4076059, -0.4076059, -4.1429315, -2.1429315, -0.14293146},
                                   Shape{2, 3}));
    EXPECT_ALLCLOSE(y.array(), F::log(F::softmax(x)).array());
}

TEST(AcceptanceC, C23_Softmax) {
    const Variable y = F::softmax(V(Arr({0, 1, 2, 0, 2, 4}, Shape{2, 3})), 1);
    EXPECT_ALLCLOSE(y.array(), Arr({0.09003057, 0.24472848, 0.66524094, 0.01587624, 0.11731043, 0.86681336},
                                   Shape{2, 3}));
    EXPECT_ALLCLOSE(F::sum(y, 1).array(), Arr({1, 1}));
}

TEST(AcceptanceC, C24_Sigmoid) {
    EXPECT_ALLCLOSE(F::sigmoid(V(Arr({-2, 0, 2}))).array(), Arr({0.11920291, 0.5, 0.8807971}));
}

TEST(AcceptanceC, C25_Softplus) {
    EXPECT_ALLCLOSE(F::softplus(V(Arr({-2, 0, 2})), 1.0).array(), Arr({0.126928, 0.6931472, 2.126928}));
}

TEST(AcceptanceC, C26_Tanh) {
    EXPECT_ALLCLOSE(F::tanh(V(Arr({-1, 1, 3}))).array(), Arr({-0.7615942, 0.7615942, 0.9950548}));
}

TEST(AcceptanceC, C28_Sum) {
    const Variable x(Arange(6, Shape{2, 3}));
    const Variable all = F::sum(x);
    EXPECT_EQ(all.shape(), Shape{});
    EXPECT_ALLCLOSE(all.array(), Array::FromScalar(15., Dtype::kFloat32));
    EXPECT_ALLCLOSE(F::sum(x, 1).array(), Arr({3, 12}));
    const Variable kept = F::sum(x, {}, true);
    EXPECT_EQ(kept.shape(), (Shape{1, 1}));
    EXPECT_ALLCLOSE(kept.array(), Arr({15}, Shape{1, 1}));
}

TEST(AcceptanceC, C29_Matmul) {
    const Variable y = F::matmul(V(Arr({1, 0, 0, 1}, Shape{2, 2})), V(Arr({4, 1, 2, 2}, Shape{2, 2})));
    EXPECT_ALLCLOSE(y.array(), Arr({4, 1, 2, 2}, Shape{2, 2}));
}

TEST(AcceptanceC, C31_SignHasNoGradient) {
    Variable x(Arr({-2, 0.5, 3}));
    const Variable s = F::sign(x);
    EXPECT_ALLCLOSE(s.array(), Arr({-1, 1, 1}));
    EXPECT_EQ(s.creator(), nullptr);  // nothing to propagate through
    // d/dx sum(sign(x) * x): only the x path carries a gradient.
    const Variable y = F::sum(s * x);
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({-1, 1, 1}));
    x.cleargrad();
    Variable s2 = F::sign(x);
    s2.set_grad(Arr({1, 1, 1}));
    s2.backward();
    EXPECT_FALSE(x.grad().defined());
}

// ---------------------------------------------------------------------------------------------- D. arrays

TEST(AcceptanceD, D33_GetItem) {
    const Variable x(Arange(12, Shape{2, 2, 3}));
    EXPECT_ALLCLOSE(F::get_item(x, 0).array(), Arr({0, 1, 2, 3, 4, 5}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::get_item(x, Indices{0, 0, Slice(0, 2, 1)}).array(), Arr({0, 1}));
    EXPECT_ALLCLOSE(F::get_item(x, Indices{Ellipsis, 2}).array(), Arr({2, 5, 8, 11}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::get_item(x, Indices{1, NewAxis, 1, 0}).array(), Arr({9}));
}

TEST(AcceptanceD, D34_BroadcastTo) {
    const Variable x(Arange(3, Shape{3}));
    EXPECT_ALLCLOSE(F::broadcast_to(x, Shape{3, 3}).array(), Arr({0, 1, 2, 0, 1, 2, 0, 1, 2}, Shape{3, 3}));
    const VarList one = F::broadcast({x});
    ASSERT_EQ(one.size(), 1u);
    EXPECT_ALLCLOSE(one[0].array(), x.array());
    const Variable z(Arange(6, Shape{2, 3}));
    const VarList two = F::broadcast({x, z});
    ASSERT_EQ(two.size(), 2u);
    EXPECT_EQ(two[0].shape(), (Shape{2, 3}));
    EXPECT_EQ(two[1].shape(), (Shape{2, 3}));
}

TEST(AcceptanceD, D35_Cast) {
    const Variable x(Arange(3, Shape{3}, kF64));
    EXPECT_EQ(F::cast(x, Dtype::kFloat32).dtype(), Dtype::kFloat32);
    EXPECT_EQ(F::cast(x, Dtype::kFloat16).dtype(), Dtype::kFloat16);
}

TEST(AcceptanceD, D36_Concat) {
    const Variable y = F::concat({V(Arange(12, Shape{3, 4})), V(Arange(3, Shape{3, 1}))}, 1);
    EXPECT_ALLCLOSE(y.array(), Arr({0, 1, 2, 3, 0, 4, 5, 6, 7, 1, 8, 9, 10, 11, 2}, Shape{3, 5}));
}

TEST(AcceptanceD, D38_Dstack) {
    const Variable a = F::dstack({V(Arr({1, 2, 3})), V(Arr({2, 3, 4}))});
    EXPECT_ALLCLOSE(a.array(), Arr({1, 2, 2, 3, 3, 4}, Shape{1, 3, 2}));
    const Variable b = F::dstack({V(Arange(6, Shape{3, 2})), V(Arange(6, Shape{3, 2}) + 6)});
    EXPECT_ALLCLOSE(b.array(), Arr({0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}, Shape{3, 2, 2}));
    const Variable c = F::dstack({V(Arange(12, Shape{3, 2, 2})), V(Arange(6, Shape{3, 2, 1}))});
    EXPECT_EQ(c.shape(), (Shape{3, 2, 3}));
}

TEST(AcceptanceD, D39_HstackVstack) {
    EXPECT_ALLCLOSE(F::hstack({V(Arr({1, 2, 3})), V(Arr({2, 3, 4}))}).array(), Arr({1, 2, 3, 2, 3, 4}));
    EXPECT_EQ(F::hstack({V(Arange(12, Shape{3, 4})), V(Arange(6, Shape{3, 2}))}).shape(), (Shape{3, 6}));
    const Variable v = F::vstack({V(Arr({1, 2, 3})), V(Arr({2, 3, 4}))});
    EXPECT_EQ(v.shape(), (Shape{2, 3}));
    EXPECT_ALLCLOSE(v.array(), Arr({1, 2, 3, 2, 3, 4}, Shape{2, 3}));
    EXPECT_EQ(F::vstack({V(Arange(12, Shape{3, 4})), V(Arange(8, Shape{2, 4}))}).shape(), (Shape{5, 4}));
}

TEST(AcceptanceD, D40_ExpandDimsFlatten) {
    const Variable x(Arr({1, 2, 3}));
    EXPECT_EQ(F::expand_dims(x, 0).shape(), (Shape{1, 3}));
    EXPECT_EQ(F::expand_dims(x, 1).shape(), (Shape{3, 1}));
    EXPECT_EQ(F::expand_dims(x, -2).shape(), (Shape{1, 3}));
    EXPECT_ALLCLOSE(F::flatten(V(Arr({1, 2, 3, 4}, Shape{2, 2}))).array(), Arr({1, 2, 3, 4}));
    EXPECT_EQ(F::flatten(V(Arange(8, Shape{2, 2, 2}))).shape(), (Shape{8}));
}

TEST(AcceptanceD, D42_Repeat) {
    EXPECT_ALLCLOSE(F::repeat(V(Arr({0, 1, 2})), 2).array(), Arr({0, 0, 1, 1, 2, 2}));
    const Variable x(Arr({1, 2, 3, 4}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::repeat(x, 3, 1).array(), Arr({1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4}, Shape{2, 6}));
    EXPECT_ALLCLOSE(F::repeat(x, std::vector<int64_t>{1, 2}, 0).array(), Arr({1, 2, 3, 4, 3, 4}, Shape{3, 2}));
}

TEST(AcceptanceD, D43_Reshape) {
    const Variable x(Arr({1, 2, 3, 4, 5, 6, 7, 8}, Shape{2, 4}));
    EXPECT_ALLCLOSE(F::reshape(x, Shape{8}).array(), Arr({1, 2, 3, 4, 5, 6, 7, 8}));
    EXPECT_EQ(F::reshape(x, Shape{4, -1}).shape(), (Shape{4, 2}));
}

TEST(AcceptanceD, D44_SelectItem) {
    const Variable y = F::select_item(V(Arange(6, Shape{2, 3})), V(Arr({0, 2}, kI32)));
    EXPECT_ALLCLOSE(y.array(), Arr({0, 5}));
}

TEST(AcceptanceD, D45_Separate) {
    const Variable x(Arange(6, Shape{2, 3}));
    const VarList y = F::separate(x);
    ASSERT_EQ(y.size(), 2u);
    EXPECT_ALLCLOSE(y[0].array(), Arr({0, 1, 2}));
    const VarList z = F::separate(x, 1);
    ASSERT_EQ(z.size(), 3u);
    EXPECT_ALLCLOSE(z[0].array(), Arr({0, 3}));
}

TEST(AcceptanceD, D46_Squeeze) {
    const Variable x(Arange(6, Shape{2, 1, 1, 3}));
    EXPECT_EQ(F::squeeze(x).shape(), (Shape{2, 3}));
    EXPECT_EQ(F::squeeze(x, 1).shape(), (Shape{2, 1, 3}));
    EXPECT_EQ(F::squeeze(x, {1, 2}).shape(), (Shape{2, 3}));
}

TEST(AcceptanceD, D47_Stack) {
    const Variable x1(Arange(12, Shape{3, 4})), x2(Arange(12, Shape{3, 4}) + 12);
    EXPECT_EQ(F::stack({x1, x2}, 0).shape(), (Shape{2, 3, 4}));
    EXPECT_EQ(F::stack({x1, x2}, 1).shape(), (Shape{3, 2, 4}));
    for (int axis : {2, -1}) {
        const Variable y = F::stack({x1, x2}, axis);
        EXPECT_EQ(y.shape(), (Shape{3, 4, 2}));
        const Array y00 = y.array()[{0, 0}];
        EXPECT_ALLCLOSE(y00, Arr({0, 12}));
    }
}

TEST(AcceptanceD, D48_SwapaxesTranspose) {
    const Variable x(Arange(6, Shape{1, 2, 3}));
    EXPECT_EQ(F::swapaxes(x, 0, 1).shape(), (Shape{2, 1, 3}));
    const Variable t = F::transpose(x);
    EXPECT_EQ(t.shape(), (Shape{3, 2, 1}));
    EXPECT_ALLCLOSE(t.array(), Arr({0, 3, 1, 4, 2, 5}, Shape{3, 2, 1}));
    EXPECT_EQ(F::transpose(x, {1, 0, 2}).shape(), (Shape{2, 1, 3}));
}

TEST(AcceptanceD, D49_Tile) {
    const Variable x(Arr({0, 1, 2}));
    EXPECT_ALLCLOSE(F::tile(x, 2).array(), Arr({0, 1, 2, 0, 1, 2}));
    EXPECT_EQ(F::tile(x, Dims{2, 2}).shape(), (Shape{2, 6}));
    EXPECT_EQ(F::tile(x, Dims{2, 1, 2}).shape(), (Shape{2, 1, 6}));
    const Variable m(Arr({1, 2, 3, 4}, Shape{2, 2}));
    EXPECT_EQ(F::tile(m, 2).shape(), (Shape{2, 4}));
    EXPECT_EQ(F::tile(m, Dims{2, 2}).shape(), (Shape{4, 4}));
    EXPECT_EQ(F::tile(m, Dims{2, 1, 2}).shape(), (Shape{2, 2, 4}));
}

TEST(AcceptanceD, D51_Where) {
    const Variable c(Arr({1, 0, 0, 1}, Shape{2, 2}, Dtype::kBool), false);
    const Variable y = F::where(c, V(Arr({1, 2, 3, 4}, Shape{2, 2})), V(Array::Zeros(Shape{2, 2})));
    EXPECT_ALLCLOSE(y.array(), Arr({1, 0, 0, 4}, Shape{2, 2}));
}

TEST(AcceptanceD, D52_SplitAxis) {
    const Variable x(Arange(6, Shape{2, 3}));
    // A piece that would be empty raises ValueError.
    EXPECT_THROW(F::split_axis(x, std::vector<int64_t>{0}, 1), ValueError);
    EXPECT_THROW(F::split_axis(x, std::vector<int64_t>{1, 1}, 1), ValueError);
    // force_tuple=True always gives a tuple, even of one piece.
    const VarList one = F::split_axis(x, 1, 1, true);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_ALLCLOSE(one[0].array(), x.array());
    const VarList three = F::split_axis(x, 3, 1);
    ASSERT_EQ(three.size(), 3u);
    EXPECT_ALLCLOSE(three[2].array(), Arr({2, 5}, Shape{2, 1}));
}

// ---------------------------------------------------------------------------------------------- E. connections

TEST(AcceptanceE, E58_EmbedId) {
    const Array W = Arr({0, 0, 0, 1, 1, 1, 2, 2, 2}, Shape{3, 3});
    const Variable ids(Arr({2, 1}, kI32), false);
    EXPECT_ALLCLOSE(F::embed_id(ids, V(W)).array(), Arr({2, 2, 2, 1, 1, 1}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::embed_id(ids, V(W), 1).array(), Arr({2, 2, 2, 0, 0, 0}, Shape{2, 3}));
    L::EmbedID embed(3, 3, W);
    EXPECT_ALLCLOSE(embed(ids).array(), Arr({2, 2, 2, 1, 1, 1}, Shape{2, 3}));
}

TEST(AcceptanceE, E59_Linear) {
    const Variable y = F::linear(V(Uniform(Shape{3, 4}, -1, 1, Dtype::kFloat32, 1)),
                                 V(Uniform(Shape{5, 4}, -1, 1, Dtype::kFloat32, 2)),
                                 V(Uniform(Shape{5}, -1, 1, Dtype::kFloat32, 3)));
    EXPECT_EQ(y.shape(), (Shape{3, 5}));
}

TEST(AcceptanceE, E61_LinearConstructorForms) {
    const Variable x(Arr({0, 1, 2, 3, 4}, Shape{1, 5}));
    L::Linear a(5, 10), b(10), c(std::nullopt, 10), d(std::nullopt, 10, false, nullptr, 0),
        e(std::nullopt, 10, /*nobias=*/false, /*initialW=*/nullptr, /*initial_bias=*/0);
    for (L::Linear* l : {&a, &b, &c, &d, &e}) EXPECT_EQ((*l)(x).shape(), (Shape{1, 10}));
    EXPECT_ALLCLOSE(d.b.array(), Array::Zeros(Shape{10}));
}

}  // namespace
}  // namespace cnet
