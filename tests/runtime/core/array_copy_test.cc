// array_copy_test.cc — Array::assign's broadcasting copy: a row repeated over a batch (a bias, the contiguous
// fast path), leading size-1 axes, a plain copy, and the layouts that take the strided loop (a column
// broadcast, a transposed source, a dtype cast), each against values written out by hand; casts of floats that do
// not fit an integer type, and views that overlap.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
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

// NumPy copies overlapping operands as if through a temporary (x[1:] = x[:-1] shifts; m[...] = m.T transposes).
TEST(ArrayCopyTest, OverlappingViewsCopyAsIfThroughATemporary) {
    const std::vector<float> v{0, 1, 2, 3, 4, 5};
    Array right = Array::FromVector(v), left = Array::FromVector(v);
    right.as_strided(Shape{5}, Strides{1}, 1).assign(right.as_strided(Shape{5}, Strides{1}, 0));
    EXPECT_EQ(Values(right), (std::vector<float>{0, 0, 1, 2, 3, 4}));
    left.as_strided(Shape{5}, Strides{1}, 0).assign(left.as_strided(Shape{5}, Strides{1}, 1));
    EXPECT_EQ(Values(left), (std::vector<float>{1, 2, 3, 4, 5, 5}));
    Array m = Array::FromVector(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}, Shape{3, 3});
    m.assign(m.transpose());
    EXPECT_EQ(Values(m), (std::vector<float>{1, 4, 7, 2, 5, 8, 3, 6, 9}));
    Array every_other = Array::FromVector(v);  // strided views of one storage that interleave
    every_other.as_strided(Shape{3}, Strides{2}, 1).assign(every_other.as_strided(Shape{3}, Strides{2}, 0));
    EXPECT_EQ(Values(every_other), (std::vector<float>{0, 0, 2, 2, 4, 4}));
}

// C++ leaves a float that does not fit the integer type undefined; NumPy 1.24 on x86-64 (and Chainer on the CPU)
// truncate, giving the int32's (int64's) most negative value for NaN, infinities and out-of-range values, and
// narrower types the low bits of that int32. The CUDA backend converts the same way (cuda/loop.cuh FloatToInteger).
TEST(ArrayCopyTest, OutOfRangeFloatsCastAsNumPyDoes) {
    const std::vector<double> special{-5.5, 300.7, NAN, 3e9, -3e9, 1e20, INFINITY, -1.0};
    const std::vector<double> many = [&] {  // long enough for vectorized loops
        std::vector<double> v;
        for (int i = 0; i < 40; ++i) v.insert(v.end(), special.begin(), special.end());
        return v;
    }();
    const std::vector<int64_t> as_uint8{251, 44, 0, 0, 0, 0, 0, 255};
    const std::vector<int64_t> as_int32{-5, 300, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, -1};
    const std::vector<int64_t> as_int64{-5, 300, INT64_MIN, 3000000000, -3000000000, INT64_MIN, INT64_MIN, -1};
    for (Dtype from : {Dtype::kFloat32, Dtype::kFloat64}) {
        for (const std::vector<double>* values : {&special, &many}) {
            const Array a = Array::FromVector(*values).astype(from);
            const auto head = [&](Dtype to) {
                const std::vector<int64_t> all = a.astype(to).to_vector<int64_t>();
                return std::vector<int64_t>(all.begin(), all.begin() + 8);
            };
            SCOPED_TRACE(std::string(DtypeName(from)) + (values == &many ? " (320 values)" : " (8 values)"));
            EXPECT_EQ(head(Dtype::kUint8), as_uint8);
            EXPECT_EQ(head(Dtype::kInt32), as_int32);
            EXPECT_EQ(head(Dtype::kInt64), as_int64);
        }
    }
}

// min's reduction starts from INT64_MAX: a fill through double rounded it to 2**63, which wrapped to INT64_MIN.
TEST(ArrayCopyTest, FillKeepsExtremeIntegers) {
    Array big = Array::Empty(Shape{2}, Dtype::kInt64);
    big.fill(Scalar(std::numeric_limits<int64_t>::max()));
    EXPECT_EQ(big.to_vector<int64_t>(), (std::vector<int64_t>(2, std::numeric_limits<int64_t>::max())));
    big.fill(Scalar(std::numeric_limits<int64_t>::max() - 1));
    EXPECT_EQ(big.to_vector<int64_t>()[0], std::numeric_limits<int64_t>::max() - 1);
    Array small = Array::Empty(Shape{2}, Dtype::kInt32);
    small.fill(Scalar(-7));
    EXPECT_EQ(small.to_vector<int32_t>(), (std::vector<int32_t>{-7, -7}));
}

}  // namespace
}  // namespace cnet
