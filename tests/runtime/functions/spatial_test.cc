// spatial_test.cc — resize_images, depth2space, space2depth: documented values and gradient checks.
#include "cnet/functions/spatial.h"

#include <gtest/gtest.h>

#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("resize_images, depth2space, space2depth");
CNET_DOUBLE_BACKWARD_CHECKED("resize_images, depth2space, space2depth");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(SpatialTest, DocumentedDepth2Space) {
    // Chainer's docstring example: arange(24).reshape(1, 4, 2, 3), r = 2.
    const Array X = Arange(24, Shape{1, 4, 2, 3});
    const Array y = F::depth2space(X, 2).array();
    EXPECT_ALLCLOSE(y, Arr({0, 6, 1, 7, 2, 8, 12, 18, 13, 19, 14, 20, 3, 9, 4, 10, 5, 11, 15, 21, 16, 22, 17, 23},
                           Shape{1, 1, 4, 6}));
    EXPECT_ALLCLOSE(F::space2depth(y, 2).array(), X);
    // Inventory D37's space2depth example.
    EXPECT_ALLCLOSE(F::space2depth(Arange(24, Shape{1, 1, 4, 6}), 2).array(),
                    Arr({0, 2, 4, 12, 14, 16, 1, 3, 5, 13, 15, 17, 6, 8, 10, 18, 20, 22, 7, 9, 11, 19, 21, 23},
                        Shape{1, 4, 2, 3}));
}

TEST(SpatialTest, ResizeImagesInterpolates) {
    // 2x2 -> 3x3 with aligned corners: the centre is the mean, the edges the pairwise means.
    const Array x = Arr({0, 2, 4, 6}, Shape{1, 1, 2, 2}, kF64);
    EXPECT_ALLCLOSE(F::resize_images(x, {3, 3}).array(), Arr({0, 1, 2, 2, 3, 4, 4, 5, 6}, Shape{1, 1, 3, 3}, kF64));
    // Without aligned corners, 2 -> 4 along W samples at -0.25, 0.25, 0.75, 1.25 (clamped).
    EXPECT_ALLCLOSE(F::resize_images(Arr({0, 4}, Shape{1, 1, 1, 2}, kF64), {1, 4}, "bilinear", false).array(),
                    Arr({0, 1, 3, 4}, Shape{1, 1, 1, 4}, kF64));
    EXPECT_ALLCLOSE(F::resize_images(x, {4, 4}, "nearest", false).array(),
                    Arr({0, 0, 2, 2, 0, 0, 2, 2, 4, 4, 6, 6, 4, 4, 6, 6}, Shape{1, 1, 4, 4}, kF64));
    EXPECT_EQ(F::resize_images(Uniform(Shape{2, 3, 5, 4}), {7, 2}).shape(), (Shape{2, 3, 7, 2}));
}

TEST(SpatialTest, Gradients) {
    auto check = [](const std::function<Variable(const Variable&)>& fn, const Array& x) {
        auto f = [&](const VarList& v) { return VarList{fn(v[0])}; };
        const Array gy = Uniform(fn(Variable(x)).shape(), -1, 1, kF64, 7);
        gradient_check::check_backward(f, {x}, {gy});
        gradient_check::check_double_backward(f, {x}, {gy}, {Uniform(x.shape(), -1, 1, kF64, 8)});
    };
    check([](const Variable& v) { return F::resize_images(v, {5, 3}); }, Uniform(Shape{2, 2, 3, 4}, -1, 1, kF64, 1));
    check([](const Variable& v) { return F::depth2space(v, 2); }, Uniform(Shape{1, 8, 2, 3}, -1, 1, kF64, 2));
    check([](const Variable& v) { return F::space2depth(v, 2); }, Uniform(Shape{1, 2, 4, 6}, -1, 1, kF64, 3));
}

}  // namespace
}  // namespace cnet
