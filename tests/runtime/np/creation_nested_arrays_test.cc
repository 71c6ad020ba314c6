// creation_nested_arrays_test.cc — np.asarray / np.array of arrays nested in lists, stacked level by level as
// NumPy does (vae's np.asarray(train[indices]) of a dataset's 1-tuple examples).
#include <gtest/gtest.h>

#include <vector>

#include "cnet/core/error.h"
#include "cnet/np/creation.h"

namespace cnet {
namespace {

TEST(NestedArraysTest, StacksEachLevel) {
    const Array a = Array::FromVector(std::vector<float>{1, 2, 3});
    const Array b = Array::FromVector(std::vector<float>{4, 5, 6});
    const std::vector<std::vector<Array>> examples{{a}, {b}};  // what dataset[[0, 1]] of 1-tuples returns
    const Array x = np::asarray(examples);
    EXPECT_EQ(x.shape(), (Shape{2, 1, 3}));  // NumPy: np.asarray([[a], [b]]).shape
    EXPECT_EQ(x.dtype(), Dtype::kFloat32);
    EXPECT_EQ(x.to_vector<float>(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
    const std::vector<std::vector<Array>> pairs{{a, b}, {b, a}};
    const Array y = np::array(pairs, Dtype::kFloat64);
    EXPECT_EQ(y.shape(), (Shape{2, 2, 3}));
    EXPECT_EQ(y.dtype(), Dtype::kFloat64);
    EXPECT_EQ(y.to_vector<double>(), (std::vector<double>{1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3}));
}

TEST(NestedArraysTest, RaggedShapesAreAnError) {
    const Array a = Array::FromVector(std::vector<float>{1, 2, 3});
    const Array c = Array::FromVector(std::vector<float>{1, 2});
    const std::vector<std::vector<Array>> ragged{{a}, {c}};
    EXPECT_THROW(np::asarray(ragged), Error);
}

}  // namespace
}  // namespace cnet
