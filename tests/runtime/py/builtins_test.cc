// builtins_test.cc — Python's builtins over what generated code passes them: enumerate, zip and reversed of an
// ndarray walk its rows (NumPy iterates the first axis), as Python does.
#include "cnet/py/builtins.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace cnet {
namespace py {
namespace {

using testing_util::Arange;

TEST(PyBuiltinsTest, ZipOfAListAndAnArrayPairsItsRows) {
    const Array x = Arange(6, {3, 2});
    const auto pairs = zip(std::vector<int64_t>{10, 20}, x);  // the shorter one ends it
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(std::get<0>(pairs[1]), 20);
    EXPECT_EQ(std::get<1>(pairs[1]).shape(), Shape({2}));
    EXPECT_EQ(std::get<1>(pairs[1]).to_vector<float>(), (std::vector<float>{2, 3}));
    const auto triples = zip(x, x, std::vector<std::string>{"a", "b", "c", "d"});
    ASSERT_EQ(triples.size(), 3u);
    EXPECT_EQ(std::get<1>(triples[2]).to_vector<float>(), (std::vector<float>{4, 5}));
    EXPECT_EQ(std::get<2>(triples[2]), "c");
}

TEST(PyBuiltinsTest, RowsAreViewsAsInNumpy) {
    Array x = Arange(4, {2, 2});
    const auto items = enumerate(x, 1);
    ASSERT_EQ(items.size(), 2u);
    EXPECT_EQ(std::get<0>(items[1]), 2);
    x.fill(7);  // `for i, row in enumerate(x)`: the row shares x's memory
    EXPECT_EQ(std::get<1>(items[1]).to_vector<float>(), (std::vector<float>{7, 7}));
    const auto back = reversed(Arange(3, {3}));
    ASSERT_EQ(back.size(), 3u);
    EXPECT_EQ(back[0].item<float>(), 2);
    EXPECT_EQ(back[0].ndim(), 0);
}

TEST(PyBuiltinsTest, ZeroDimensionalArrayIsNotIterable) {
    EXPECT_THROW(zip(std::vector<int64_t>{1}, Array::FromScalar(1.0, Dtype::kFloat32)), Error);
}

// `x in (a, b)`: Python compares with each element; one of another type is never equal (19 in (19, 'a')).
TEST(PyBuiltinsTest, InATuple) {
    EXPECT_TRUE(contains(std::make_tuple(int64_t{19}, int64_t{26}), int64_t{26}));
    EXPECT_FALSE(contains(std::make_tuple(int64_t{19}, int64_t{26}), int64_t{20}));
    EXPECT_TRUE(contains(std::make_tuple(int64_t{1}, std::string("a")), std::string("a")));
    EXPECT_FALSE(contains(std::make_tuple(std::string("19")), int64_t{19}));
    EXPECT_TRUE(contains(std::make_tuple(1.5, int64_t{2}), int64_t{2}));
    EXPECT_FALSE(contains(std::tuple<>(), int64_t{0}));
}

}  // namespace
}  // namespace py
}  // namespace cnet
