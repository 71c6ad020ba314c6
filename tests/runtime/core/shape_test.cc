// shape_test.cc — Dims::prod never wraps around: shapes come from files (npz, pickle, IDX), and a wrapped count
// would size an allocation smaller than the shape it claims.
#include "cnet/core/shape.h"

#include <gtest/gtest.h>

#include "cnet/core/array.h"

namespace cnet {
namespace {

TEST(ShapeTest, ProdIsExactOrAShapeError) {
    EXPECT_EQ(Shape{}.prod(), 1);
    EXPECT_EQ((Shape{3, 0, 5}).prod(), 0);
    EXPECT_EQ((Shape{int64_t{1} << 31, int64_t{1} << 31}).prod(), int64_t{1} << 62);
    // (2^62 + 1) * 784 wraps to 784 in int64: the shape "over 784 elements".
    const Shape wraps{(int64_t{1} << 62) + 1, 784};
    try {
        wraps.prod();
        FAIL() << "prod() of " << wraps << " did not throw";
    } catch (const ShapeError& e) {
        EXPECT_STREQ(e.what(), "the shape (4611686018427387905, 784) has more elements than fit in a 64-bit integer");
    }
    EXPECT_THROW(Array::Empty(wraps, Dtype::kFloat32), ShapeError);
    EXPECT_THROW((Shape{int64_t{1} << 32, int64_t{1} << 32}).prod(), ShapeError);
}

}  // namespace
}  // namespace cnet
