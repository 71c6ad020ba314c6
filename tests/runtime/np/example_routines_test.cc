// example_routines_test.cc — the numpy routines Chainer's examples call (clip, cumsum, expand_dims, argwhere,
// random.choice) against NumPy 1.26 (the expected values were printed by it).
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/np/indexing.h"
#include "cnet/np/manipulation.h"
#include "cnet/np/math.h"
#include "cnet/np/random.h"
#include "cnet/np/reduction.h"
#include "test_util.h"

namespace cnet {
namespace np {
namespace {

using testing_util::Arr;

TEST(ExampleRoutinesTest, ClipKeepsTheDtypeOrPromotesForFloatBounds) {
    // np.clip(np.array([-3., 0.5, 7.]), 0.0, 1.0) -> [0., 0.5, 1.]
    const Array f = clip(Arr({-3, 0.5, 7}, Dtype::kFloat32), 0.0, 1.0);
    EXPECT_EQ(f.dtype(), Dtype::kFloat32);
    EXPECT_EQ(f.to_vector<double>(), (std::vector<double>{0, 0.5, 1}));
    // int32 with int bounds stays int32; with float bounds it is float64: [1.5, 2., 2.5, 2.5]
    const Array i = Arr({1, 2, 3, 4}, Dtype::kInt32);
    EXPECT_EQ(clip(i, 2, 3).dtype(), Dtype::kInt32);
    EXPECT_EQ(clip(i, 2, 3).to_vector<int64_t>(), (std::vector<int64_t>{2, 2, 3, 3}));
    const Array promoted = clip(i, 1.5, 2.5);
    EXPECT_EQ(promoted.dtype(), Dtype::kFloat64);
    EXPECT_EQ(promoted.to_vector<double>(), (std::vector<double>{1.5, 2, 2.5, 2.5}));
    // bool with int bounds is int64; a_min > a_max gives a_max everywhere
    EXPECT_EQ(clip(Arr({1, 0}, Dtype::kBool), 0, 1).dtype(), Dtype::kInt64);
    EXPECT_EQ(clip(Arr({1, 5, 9}, Dtype::kFloat64), 6, 2).to_vector<double>(), (std::vector<double>{2, 2, 2}));
}

TEST(ExampleRoutinesTest, CumsumFlattensByDefaultAndSumsIntsAsInt64) {
    const Array a = Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3}, Dtype::kInt32);
    const Array flat = cumsum(a);
    EXPECT_EQ(flat.dtype(), Dtype::kInt64);
    EXPECT_EQ(flat.shape(), (Shape{6}));
    EXPECT_EQ(flat.to_vector<int64_t>(), (std::vector<int64_t>{1, 3, 6, 10, 15, 21}));
    EXPECT_EQ(cumsum(a, 0).to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 5, 7, 9}));
    EXPECT_EQ(cumsum(a, -1).to_vector<int64_t>(), (std::vector<int64_t>{1, 3, 6, 4, 9, 15}));
    EXPECT_EQ(cumsum(a, 1).shape(), (Shape{2, 3}));
    const Array f = cumsum(Arr({0.5, 0.25, 1.0}, Dtype::kFloat32));
    EXPECT_EQ(f.dtype(), Dtype::kFloat32);
    EXPECT_EQ(f.to_vector<double>(), (std::vector<double>{0.5, 0.75, 1.75}));
    // np.cumsum([1, 2, 3]) and np.cumsum(np.array(5), axis=0) -> [5]
    EXPECT_EQ(cumsum(std::vector<int64_t>{1, 2, 3}).to_vector<int64_t>(), (std::vector<int64_t>{1, 3, 6}));
    EXPECT_EQ(cumsum(Array::FromScalar(5.0, Dtype::kFloat64), 0).shape(), (Shape{1}));
    // np.cumsum(np.ones((2, 2)), axis=2): AxisError, which is an IndexError (as in NumPy)
    EXPECT_THROW(cumsum(Arr({1, 1, 1, 1}, Shape{2, 2}), 2), IndexError);
}

TEST(ExampleRoutinesTest, ExpandDimsInsertsAnAxis) {
    const Array a = Arr({1, 2, 3, 4, 5, 6}, Shape{2, 3});
    EXPECT_EQ(expand_dims(a, 1).shape(), (Shape{2, 1, 3}));
    EXPECT_EQ(expand_dims(a, -1).shape(), (Shape{2, 3, 1}));
    EXPECT_EQ(expand_dims(a, 0).shape(), (Shape{1, 2, 3}));
    EXPECT_EQ(expand_dims(a, 1).to_vector<double>(), a.to_vector<double>());
    // np.expand_dims(np.ones((2, 3)), -4): AxisError (an IndexError): axis -4 is out of bounds for array of dimension 3
    try {
        expand_dims(a, -4);
        ADD_FAILURE() << "expected IndexError";
    } catch (const IndexError& e) {
        EXPECT_NE(std::string(e.what()).find("axis -4 is out of bounds for array of dimension 3"), std::string::npos)
            << e.what();
    }
}

TEST(ExampleRoutinesTest, ArgwhereGivesInt64Coordinates) {
    // np.argwhere(np.array([[0, 1.5, 0], [2, 0, -1]])) -> [[0, 1], [1, 0], [1, 2]]
    const Array w = argwhere(Arr({0, 1.5, 0, 2, 0, -1}, Shape{2, 3}));
    EXPECT_EQ(w.dtype(), Dtype::kInt64);
    EXPECT_EQ(w.shape(), (Shape{3, 2}));
    EXPECT_EQ(w.to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 1, 0, 1, 2}));
    EXPECT_EQ(argwhere(Arr({0, 3, 0, 4})).to_vector<int64_t>(), (std::vector<int64_t>{1, 3}));
    EXPECT_EQ(argwhere(Arr({0, 3, 0, 4})).shape(), (Shape{2, 1}));
    // 0-d: np.argwhere(np.array(3)).shape == (1, 0), np.argwhere(np.array(0)).shape == (0, 0)
    EXPECT_EQ(argwhere(Array::FromScalar(3.0, Dtype::kFloat32)).shape(), (Shape{1, 0}));
    EXPECT_EQ(argwhere(Array::FromScalar(0.0, Dtype::kFloat32)).shape(), (Shape{0, 0}));
}

TEST(ExampleRoutinesTest, RandomChoiceDrawsFromTheSeededGenerator) {
    random::seed(3);
    const Array first = random::choice(10, Shape{2, 4});
    random::seed(3);
    const Array again = random::choice(10, Shape{2, 4});
    EXPECT_EQ(first.shape(), (Shape{2, 4}));
    EXPECT_EQ(first.dtype(), Dtype::kInt64);
    EXPECT_EQ(first.to_vector<int64_t>(), again.to_vector<int64_t>());
    for (int64_t v : first.to_vector<int64_t>()) EXPECT_TRUE(v >= 0 && v < 10) << v;
    // Without a size: one int; from an array: its elements, with its dtype.
    for (int k = 0; k < 20; ++k) {
        const int64_t one = random::choice(3);
        EXPECT_TRUE(one >= 0 && one < 3) << one;
    }
    const Array values = Arr({10, 20, 30}, Dtype::kInt32);
    const Array drawn = random::choice(values, Shape{6});
    EXPECT_EQ(drawn.dtype(), Dtype::kInt32);
    for (int64_t v : drawn.to_vector<int64_t>()) EXPECT_TRUE(v == 10 || v == 20 || v == 30) << v;
    const int64_t from_array = random::choice(values);
    EXPECT_TRUE(from_array == 10 || from_array == 20 || from_array == 30) << from_array;
    // A sequence of ints (a list, range(n)).
    const std::vector<int64_t> list{7, 8};
    const int64_t from_list = random::choice(list);
    EXPECT_TRUE(from_list == 7 || from_list == 8) << from_list;
}

TEST(ExampleRoutinesTest, RandomChoiceWithoutReplacementAndWeights) {
    random::seed(0);
    const std::vector<int64_t> perm = random::choice(5, Shape{5}, false).to_vector<int64_t>();
    EXPECT_EQ(std::set<int64_t>(perm.begin(), perm.end()).size(), 5u);
    // All the mass on index 2; a float32 p that sums to 1 only within float32's precision passes (as in NumPy).
    const Array p = Arr({0, 0, 1}, Dtype::kFloat32);
    EXPECT_EQ(random::choice(3, Shape{4}, true, p).to_vector<int64_t>(), (std::vector<int64_t>{2, 2, 2, 2}));
    EXPECT_EQ(random::choice(3, std::nullopt, true, Arr({0.1, 0.2, 0.7000001}, Dtype::kFloat32)) >= 0, true);
    EXPECT_THROW(random::choice(3, std::nullopt, true, Arr({0.5, 0.6, 0}, Dtype::kFloat64)), ValueError);
    EXPECT_THROW(random::choice(3, Shape{4}, false), ValueError);
    EXPECT_THROW(random::choice(0), ValueError);
    EXPECT_THROW(random::choice(Arr({1, 2}, Shape{1, 2}), Shape{1}), ValueError);
    EXPECT_THROW(random::choice(Arr({0.5, 1.5}, Dtype::kFloat32)), DtypeError);
}

}  // namespace
}  // namespace np
}  // namespace cnet
