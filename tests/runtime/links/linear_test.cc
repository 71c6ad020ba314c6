// linear_test.cc — Linear and EmbedID links: shapes, lazy in_size inference, initializers, values.
#include "cnet/links/linear.h"

#include <gtest/gtest.h>

#include "cnet/initializers/initializers.h"
#include "cnet/links/embed_id.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace L = links;
using testing_util::Arange;
using testing_util::Arr;

TEST(LinearTest, EagerShapesAndDefaultInitializers) {
    L::Linear l(5, 3);
    EXPECT_EQ(l.W.shape(), Shape({3, 5}));
    EXPECT_EQ(l.W.dtype(), Dtype::kFloat32);
    EXPECT_EQ(l.b.shape(), Shape({3}));
    EXPECT_ALLCLOSE(l.b.array(), Arr({0, 0, 0}), 0, 0);
    EXPECT_EQ(l.W.name(), "W");
    EXPECT_EQ(l.out_size, 3);
}

TEST(LinearTest, LazyInSizeIsInferredFromTheFirstBatch) {
    L::Linear l(2);  // Chainer's L.Linear(2)
    EXPECT_FALSE(l.W.is_initialized());
    Variable y = l(Variable(Arange(2 * 3 * 4, {2, 3, 4})));
    EXPECT_EQ(l.W.shape(), Shape({2, 12}));  // flattened after the batch axis
    EXPECT_EQ(y.shape(), Shape({2, 2}));

    L::Linear none_in(std::nullopt, 7);
    none_in(Variable(Arange(6, {3, 2})));
    EXPECT_EQ(none_in.W.shape(), Shape({7, 2}));
}

TEST(LinearTest, ForwardValuesWithGivenInitializers) {
    // W (2, 3), b (2,): y = x W^T + b
    L::Linear l(3, 2, false, Arr({1, 0, -1, 2, 1, 0}, {2, 3}), Arr({0.5, -1}));
    Variable y = l(Variable(Arr({1, 2, 3, 4, 5, 6}, {2, 3})));
    EXPECT_ALLCLOSE(y.array(), Arr({-2 + 0.5, 4 - 1, -2 + 0.5, 13 - 1}, {2, 2}));
    EXPECT_EQ(l.call({Variable(Arr({1, 2, 3}, {1, 3}))}).shape(), Shape({1, 2}));
    EXPECT_THROW(l.call({}), ValueError);
}

TEST(LinearTest, NobiasAndScalarInitializer) {
    L::Linear l(2, 2, /*nobias=*/true, 0.5);
    EXPECT_TRUE(l.b.is_none());
    EXPECT_EQ(l.params().size(), 1u);
    Variable y = l(Variable(Arr({1, 1}, {1, 2})));
    EXPECT_ALLCLOSE(y.array(), Arr({1, 1}, {1, 2}));
}

TEST(LinearTest, LeCunNormalScale) {
    L::Linear l(400, 300);
    const double n = static_cast<double>(l.W.size());
    const double mean = np::sum(l.W.array()).item<double>() / n;
    const double var = np::sum(l.W.array() * l.W.array()).item<double>() / n - mean * mean;
    EXPECT_NEAR(mean, 0.0, 0.01);
    EXPECT_NEAR(var, 1.0 / 400, 0.1 / 400);  // N(0, 1/in_size)
}

TEST(LinearTest, Float64Initializer) {
    L::Linear l(std::nullopt, 2, false, initializers::Normal(1.0, Dtype::kFloat64), initializers::Zero(Dtype::kFloat64));
    l(Variable(Arange(3, {1, 3}, Dtype::kFloat64)));
    EXPECT_EQ(l.W.dtype(), Dtype::kFloat64);
    EXPECT_EQ(l.b.dtype(), Dtype::kFloat64);
}

TEST(EmbedIDTest, LooksUpRows) {
    L::EmbedID e(3, 2, Arr({0, 1, 10, 11, 20, 21}, {3, 2}), /*ignore_label=*/-1);
    Variable y = e(Variable(Array::FromVector<int32_t>({2, -1, 0}), false));
    EXPECT_ALLCLOSE(y.array(), Arr({20, 21, 0, 0, 0, 1}, {3, 2}));
    EXPECT_EQ(e.W.shape(), Shape({3, 2}));
    L::EmbedID defaults(10, 4);
    EXPECT_EQ(defaults.W.shape(), Shape({10, 4}));
    EXPECT_FALSE(defaults.ignore_label.has_value());
}

}  // namespace
}  // namespace cnet
