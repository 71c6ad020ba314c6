// array_copy_test.cc — Array::assign's broadcasting copy: a row repeated over a batch (a bias, the contiguous
// fast path), leading size-1 axes, a plain copy, and the layouts that take the strided loop (a column
// broadcast, a transposed source, a dtype cast), each against values written out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace {

std::vector<float> Values(const Array& a) { return a.as_contiguous().to_vector<float>(); }

TEST(ArrayCopyTest, RowRepeatedOverLeadingAxes) {
    const Array bias = Array::FromVector(std::vector<float>{1, 2, 3});
    Array y = Array::Empty(Shape{2, 2, 3});
    y.assign(bias);
    EXPECT_EQ(Values(y), (std::vector<float>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}));
    Array z = Array::Empty(Shape{2, 3});
    z.assign(bias.reshape(Shape{1, 1, 3}));  // leading size-1 axes broadcast like missing ones
    EXPECT_EQ(Values(z), (std::vector<float>{1, 2, 3, 1, 2, 3}));
    Array same = Array::Empty(Shape{3});
    same.assign(bias);
    EXPECT_EQ(Values(same), (std::vector<float>{1, 2, 3}));
}

TEST(ArrayCopyTest, OtherLayoutsTakeTheStridedLoop) {
    const Array column = Array::FromVector(std::vector<float>{1, 2}, Shape{2, 1});
    Array y = Array::Empty(Shape{2, 3});
    y.assign(column);
    EXPECT_EQ(Values(y), (std::vector<float>{1, 1, 1, 2, 2, 2}));
    const Array m = Array::FromVector(std::vector<float>{1, 2, 3, 4, 5, 6}, Shape{2, 3});
    Array t = Array::Empty(Shape{3, 2});
    t.assign(m.transpose());
    EXPECT_EQ(Values(t), (std::vector<float>{1, 4, 2, 5, 3, 6}));
    Array d = Array::Empty(Shape{2, 3}, Dtype::kFloat64);
    d.assign(Array::FromVector(std::vector<int32_t>{7, 8, 9}));
    EXPECT_EQ(d.to_vector<double>(), (std::vector<double>{7, 8, 9, 7, 8, 9}));
}

}  // namespace
}  // namespace cnet
