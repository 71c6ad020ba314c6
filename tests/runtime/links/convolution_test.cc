// convolution_test.cc — convolution and normalization links: the documented constructor forms (E60),
// BatchNormalization's documented values (G77, G78), train/test modes, running statistics and npz keys.
#include "cnet/functions/convolution.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "cnet/core/config.h"
#include "cnet/links/convolution.h"
#include "cnet/links/normalization.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_file.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;

std::vector<std::string> Keys(Link& link) {
    serializers::DictionarySerializer s;
    s.save(link);
    return s.target()->files();
}

TEST(ConvolutionLinkTest, DocumentedConstructorForms) {
    // E60 on x = arange(300).reshape(1, 3, 10, 10).
    const Variable x(Arange(300, Shape{1, 3, 10, 10}));
    EXPECT_EQ(links::Convolution2D(3, 7, 5).forward(x).shape(), (Shape{1, 7, 6, 6}));
    EXPECT_EQ(links::Convolution2D(7, 5).forward(x).shape(), (Shape{1, 7, 6, 6}));
    EXPECT_EQ(links::Convolution2D(std::nullopt, 7, 5).forward(x).shape(), (Shape{1, 7, 6, 6}));
    EXPECT_EQ(links::Convolution2D(std::nullopt, 7, 5, 1, 0).forward(x).shape(), (Shape{1, 7, 6, 6}));
    EXPECT_EQ(links::DilatedConvolution2D(std::nullopt, 7, 5, 1, 0, 2).forward(x).shape(), (Shape{1, 7, 2, 2}));
    EXPECT_EQ(links::DilatedConvolution2D(7, 5, {}, 1, 0, 2).forward(x).shape(), (Shape{1, 7, 2, 2}));
    EXPECT_EQ(links::Deconvolution2D(3, 7, 4).forward(x).shape(), (Shape{1, 7, 13, 13}));
    EXPECT_EQ(links::Deconvolution2D(7, 4).forward(x).shape(), (Shape{1, 7, 13, 13}));
    EXPECT_EQ(links::Deconvolution2D(std::nullopt, 7, 4, 2, 1).forward(x).shape(), (Shape{1, 7, 20, 20}));
    EXPECT_EQ(links::Deconvolution2D(7, 4, {}, 2, 1).forward(x).shape(), (Shape{1, 7, 20, 20}));
    EXPECT_EQ(links::ConvolutionND(3, 2, 4, 3)
                  .forward(Variable(Uniform(Shape{1, 2, 5, 6, 7}, -1, 1, Dtype::kFloat32)))
                  .shape(),
              (Shape{1, 4, 3, 4, 5}));
    EXPECT_EQ(links::DeconvolutionND(1, 2, 4, 3, 2)
                  .forward(Variable(Uniform(Shape{1, 2, 5}, -1, 1, Dtype::kFloat32)))
                  .shape(),
              (Shape{1, 4, 11}));
    EXPECT_EQ(links::DepthwiseConvolution2D(3, 2, 3).forward(x).shape(), (Shape{1, 6, 8, 8}));
}

TEST(ConvolutionLinkTest, ParametersAndDefaults) {
    links::Convolution2D conv(4, 8, {3, 2}, 1, 0, false, {}, {}, 1, 2);
    EXPECT_EQ(conv.W.shape(), (Shape{8, 2, 3, 2}));
    EXPECT_EQ(conv.b.shape(), (Shape{8}));
    EXPECT_EQ(np::sum(np::absolute(conv.b.array())).item<float>(), 0.0f);  // bias defaults to 0
    EXPECT_EQ(Keys(conv), (std::vector<std::string>{"W", "b"}));
    links::Convolution2D nobias(3, 4, 3, 1, 0, true);
    EXPECT_FALSE(nobias.b.defined());
    EXPECT_EQ(Keys(nobias), (std::vector<std::string>{"W"}));
    // The link computes F.convolution_2d with its parameters.
    const Variable x(Uniform(Shape{2, 4, 5, 5}, -1, 1, Dtype::kFloat32));
    links::Convolution2D grouped(4, 6, 3, 2, 1, false, {}, 0.5, 1, 2);
    EXPECT_EQ(grouped.W.shape(), (Shape{6, 2, 3, 3}));
    EXPECT_ALLCLOSE(grouped.forward(x).array(),
                    functions::convolution_2d(x, grouped.W, grouped.b, 2, 1, false, 1, 2).array());
}

TEST(BatchNormalizationLinkTest, DocumentedTrainModeValues) {
    // G77.
    links::BatchNormalization bn(3);
    const Array a = Arange(12, Shape{4, 3});
    EXPECT_ALLCLOSE(bn.forward(a * a).array(),
                    Arr({-1., -1.0664359, -1.1117983, -0.71428573, -0.6714596, -0.6401263, 0.14285715, 0.19748813,
                         0.23583598, 1.5714287, 1.5404074, 1.5160885},
                        Shape{4, 3}),
                    1e-5, 1e-5);
}

TEST(BatchNormalizationLinkTest, DocumentedParametersAndStatistics) {
    // G78.
    links::BatchNormalization bn(3);
    EXPECT_EQ(bn.avg_mean().shape(), (Shape{3}));
    std::vector<std::string> names;
    for (const auto& [name, p] : bn.namedparams()) names.push_back(name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"/beta", "/gamma"}));
    Array beta = bn.beta.array(), gamma = bn.gamma.array();  // handles on the parameters' memory
    beta += 2.0;
    gamma *= 5.0;
    const Array y = bn.forward(Variable(Uniform(Shape{10, 3, 32, 32}, -3, 3, Dtype::kFloat32, 1))).array();
    const Array mean = np::mean(y, Dims{0, 2, 3}), stdev = np::std(y, Dims{0, 2, 3});
    EXPECT_ALLCLOSE(mean, Arr({2, 2, 2}), 1e-5, 1e-5);
    EXPECT_ALLCLOSE(stdev, Arr({5, 5, 5}), 1e-3, 1e-3);
    links::BatchNormalization bn2(Shape{3, 32, 32});
    EXPECT_EQ(bn2.avg_mean().shape(), (Shape{3, 32, 32}));
    EXPECT_EQ(bn2.forward(Variable(Uniform(Shape{4, 3, 32, 32}, -1, 1, Dtype::kFloat32))).shape(),
              (Shape{4, 3, 32, 32}));
}

TEST(BatchNormalizationLinkTest, RunningStatisticsAndTestMode) {
    links::BatchNormalization bn(2, 0.5);
    const Array x = Arr({1, 10, 3, 20, 5, 30}, Shape{3, 2});
    bn.forward(x);
    // mean (3, 20), unbiased variance (4, 100): avg = 0.5 * init + 0.5 * stat.
    EXPECT_ALLCLOSE(bn.avg_mean(), Arr({1.5, 10}));
    EXPECT_ALLCLOSE(bn.avg_var(), Arr({2.5, 50.5}), 1e-4, 1e-4);
    {
        using_config test_mode("train", false);
        const Array y = bn.forward(x).array();  // fixed: (x - avg_mean) / sqrt(avg_var + eps)
        EXPECT_ALLCLOSE(y, (x - bn.avg_mean()) / np::sqrt(bn.avg_var() + 2e-5), 1e-5, 1e-5);
        EXPECT_ALLCLOSE(bn.avg_mean(), Arr({1.5, 10}));  // unchanged in test mode
    }
    // finetune: decay 1 - 1/N, so the first call replaces the statistics.
    bn.start_finetuning();
    bn.forward(x, true);
    EXPECT_EQ(bn.N(), 1);
    EXPECT_ALLCLOSE(bn.avg_mean(), Arr({3, 20}));
    EXPECT_EQ(Keys(bn), (std::vector<std::string>{"gamma", "beta", "avg_mean", "avg_var", "N"}));
    links::BatchNormalization plain(2, 0.9, 2e-5, Dtype::kFloat32, false, false);
    EXPECT_TRUE(plain.namedparams().empty());
    EXPECT_EQ(Keys(plain), (std::vector<std::string>{"avg_mean", "avg_var", "N"}));
}

TEST(BatchNormalizationLinkTest, LazySize) {
    links::BatchNormalization lazy;  // size None: axis 1 of the first input
    EXPECT_FALSE(lazy.avg_mean().defined());
    EXPECT_FALSE(lazy.gamma.is_initialized());
    serializers::DictionarySerializer before;
    before.save(lazy);
    EXPECT_FALSE(before.target()->at("avg_mean").defined());  // saved as None, as Chainer does
    const Array x = Uniform(Shape{6, 4, 3}, -1, 1, Dtype::kFloat32, 4);
    links::BatchNormalization sized(4);
    EXPECT_ALLCLOSE(lazy.forward(x).array(), sized.forward(x).array());
    EXPECT_EQ(lazy.gamma.shape(), (Shape{4}));
    EXPECT_ALLCLOSE(lazy.avg_var(), sized.avg_var());
}

TEST(BatchNormalizationLinkTest, RenormalizationAndLayerNormalization) {
    // rmax=1, dmax=0 (the defaults) is batch normalization.
    links::BatchRenormalization brn(3);
    links::BatchNormalization bn(3);
    const Array x = Uniform(Shape{5, 3}, -1, 1, Dtype::kFloat32, 3);
    EXPECT_ALLCLOSE(brn.forward(x).array(), bn.forward(x).array(), 1e-5, 1e-5);
    EXPECT_ALLCLOSE(brn.avg_mean(), bn.avg_mean(), 1e-6, 1e-6);
    links::LayerNormalization ln;  // lazy size, eps 1e-6
    const Array y = ln.forward(Variable(x)).array();
    EXPECT_EQ(ln.gamma.shape(), (Shape{3}));
    EXPECT_ALLCLOSE(np::mean(y, 1), Arr({0, 0, 0, 0, 0}), 1e-5, 1e-5);
    EXPECT_EQ(Keys(ln), (std::vector<std::string>{"gamma", "beta"}));
}

}  // namespace
}  // namespace cnet
