// sequence_test.cc — transpose_sequence (acceptance 50) and pad_sequence: values and gradient checks.
#include <gtest/gtest.h>

#include "cnet/functions/sequence.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("transpose_sequence, pad_sequence");
CNET_DOUBLE_BACKWARD_CHECKED("transpose_sequence, pad_sequence");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Arr;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(TransposeSequenceTest, DocumentedValues) {
    // Acceptance 50: [[1,1,1],[2,2],[3]] -> ([1,2,3],[1,2],[1]).
    const std::vector<Variable> ys =
        F::transpose_sequence({Arr({1, 1, 1}, Dtype::kInt32), Arr({2, 2}, Dtype::kInt32), Arr({3}, Dtype::kInt32)});
    ASSERT_EQ(ys.size(), 3u);
    EXPECT_ALLCLOSE(ys[0].array(), Arr({1, 2, 3}, Dtype::kInt32), 0, 0);
    EXPECT_ALLCLOSE(ys[1].array(), Arr({1, 2}, Dtype::kInt32), 0, 0);
    EXPECT_ALLCLOSE(ys[2].array(), Arr({1}, Dtype::kInt32), 0, 0);
    EXPECT_EQ(ys[0].dtype(), Dtype::kInt32);
    // The docstring's example: [(0,1,2,3), (4,5), (6,)] -> [(0,4,6), (1,5), (2,), (3,)].
    const std::vector<Variable> zs = F::transpose_sequence({Arr({0, 1, 2, 3}), Arr({4, 5}), Arr({6})});
    ASSERT_EQ(zs.size(), 4u);
    EXPECT_ALLCLOSE(zs[0].array(), Arr({0, 4, 6}), 0, 0);
    EXPECT_ALLCLOSE(zs[3].array(), Arr({3}), 0, 0);
    EXPECT_TRUE(F::transpose_sequence({}).empty());
    EXPECT_THROW(F::transpose_sequence({Arr({1}), Arr({1, 2})}), InvalidType);
}

TEST(TransposeSequenceTest, Gradients) {
    auto f = [](const VarList& v) {
        const std::vector<Variable> ys = F::transpose_sequence(v);
        return VarList(ys.begin(), ys.end());
    };
    const std::vector<Array> xs{Uniform(Shape{3, 2}, -1, 1, kF64, 1), Uniform(Shape{2, 2}, -1, 1, kF64, 2),
                                Uniform(Shape{2, 2}, -1, 1, kF64, 3)};
    const std::vector<Array> gy{Uniform(Shape{3, 2}, -1, 1, kF64, 4), Uniform(Shape{3, 2}, -1, 1, kF64, 5),
                                Uniform(Shape{1, 2}, -1, 1, kF64, 6)};
    gradient_check::check_backward(f, xs, gy);
    gradient_check::check_double_backward(f, xs, gy,
                                          {Uniform(Shape{3, 2}, -1, 1, kF64, 7), Uniform(Shape{2, 2}, -1, 1, kF64, 8),
                                           Uniform(Shape{2, 2}, -1, 1, kF64, 9)});
    // Only the first time step used: the other outputs' gradients are None (zeros).
    Variable a(xs[0].copy()), b(xs[1].copy());
    Variable y0 = F::transpose_sequence({a, b})[0];
    y0.set_grad(Array::Ones(y0.shape(), kF64));
    y0.backward();
    EXPECT_ALLCLOSE(a.grad(), Arr({1, 1, 0, 0, 0, 0}, Shape{3, 2}, kF64), 0, 0);
    EXPECT_ALLCLOSE(b.grad(), Arr({1, 1, 0, 0}, Shape{2, 2}, kF64), 0, 0);
}

TEST(PadSequenceTest, ValuesAndGradients) {
    const Variable y = F::pad_sequence({Arr({1, 2, 3}), Arr({4}), Arr({5, 6})});
    EXPECT_ALLCLOSE(y.array(), Arr({1, 2, 3, 4, 0, 0, 5, 6, 0}, Shape{3, 3}), 0, 0);
    const Variable z = F::pad_sequence({Arr({1, 2}, Shape{1, 2}), Arr({3, 4, 5, 6}, Shape{2, 2})}, 3, -1);
    EXPECT_ALLCLOSE(z.array(), Arr({1, 2, -1, -1, -1, -1, 3, 4, 5, 6, -1, -1}, Shape{2, 3, 2}), 0, 0);
    auto f = [](const VarList& v) { return VarList{F::pad_sequence(v, 4)}; };
    const std::vector<Array> xs{Uniform(Shape{3, 2}, -1, 1, kF64, 1), Uniform(Shape{1, 2}, -1, 1, kF64, 2)};
    const Array gy = Uniform(Shape{2, 4, 2}, -1, 1, kF64, 3);
    gradient_check::check_backward(f, xs, {gy});
    gradient_check::check_double_backward(f, xs, {gy},
                                          {Uniform(Shape{3, 2}, -1, 1, kF64, 4), Uniform(Shape{1, 2}, -1, 1, kF64, 5)});
}

}  // namespace
}  // namespace cnet
