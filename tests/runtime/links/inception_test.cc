// inception_test.cc — MLPConvolution2D, Inception, InceptionBN: shapes, Chainer's child names (npz keys) and
// the forward pass recomputed from the children.
#include "cnet/links/inception.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/pooling.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_file.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Uniform;

std::vector<std::string> SortedKeys(Link& link) {
    serializers::DictionarySerializer s;
    s.save(link);
    std::vector<std::string> keys = s.target()->files();
    std::sort(keys.begin(), keys.end());
    return keys;
}

TEST(InceptionTest, MLPConvolution2D) {
    const Variable x(Uniform(Shape{2, 3, 8, 8}, -1, 1, Dtype::kFloat32, 1));
    links::MLPConvolution2D mlp(3, {6, 5, 4}, 3, 1, 1);
    const Variable y = mlp(x);
    EXPECT_EQ(y.shape(), (Shape{2, 4, 8, 8}));
    EXPECT_EQ(SortedKeys(mlp), (std::vector<std::string>{"0/W", "0/b", "1/W", "1/b", "2/W", "2/b"}));
    auto conv = [&](int i) { return std::static_pointer_cast<links::Convolution2D>(mlp[i]); };
    const Variable want = (*conv(2))(F::relu((*conv(1))(F::relu((*conv(0))(x)))));
    EXPECT_ALLCLOSE(y.array(), want.array());
    links::MLPConvolution2D lazy(std::vector<int64_t>{4, 2}, 3);  // (out_channels, ksize)
    EXPECT_EQ(lazy(x).shape(), (Shape{2, 2, 6, 6}));
}

TEST(InceptionTest, Inception) {
    const Variable x(Uniform(Shape{2, 4, 6, 6}, -1, 1, Dtype::kFloat32, 2));
    links::Inception inc(4, 2, 3, 4, 2, 3, 5);
    const Variable y = inc(x);
    EXPECT_EQ(y.shape(), (Shape{2, 2 + 4 + 3 + 5, 6, 6}));
    EXPECT_EQ(SortedKeys(inc),
              (std::vector<std::string>{"conv1/W", "conv1/b", "conv3/W", "conv3/b", "conv5/W", "conv5/b", "proj3/W",
                                        "proj3/b", "proj5/W", "proj5/b", "projp/W", "projp/b"}));
    const Variable want =
        F::relu(F::concat({(*inc.conv1)(x), (*inc.conv3)(F::relu((*inc.proj3)(x))),
                           (*inc.conv5)(F::relu((*inc.proj5)(x))), (*inc.projp)(F::max_pooling_2d(x, 3, 1, 1))},
                          1));
    EXPECT_ALLCLOSE(y.array(), want.array());
}

TEST(InceptionTest, InceptionBN) {
    const Variable x(Uniform(Shape{2, 4, 6, 6}, -1, 1, Dtype::kFloat32, 3));
    links::InceptionBN inc(4, 2, 3, 4, 2, 3, "avg", 5);
    EXPECT_EQ(inc(x).shape(), (Shape{2, 2 + 4 + 3 + 5, 6, 6}));
    // Without the 1x1 branch and the pool projection, stride 2: the pooled input passes through.
    links::InceptionBN reduce(4, 0, 3, 4, 2, 3, "max", std::nullopt, 2);
    EXPECT_EQ(reduce(x).shape(), (Shape{2, 4 + 3 + 4, 3, 3}));
    const std::vector<std::string> keys = SortedKeys(reduce);
    EXPECT_TRUE(std::count(keys.begin(), keys.end(), "conv3n/avg_mean"));
    EXPECT_TRUE(std::count(keys.begin(), keys.end(), "conv33b/W"));
    EXPECT_FALSE(std::count(keys.begin(), keys.end(), "conv33b/b"));  // no bias before batch normalization
    EXPECT_FALSE(std::count(keys.begin(), keys.end(), "conv1/W"));
    EXPECT_THROW(links::InceptionBN(4, 2, 3, 4, 2, 3, "sum", 5), ValueError);
}

TEST(InceptionTest, LazyInChannels) {
    // Chainer's GoogLeNet writes L.Inception(None, 64, ...): the input channels come from the first call.
    const Variable x(Uniform(Shape{2, 4, 6, 6}, -1, 1, Dtype::kFloat32, 4));
    links::Inception inc(std::nullopt, 2, 3, 4, 2, 3, 5);
    EXPECT_EQ(inc(x).shape(), (Shape{2, 2 + 4 + 3 + 5, 6, 6}));
    EXPECT_EQ(inc.conv1->W.shape(), (Shape{2, 4, 1, 1}));
    EXPECT_EQ(inc.projp->W.shape(), (Shape{5, 4, 1, 1}));
    links::InceptionBN bn(std::nullopt, 2, 3, 4, 2, 3, "avg", 5);
    EXPECT_EQ(bn(x).shape(), (Shape{2, 2 + 4 + 3 + 5, 6, 6}));
    EXPECT_EQ(bn.proj33->W.shape(), (Shape{2, 4, 1, 1}));
}

}  // namespace
}  // namespace cnet
