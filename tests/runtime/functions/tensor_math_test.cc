// tensor_math_test.cc — tensordot (acceptance C30, values against np::tensordot), bias, scale, cumsum: values
// and gradient checks.
#include <gtest/gtest.h>

#include "cnet/functions/tensor_math.h"
#include "cnet/np/linalg.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("tensordot, bias, scale, cumsum");
CNET_DOUBLE_BACKWARD_CHECKED("tensordot, bias, scale, cumsum");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(TensordotTest, ValuesAndGradients) {
    // Acceptance C30: (5,3,2) . (3,2,4) with axes=2 -> (5,4).
    const Array a = Uniform(Shape{5, 3, 2}, -1, 1, kF64, 1), b = Uniform(Shape{3, 2, 4}, -1, 1, kF64, 2);
    const Variable y = F::tensordot(a, b);
    EXPECT_EQ(y.shape(), (Shape{5, 4}));
    EXPECT_ALLCLOSE(y.array(), np::tensordot(a, b, 2), 1e-12, 1e-12);
    // Explicit axes: contract a's axis 0 with b's axis 1.
    const Array c = Uniform(Shape{3, 4}, -1, 1, kF64, 3), d = Uniform(Shape{2, 3}, -1, 1, kF64, 4);
    const Variable z = F::tensordot(c, d, {{0}, {1}});
    EXPECT_ALLCLOSE(z.array(), np::tensordot(c.T(), d.T(), 1), 1e-12, 1e-12);
    auto f = [](const VarList& v) { return VarList{F::tensordot(v[0], v[1], 2)}; };
    const Array gy = Uniform(Shape{5, 4}, -1, 1, kF64, 5);
    check_backward(f, {a, b}, {gy});
    check_double_backward(f, {a, b}, {gy}, {Uniform(a.shape(), -1, 1, kF64, 6), Uniform(b.shape(), -1, 1, kF64, 7)});
    auto g = [](const VarList& v) { return VarList{F::tensordot(v[0], v[1], {{0}, {1}})}; };
    check_backward(g, {c, d}, {Uniform(Shape{4, 2}, -1, 1, kF64, 8)});
    EXPECT_THROW(F::tensordot(a, Uniform(Shape{4, 2}, -1, 1, kF64, 9)), ShapeError);
}

TEST(BiasScaleTest, ValuesAndGradients) {
    const Array x = Arr({1, 2, 3, 4, 5, 6}, Shape{1, 2, 3}, kF64);
    EXPECT_ALLCLOSE(F::bias(x, Arr({10, 20}, kF64)).array(), Arr({11, 12, 13, 24, 25, 26}, Shape{1, 2, 3}, kF64));
    EXPECT_ALLCLOSE(F::scale(x, Arr({1, 2, 3}, kF64), 2).array(), Arr({1, 4, 9, 4, 10, 18}, Shape{1, 2, 3}, kF64));
    EXPECT_THROW(F::bias(x, Arr({1, 2, 3}, kF64)), ShapeError);
    const Array xg = Uniform(Shape{2, 3, 4}, -1, 1, kF64, 1), y = Uniform(Shape{3, 4}, -1, 1, kF64, 2);
    const Array gy = Uniform(Shape{2, 3, 4}, -1, 1, kF64, 3);
    for (bool is_bias : {true, false}) {
        auto f = [is_bias](const VarList& v) { return VarList{is_bias ? F::bias(v[0], v[1]) : F::scale(v[0], v[1])}; };
        check_backward(f, {xg, y}, {gy});
        check_double_backward(f, {xg, y}, {gy},
                              {Uniform(xg.shape(), -1, 1, kF64, 4), Uniform(y.shape(), -1, 1, kF64, 5)});
    }
}

TEST(CumsumTest, ValuesAndGradients) {
    const Array x = Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}, kF64);
    EXPECT_ALLCLOSE(F::cumsum(x, 1).array(), Arr({1, 3, 6, 4, 9, 15}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::cumsum(x, 0).array(), Arr({1, 2, 3, 5, 7, 9}, Shape{2, 3}, kF64));
    EXPECT_ALLCLOSE(F::cumsum(x).array(), Arr({1, 3, 6, 10, 15, 21}, kF64));
    for (int axis : {0, 1, -1}) {
        auto f = [axis](const VarList& v) { return VarList{F::cumsum(v[0], axis)}; };
        const Array in = Uniform(Shape{3, 4}, -1, 1, kF64, 1), gy = Uniform(Shape{3, 4}, -1, 1, kF64, 2);
        check_backward(f, {in}, {gy});
        check_double_backward(f, {in}, {gy}, {Uniform(Shape{3, 4}, -1, 1, kF64, 3)});
    }
    auto flat = [](const VarList& v) { return VarList{F::cumsum(v[0])}; };
    check_backward(flat, {Uniform(Shape{2, 3}, -1, 1, kF64, 4)}, {Uniform(Shape{6}, -1, 1, kF64, 5)});
}

}  // namespace
}  // namespace cnet
