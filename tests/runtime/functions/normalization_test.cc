// normalization_test.cc — normalization: documented values (G77), running statistics, values against
// hand-computed formulas, gradient checks (the fused first-order and the recorded double backward).
#include "cnet/functions/normalization.h"

#include <gtest/gtest.h>

#include <cmath>

#include "cnet/functions/array.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "batch_normalization, fixed_batch_normalization, batch_renormalization, layer_normalization, "
    "local_response_normalization, normalize");
CNET_DOUBLE_BACKWARD_CHECKED(
    "batch_normalization, fixed_batch_normalization, batch_renormalization, layer_normalization, "
    "local_response_normalization, normalize");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::ExpectFloat16LikeFloat32;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(NormalizationTest, DocumentedBatchNormalization) {
    // G77: arange(12).reshape(4,3)**2, gamma 1, beta 0: (x - mean) / sqrt(var + 2e-5), biased variance.
    const Array a = Arange(12, Shape{4, 3});
    const Array x = a * a;
    const Variable y = F::batch_normalization(x, Array::Ones(Shape{3}), Array::Zeros(Shape{3}));
    EXPECT_ALLCLOSE(y.array(),
                    Arr({-1., -1.0664359, -1.1117983, -0.71428573, -0.6714596, -0.6401263, 0.14285715, 0.19748813,
                         0.23583598, 1.5714287, 1.5404074, 1.5160885},
                        Shape{4, 3}),
                    1e-5, 1e-5);
}

TEST(NormalizationTest, RunningStatisticsUseDecayAndTheUnbiasedVariance) {
    const Array x = Uniform(Shape{5, 2, 3}, -1, 1, kF64, 1);
    Array rm = Arr({1, 2}, kF64), rv = Arr({3, 4}, kF64);
    F::batch_normalization(x, Array::Ones(Shape{2}, kF64), Array::Zeros(Shape{2}, kF64), 2e-5, rm, rv, 0.8);
    const std::vector<double> v = x.to_vector<double>();
    for (int c = 0; c < 2; ++c) {
        double s = 0, sq = 0;
        for (int n = 0; n < 5; ++n)
            for (int j = 0; j < 3; ++j) s += v[(n * 2 + c) * 3 + j];
        const double mu = s / 15;
        for (int n = 0; n < 5; ++n)
            for (int j = 0; j < 3; ++j) sq += std::pow(v[(n * 2 + c) * 3 + j] - mu, 2);
        EXPECT_NEAR(rm.at_flat(c), 0.8 * (c + 1) + 0.2 * mu, 1e-12);
        EXPECT_NEAR(rv.at_flat(c), 0.8 * (c + 3) + 0.2 * sq / 14, 1e-9);
    }
}

TEST(NormalizationTest, AxisNormalizesChannelsLast) {
    // axis=(0, 1, 2) on (N, H, W, C) is the default batch normalization of the (N, C, H, W) transpose.
    const Array x = Uniform(Shape{3, 2, 4, 5}, -1, 1, kF64, 5);
    const Array g = Uniform(Shape{5}, 0.5, 1.5, kF64, 6), b = Uniform(Shape{5}, -1, 1, kF64, 7);
    Array rm = Array::Zeros(Shape{5}, kF64), rv = Array::Ones(Shape{5}, kF64);
    Array rm2 = rm.copy(), rv2 = rv.copy();
    const Array y = F::batch_normalization(x, g, b, 2e-5, rm, rv, 0.9, Dims{0, 1, 2}).array();
    const Array want = F::batch_normalization(F::transpose(x, Dims{0, 3, 1, 2}), g, b, 2e-5, rm2, rv2)
                           .array()
                           .transpose(Dims{0, 2, 3, 1});
    EXPECT_ALLCLOSE(y, want, 1e-10, 1e-10);
    EXPECT_ALLCLOSE(rm, rm2, 1e-12, 1e-12);
    EXPECT_ALLCLOSE(rv, rv2, 1e-12, 1e-12);
    auto f = [&](const VarList& v) { return VarList{F::batch_normalization(v[0], v[1], v[2], 2e-5, {}, {}, 0.9, 1)}; };
    gradient_check::check_backward(f,
                                   {Uniform(Shape{2, 3}, -1, 1, kF64, 8), Uniform(Shape{2}, 0.5, 1.5, kF64, 9),
                                    Uniform(Shape{2}, -1, 1, kF64, 10)},
                                   {Uniform(Shape{2, 3}, -1, 1, kF64, 11)});
}

TEST(NormalizationTest, FixedAndLayerNormalizationValues) {
    const Array x = Arr({1, 2, 3, 4, 6, 8}, Shape{2, 3}, kF64);
    const Array gamma = Arr({1, 2, 3}, kF64), beta = Arr({0, 1, 0}, kF64);
    const Array mean = Arr({0, 1, 2}, kF64), var = Arr({1, 4, 9}, kF64);
    const Array y = F::fixed_batch_normalization(x, gamma, beta, mean, var, 0.0).array();
    EXPECT_ALLCLOSE(y, Arr({1, 2, 1, 4, 6, 6}, Shape{2, 3}, kF64));
    // Row [1,2,3]: mean 2, var 2/3; row [4,6,8]: mean 6, var 8/3.
    const Array ln = F::layer_normalization(x, gamma, beta, 0.0).array();
    const double a = 1 / std::sqrt(2.0 / 3), b = 2 / std::sqrt(8.0 / 3);
    EXPECT_ALLCLOSE(ln, Arr({-a, 1, 3 * a, -b, 1, 3 * b}, Shape{2, 3}, kF64));
    // normalize: rows divided by their L2 norm.
    EXPECT_ALLCLOSE(F::normalize(Arr({3, 4, 0, 5}, Shape{2, 2}, kF64), 0.0).array(),
                    Arr({0.6, 0.8, 0, 1}, Shape{2, 2}, kF64));
}

TEST(NormalizationTest, LocalResponseNormalizationWindow) {
    // Channels [1, 2, 3], n=3: sums of squares over c-1..c+1 are 5, 14, 13.
    const Array x = Arr({1, 2, 3}, Shape{1, 3, 1, 1}, kF64);
    const Array y = F::local_response_normalization(x, 3, 1, 0.5, 1).array();
    EXPECT_ALLCLOSE(y, Arr({1 / 3.5, 2 / 8.0, 3 / 7.5}, Shape{1, 3, 1, 1}, kF64));
}

TEST(NormalizationTest, BatchRenormalization) {
    // With running statistics equal to the batch's, r = 1 and d = 0: plain batch normalization.
    const Array x = Uniform(Shape{6, 3}, -1, 1, kF64, 2);
    const Array g = Uniform(Shape{3}, 0.5, 1.5, kF64, 3), b = Uniform(Shape{3}, -1, 1, kF64, 4);
    const Array mu = np::mean(x, 0), var = np::var(x, 0);
    const Array y = F::batch_renormalization(x, g, b, 3.0, 5.0, 2e-5, mu.copy(), var.copy()).array();
    EXPECT_ALLCLOSE(y, F::batch_normalization(x, g, b).array(), 1e-9, 1e-9);
    // Running sigma 4x the batch's: r is clipped to 1/rmax.
    Array rv = var * 16.0 + 15 * 2e-5;
    const Array y2 = F::batch_renormalization(x, g, b, 2.0, 0.0, 2e-5, mu.copy(), rv).array();
    const Array bn = F::batch_normalization(x, g, b).array();
    EXPECT_ALLCLOSE(y2, (bn - b) * 0.5 + b, 1e-9, 1e-9);
}

void Check(const std::function<Variable(const VarList&)>& fn, const std::vector<Array>& in) {
    auto f = [&](const VarList& v) { return VarList{fn(v)}; };
    VarList vars;
    for (const Array& a : in) vars.push_back(Variable(a));
    const Array gy = Uniform(fn(vars).shape(), -1, 1, kF64, 11);
    check_backward(f, in, {gy});
    std::vector<Array> ggx;
    for (size_t i = 0; i < in.size(); ++i) ggx.push_back(Uniform(in[i].shape(), -1, 1, kF64, 20 + i));
    check_double_backward(f, in, {gy}, ggx);
}

TEST(NormalizationTest, Gradients) {
    const auto check = Check;
    const Array x4 = Uniform(Shape{3, 2, 2, 3}, -1, 1, kF64, 1);
    const Array g2 = Uniform(Shape{2}, 0.5, 1.5, kF64, 2), b2 = Uniform(Shape{2}, -1, 1, kF64, 3);
    check([](const VarList& v) { return F::batch_normalization(v[0], v[1], v[2]); }, {x4, g2, b2});
    // Channel dims given by a 2-d gamma.
    check([](const VarList& v) { return F::batch_normalization(v[0], v[1], v[2]); },
          {Uniform(Shape{4, 2, 3}, -1, 1, kF64, 4), Uniform(Shape{2, 3}, 0.5, 1.5, kF64, 5),
           Uniform(Shape{2, 3}, -1, 1, kF64, 6)});
    check([](const VarList& v) { return F::fixed_batch_normalization(v[0], v[1], v[2], v[3], v[4]); },
          {x4, g2, b2, Uniform(Shape{2}, -1, 1, kF64, 7), Uniform(Shape{2}, 0.5, 1.5, kF64, 8)});
    // Running statistics far from the batch clip r and d, which are then constant, as the gradient treats them.
    const Array rm = Uniform(Shape{2}, 4, 5, kF64, 9), rv = Uniform(Shape{2}, 0.01, 0.02, kF64, 10);
    check(
        [&](const VarList& v) {
            return F::batch_renormalization(v[0], v[1], v[2], 1.5, 0.1, 2e-5, rm.copy(), rv.copy());
        },
        {x4, g2, b2});
    check([](const VarList& v) { return F::layer_normalization(v[0], v[1], v[2]); },
          {Uniform(Shape{3, 4}, -1, 1, kF64, 12), Uniform(Shape{4}, 0.5, 1.5, kF64, 13),
           Uniform(Shape{4}, -1, 1, kF64, 14)});
    check([](const VarList& v) { return F::local_response_normalization(v[0], 3); },
          {Uniform(Shape{2, 4, 2, 2}, -1, 1, kF64, 15)});
    check([](const VarList& v) { return F::normalize(v[0]); }, {Uniform(Shape{3, 4}, 0.5, 1, kF64, 16)});
}

// float16 (GoogLeNetBNFp16's BatchNormalization(dtype=float16), AlexFp16's LRN): computed in float32 and rounded;
// the running statistics stay float16, as Chainer's avg_mean and avg_var.
TEST(NormalizationTest, Float16IsComputedInFloat32) {
    const Array x = Uniform(Shape{4, 3, 2, 2}, -1, 1, kF64, 1);
    const Array gamma = Uniform(Shape{3}, 0.5, 1.5, kF64, 2), beta = Uniform(Shape{3}, -1, 1, kF64, 3);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::batch_normalization(v[0], v[1], v[2]); },
                             {x, gamma, beta});
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::local_response_normalization(v[0], 3, 1, 0.5); },
                             {x});

    Array mean16 = Array::Zeros(Shape{3}, Dtype::kFloat16), var16 = Array::Ones(Shape{3}, Dtype::kFloat16);
    Array mean32 = Array::Zeros(Shape{3}, Dtype::kFloat32), var32 = Array::Ones(Shape{3}, Dtype::kFloat32);
    const Array x16 = x.astype(Dtype::kFloat16), g16 = gamma.astype(Dtype::kFloat16), b16 = beta.astype(Dtype::kFloat16);
    F::batch_normalization(x16, g16, b16, 2e-5, mean16, var16);
    F::batch_normalization(x16.astype(Dtype::kFloat32), g16.astype(Dtype::kFloat32), b16.astype(Dtype::kFloat32), 2e-5,
                           mean32, var32);
    EXPECT_EQ(mean16.dtype(), Dtype::kFloat16);
    EXPECT_EQ(var16.dtype(), Dtype::kFloat16);
    EXPECT_ALLCLOSE(mean16.astype(kF64), mean32.astype(kF64), 1e-3, 1e-2);
    EXPECT_ALLCLOSE(var16.astype(kF64), var32.astype(kF64), 1e-3, 1e-2);
}

}  // namespace
}  // namespace cnet
