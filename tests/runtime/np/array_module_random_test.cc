// array_module_random_test.cc — xp.random (cnet/backends/array_module_random.h): numpy.random's draws from the
// generator np.random.seed seeds, arrays on the module's device, scalar draws as numbers.
#include "cnet/backends/array_module_random.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace cnet {
namespace cuda {
namespace {

TEST(ArrayModuleRandomTest, DrawsAsNumpyRandomDoesFromTheSameSeed) {
    const ArrayModuleRandom xp_random{ArrayModule(Device::Cpu())};
    xp_random.seed(5);
    const Array a = xp_random.uniform(-1.0, 1.0, Shape{2, 3});
    const Array n = xp_random.randn(4);
    np::random::seed(5);
    EXPECT_EQ(a.to_vector<double>(), np::random::uniform(-1.0, 1.0, Shape{2, 3}).to_vector<double>());
    EXPECT_EQ(n.to_vector<double>(), np::random::randn(4).to_vector<double>());
    EXPECT_EQ(a.shape(), (Shape{2, 3}));
    EXPECT_EQ(a.dtype(), Dtype::kFloat64);
    EXPECT_EQ(a.device(), Device::Cpu());
}

TEST(ArrayModuleRandomTest, ScalarDrawsStayNumbers) {
    const ArrayModuleRandom xp_random{ArrayModule(Device::Cpu())};
    const double u = xp_random.rand();
    EXPECT_TRUE(u >= 0 && u < 1) << u;
    const int64_t i = xp_random.randint(3);
    EXPECT_TRUE(i >= 0 && i < 3) << i;
    const int64_t c = xp_random.choice(4);
    EXPECT_TRUE(c >= 0 && c < 4) << c;
    EXPECT_EQ(xp_random.randint(0, 5, Shape{3}).shape(), (Shape{3}));
    EXPECT_EQ(xp_random.permutation(6).shape(), (Shape{6}));
}

// numpy.random.permutation of a list of rows (text_classification's (tokens, label) pairs): the rows in the order
// a permutation of len(rows) from the same seed gives, as NumPy orders an array's rows (x[permutation(n)]).
TEST(ArrayModuleRandomTest, PermutationOfAListOrdersItsRowsAsAPermutationOfItsLength) {
    std::vector<std::pair<std::string, int64_t>> rows;
    for (int64_t i = 0; i < 7; ++i) rows.emplace_back("w" + std::to_string(i), i);
    np::random::seed(777);
    const std::vector<int64_t> expected = np::random::permutation(int64_t{7}).to_vector<int64_t>();
    np::random::seed(777);
    const auto shuffled = np::random::permutation(rows);
    std::vector<int64_t> order;
    for (const auto& [word, i] : shuffled) {
        EXPECT_EQ(word, "w" + std::to_string(i));  // rows move whole
        order.push_back(i);
    }
    EXPECT_EQ(order, expected);
    EXPECT_NE(order, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6}));
    EXPECT_TRUE(np::random::permutation(std::vector<std::string>{}).empty());
}

}  // namespace
}  // namespace cuda
}  // namespace cnet
