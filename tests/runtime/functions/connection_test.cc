// connection_test.cc — linear and embed_id: documented values (A5, E58, E59) and gradient checks.
#include <gtest/gtest.h>

#include "cnet/core/function_node.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/reduction.h"
#include "cnet/np/math.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("linear, embed_id");
CNET_DOUBLE_BACKWARD_CHECKED("linear, embed_id");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::ExpectFloat16LikeFloat32;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(LinearTest, ForwardAndDocumentedGradient) {
    // Acceptance A5: W with zero bias, x = [[1,2,3],[4,5,6]], y.grad = ones.
    const Array w = Arr({1, 0, -1, 2, 1, 0}, Shape{2, 3});
    Variable W(w), b(Arr({0, 0}));
    Variable x(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
    Variable y = F::linear(x, W, b);
    EXPECT_ALLCLOSE(y.array(), Arr({-2, 4, -2, 13}, Shape{2, 2}));
    y.set_grad(Array::Ones(Shape{2, 2}));
    y.backward();
    EXPECT_ALLCLOSE(W.grad(), Arr({5, 7, 9, 5, 7, 9}, Shape{2, 3}));
    EXPECT_ALLCLOSE(b.grad(), Arr({2, 2}));
    // E59: (3,4) x (5,4) -> (3,5); inputs with more than 2 dims are flattened.
    EXPECT_EQ(F::linear(Variable(Uniform(Shape{3, 4}, -1, 1, Dtype::kFloat32)),
                        Variable(Uniform(Shape{5, 4}, -1, 1, Dtype::kFloat32)))
                  .shape(),
              (Shape{3, 5}));
    EXPECT_EQ(F::linear(Variable(Uniform(Shape{3, 2, 2}, -1, 1, Dtype::kFloat32)),
                        Variable(Uniform(Shape{5, 4}, -1, 1, Dtype::kFloat32)))
                  .shape(),
              (Shape{3, 5}));
}

TEST(LinearTest, ShapeMismatchMessage) {
    Variable x(Uniform(Shape{3, 4}, -1, 1, Dtype::kFloat32)), W(Uniform(Shape{5, 3}, -1, 1, Dtype::kFloat32));
    try {
        F::linear(x, W);
        FAIL();
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: LinearFunction (Forward)\n"
                  "Expect: in_types[0].shape[1] == in_types[1].shape[1]\nActual: 4 != 3");
    }
}

TEST(LinearTest, Gradients) {
    auto with_bias = [](const VarList& v) { return VarList{F::linear(v[0], v[1], v[2])}; };
    auto no_bias = [](const VarList& v) { return VarList{F::linear(v[0], v[1])}; };
    const Array x = Uniform(Shape{4, 3}, -1, 1, kF64, 1), W = Uniform(Shape{2, 3}, -1, 1, kF64, 2),
                b = Uniform(Shape{2}, -1, 1, kF64, 3), gy = Uniform(Shape{4, 2}, -1, 1, kF64, 4);
    check_backward(with_bias, {x, W, b}, {gy});
    check_backward(no_bias, {x, W}, {gy});
    check_double_backward(with_bias, {x, W, b}, {gy},
                          {Uniform(x.shape(), -1, 1, kF64, 5), Uniform(W.shape(), -1, 1, kF64, 6),
                           Uniform(b.shape(), -1, 1, kF64, 7)});
    check_backward(no_bias, {Uniform(Shape{4, 3, 1}, -1, 1, kF64, 8), W}, {gy});
}

// Note [Leaf gradients]: a leaf W and b receive their gradients straight into their grads (fresh, then added
// in place), and through the engine when their grad is shared; all three give the hand-computed values.
TEST(LinearTest, LeafGradientsAccumulateInPlaceOrThroughTheEngine) {
    const Array w = Arr({1, 0, -1, 2, 1, 0}, Shape{2, 3});
    Variable W(w), b(Arr({0.5, -0.5}));
    Variable x(Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}));
    const Array c = Arr({1, 2, 3, 4}, Shape{2, 2});  // the gradient of y, by hand: gW = c^T x, gb = c summed
    const Array gW = Arr({13, 17, 21, 18, 24, 30}, Shape{2, 3}), gb = Arr({4, 6});
    const Array gx = Arr({5, 2, -1, 11, 4, -3}, Shape{2, 3});  // c @ W
    auto step = [&] {
        Variable y = F::linear(x, W, b);
        y.set_grad(c);
        y.backward();
    };
    step();  // fresh grads
    EXPECT_ALLCLOSE(W.grad(), gW);
    EXPECT_ALLCLOSE(b.grad(), gb);
    EXPECT_ALLCLOSE(x.grad(), gx);
    step();  // added in place
    EXPECT_ALLCLOSE(W.grad(), gW * Scalar(2.0));
    EXPECT_ALLCLOSE(b.grad(), gb * Scalar(2.0));
    // A grad somebody else holds is never changed in place: the sum is a new array.
    const Variable held_W = W.grad_var(), held_b = b.grad_var();
    step();
    EXPECT_ALLCLOSE(W.grad(), gW * Scalar(3.0));
    EXPECT_ALLCLOSE(b.grad(), gb * Scalar(3.0));
    EXPECT_ALLCLOSE(held_W.array(), gW * Scalar(2.0));
    EXPECT_ALLCLOSE(held_b.array(), gb * Scalar(2.0));
    // One row of x (the tree RNN's shape): the bias gradient is that row, copied rather than aliased.
    Variable x1(Arr({1, 2, 3}, Shape{1, 3}));
    W.cleargrad();
    b.cleargrad();
    Variable y1 = F::linear(x1, W, b);
    const Array c1 = Arr({2, -1}, Shape{1, 2});
    y1.set_grad(c1);
    y1.backward();
    EXPECT_ALLCLOSE(W.grad(), Arr({2, 4, 6, -1, -2, -3}, Shape{2, 3}));
    EXPECT_ALLCLOSE(b.grad(), Arr({2, -1}));
    EXPECT_ALLCLOSE(c1, Arr({2, -1}, Shape{1, 2}));
    EXPECT_FALSE(b.grad().storage() == c1.storage());
}

// A matrix used both as an embedding and as a linear layer's weight (tied weights) gets the sum of both
// gradients, as chainer.grad (which never writes into leaves) computes it, in either order of the two nodes.
TEST(LinearTest, TiedEmbeddingAndLinearWeight) {
    const Array w0 = Uniform(Shape{6, 3}, -1, 1, Dtype::kFloat32, 11);
    const Array ids = Array::FromVector(std::vector<int32_t>{1, 4, 1});
    const Array x0 = Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 12);
    for (int order = 0; order < 2; ++order) {
        Variable W(w0.copy());
        auto loss_of = [&] {
            Variable e = F::embed_id(Variable(ids, false), W);  // (3, 3)
            // order 0: the linear takes the embedding (its node runs first); order 1: a separate input
            Variable h = order == 0 ? e : Variable(x0);
            Variable y = F::linear(h, W);  // (N, 6)
            return F::sum(y * y) + F::sum(e * e) * 3.0;
        };
        const Variable expected = grad({loss_of()}, {W})[0];
        W.cleargrad();
        loss_of().backward();
        EXPECT_ALLCLOSE(W.grad(), expected.array()) << "order " << order;
        loss_of().backward();  // and accumulated a second time
        EXPECT_ALLCLOSE(W.grad(), expected.array() * Scalar(2.0)) << "order " << order;
    }
}

TEST(EmbedIDTest, DocumentedValues) {
    // Acceptance E58.
    const Array W = Arr({0, 0, 0, 1, 1, 1, 2, 2, 2}, Shape{3, 3});
    const Array ids = Arr({2, 1}, Dtype::kInt32);
    EXPECT_ALLCLOSE(F::embed_id(ids, W).array(), Arr({2, 2, 2, 1, 1, 1}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::embed_id(ids, W, 1).array(), Arr({2, 2, 2, 0, 0, 0}, Shape{2, 3}));
    EXPECT_THROW(F::embed_id(Arr({3}, Dtype::kInt32), W), IndexError);
}

TEST(EmbedIDTest, Gradients) {
    const Array ids = Arr({0, 2, 2, 1, 3, 0}, Shape{2, 3}, Dtype::kInt32);
    const Array W = Uniform(Shape{4, 5}, -1, 1, kF64, 1), gy = Uniform(Shape{2, 3, 5}, -1, 1, kF64, 2);
    for (std::optional<int64_t> ignore : {std::optional<int64_t>(), std::optional<int64_t>(2)}) {
        auto f = [ignore, ids](const VarList& v) { return VarList{F::embed_id(ids, v[0], ignore)}; };
        check_backward(f, {W}, {gy});
        check_double_backward(f, {W}, {gy}, {Uniform(W.shape(), -1, 1, kF64, 3)});
    }
}

// The kernels read int32 and int64 ids as they are: the same rows, the same (row-sparse, leaf) gradient, and the
// same range errors from both.
TEST(EmbedIDTest, EveryIdDtypeGivesTheSameRowsAndGradient) {
    const Array W0 = Uniform(Shape{4, 3}, -1, 1, kF64, 4);
    const Array ids64 = Arr({3, 0, 3, 2}, Dtype::kInt64);
    auto run = [&](Dtype d) {
        Variable W(W0.copy());
        Variable y = F::embed_id(Variable(ids64.astype(d), false), W, 0);
        F::sum(y * y).backward();
        return std::make_pair(y.array(), W.grad());
    };
    const auto [y64, g64] = run(Dtype::kInt64);
    const auto [y32, g32] = run(Dtype::kInt32);
    EXPECT_EQ(y32.to_vector<double>(), y64.to_vector<double>());
    EXPECT_EQ(g32.to_vector<double>(), g64.to_vector<double>());
    for (Dtype d : {Dtype::kInt32, Dtype::kInt64}) {
        EXPECT_THROW(F::embed_id(Arr({4}, d), W0), IndexError) << DtypeName(d);
        EXPECT_THROW(F::embed_id(Arr({-1}, d), W0), IndexError) << DtypeName(d);
    }
}

// float16 (AlexFp16's fc layers): computed in float32 and rounded, with and without b.
TEST(LinearTest, Float16IsComputedInFloat32) {
    const Array x = Uniform(Shape{3, 2, 2, 2}, -1, 1, kF64, 1), W = Uniform(Shape{5, 8}, -1, 1, kF64, 2);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::linear(v[0], v[1], v[2]); },
                             {x, W, Uniform(Shape{5}, -1, 1, kF64, 3)});
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::linear(v[0], v[1]); }, {x, W});
}

}  // namespace
}  // namespace cnet
