// integer_index_test.cc — x[i], which Array::operator[] answers with a view of its own when i is in range: the
// same values, shape, strides and memory as NumPy's x[i] (negative i, a transposed x, a 1-D x giving a 0-d view),
// and NumPy's IndexError otherwise.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace {

Array Iota(const Shape& shape) {
    std::vector<float> v(static_cast<size_t>(shape.prod()));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i);
    return Array::FromVector(v, shape);
}

TEST(IntegerIndexTest, RowsAreViewsWithNumpysValues) {
    const Array x = Iota(Shape{3, 2, 2});
    const Array row = x[1];
    EXPECT_EQ(row.shape(), (Shape{2, 2}));
    EXPECT_EQ(row.strides(), (Strides{2, 1}));
    EXPECT_EQ(row.as_contiguous().to_vector<float>(), (std::vector<float>{4, 5, 6, 7}));
    EXPECT_TRUE(row.storage() == x.storage());
    EXPECT_EQ(x[-1].as_contiguous().to_vector<float>(), (std::vector<float>{8, 9, 10, 11}));
    // A row of a transposed matrix is a strided column of the original.
    const Array t = Iota(Shape{2, 3}).transpose();
    EXPECT_EQ(t[2].strides(), (Strides{3}));
    EXPECT_EQ(t[2].as_contiguous().to_vector<float>(), (std::vector<float>{2, 5}));
    // x[i] of a 1-D array is a 0-d view.
    const Array v = Iota(Shape{4});
    EXPECT_EQ(v[-2].ndim(), 0);
    EXPECT_EQ(v[-2].item<float>(), 2.0f);
}

TEST(IntegerIndexTest, OutOfRangeAndZeroDimensionalAreNumpysErrors) {
    const Array x = Iota(Shape{3, 2});
    EXPECT_THROW(x[3], IndexError);
    EXPECT_THROW(x[-4], IndexError);
    EXPECT_THROW(Iota(Shape{})[0], IndexError);
}

}  // namespace
}  // namespace cnet
