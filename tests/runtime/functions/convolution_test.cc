// convolution_test.cc — convolutions: documented shapes (E53-E57), values against a direct loop, gradient
// checks (float64, the reference path), the oneDNN path (float32) against the reference path, and empty batches.
#include "cnet/functions/convolution.h"

#include <gtest/gtest.h>

#include "cnet/core/config.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "convolution_2d, convolution_nd, deconvolution_2d, deconvolution_nd, depthwise_convolution_2d, "
    "dilated_convolution_2d, im2col");
CNET_DOUBLE_BACKWARD_CHECKED(
    "convolution_2d, convolution_nd, deconvolution_2d, deconvolution_nd, depthwise_convolution_2d, "
    "dilated_convolution_2d, im2col");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::ExpectFloat16LikeFloat32;
using testing_util::Uniform;
const Dtype kF32 = Dtype::kFloat32, kF64 = Dtype::kFloat64;

Variable U(const Shape& s, Dtype dtype = kF32, uint64_t seed = 0) { return Variable(Uniform(s, -1, 1, dtype, seed)); }

// The definition, one output element at a time: y[n,o,i,j] = b[o] + sum over the group's input channels
// and the taps of x[n, c, i*s - p + k*d, j*s - p + l*d] * W[o, c - group start, k, l].
Array DirectConvolution(const Array& x, const Array& W, const Array& b, int64_t s, int64_t p, int64_t d, int64_t groups,
                        int64_t oh, int64_t ow) {
    const int64_t N = x.shape()[0], C = x.shape()[1], H = x.shape()[2], Wd = x.shape()[3];
    const int64_t O = W.shape()[0], Cg = W.shape()[1], K = W.shape()[2], L = W.shape()[3], Og = O / groups;
    std::vector<double> y(N * O * oh * ow);
    const std::vector<double> xv = x.astype(kF64).to_vector<double>(), wv = W.astype(kF64).to_vector<double>(),
                              bv = b.astype(kF64).to_vector<double>();
    for (int64_t n = 0; n < N; ++n)
        for (int64_t o = 0; o < O; ++o)
            for (int64_t i = 0; i < oh; ++i)
                for (int64_t j = 0; j < ow; ++j) {
                    double acc = bv[o];
                    for (int64_t c = 0; c < Cg; ++c)
                        for (int64_t k = 0; k < K; ++k)
                            for (int64_t l = 0; l < L; ++l) {
                                const int64_t r = i * s - p + k * d, q = j * s - p + l * d;
                                if (r < 0 || r >= H || q < 0 || q >= Wd) continue;
                                const int64_t xc = (o / Og) * Cg + c;
                                acc += xv[((n * C + xc) * H + r) * Wd + q] * wv[((o * Cg + c) * K + k) * L + l];
                            }
                    y[((n * O + o) * oh + i) * ow + j] = acc;
                }
    return Array::FromVector(y, Shape{N, O, oh, ow});
}

TEST(ConvolutionTest, DocumentedShapes) {
    // E53-E57.
    const Variable x = U({10, 3, 30, 40}), W = U({1, 3, 10, 10}), b = U({1});
    EXPECT_EQ(F::convolution_2d(x, W, b, {5, 7}, {5, 5}).shape(), (Shape{10, 1, 7, 6}));
    EXPECT_EQ(F::convolution_2d(x, W, b, {5, 7}, {5, 5}, true).shape(), (Shape{10, 1, 7, 7}));
    const Variable x3 = U({10, 3, 30, 40, 50}), W3 = U({1, 3, 10, 10, 10});
    EXPECT_EQ(F::convolution_nd(x3, W3, b, {2, 4, 6}, {5, 5, 5}).shape(), (Shape{10, 1, 16, 11, 9}));
    EXPECT_EQ(F::convolution_nd(x3, W3, b, {2, 4, 6}, {5, 5, 5}, true).shape(), (Shape{10, 1, 16, 11, 10}));
    EXPECT_EQ(F::deconvolution_2d(U({10, 1, 5, 10}), U({1, 3, 10, 10}), U({3}), {5, 5}, {5, 5}).shape(),
              (Shape{10, 3, 20, 45}));
    const Variable xd = U({10, 3, 5, 10, 15}), Wd = U({3, 1, 10, 10, 10});
    EXPECT_EQ(F::deconvolution_nd(xd, Wd, Variable(), {2, 4, 6}, 5).shape(), (Shape{10, 1, 8, 36, 84}));
    EXPECT_EQ(F::deconvolution_nd(xd, Wd, Variable(), {2, 4, 6}, 5, {9, 38, 87}).shape(), (Shape{10, 1, 9, 38, 87}));
    EXPECT_EQ(F::depthwise_convolution_2d(U({2, 3, 4, 7}), U({2, 3, 3, 3}), U({6})).shape(), (Shape{2, 6, 2, 5}));
    EXPECT_THROW(F::deconvolution_nd(xd, Wd, Variable(), {2, 4, 6}, 5, {20, 38, 87}), ValueError);
    EXPECT_THROW(F::convolution_2d(U({1, 4, 5, 5}), U({2, 3, 3, 3})), InvalidType);
    EXPECT_THROW(F::convolution_2d(U({1, 4, 5, 5}), U({3, 2, 3, 3}), Variable(), 1, 0, false, 1, 2), InvalidType);
}

TEST(ConvolutionTest, ValuesMatchTheDefinition) {
    struct Case {
        int64_t s, p, d, groups;
        bool cover_all;
    };
    for (const Case& c :
         {Case{1, 0, 1, 1, false}, Case{2, 1, 1, 1, true}, Case{2, 2, 2, 2, false}, Case{3, 1, 1, 3, true}}) {
        for (Dtype dtype : {kF64, kF32}) {
            const Array x = Uniform(Shape{2, 6, 9, 8}, -1, 1, dtype, 1);
            const Array W = Uniform(Shape{6, 6 / c.groups, 3, 2}, -1, 1, dtype, 2),
                        b = Uniform(Shape{6}, -1, 1, dtype, 3);
            const Variable y = F::convolution_2d(x, W, b, c.s, c.p, c.cover_all, c.d, c.groups);
            const Array want = DirectConvolution(x, W, b, c.s, c.p, c.d, c.groups, y.shape()[2], y.shape()[3]);
            EXPECT_ALLCLOSE(y.array().astype(kF64), want, 1e-5, 1e-5);
        }
    }
}

TEST(ConvolutionTest, DeconvolutionIsTheTransposeOfConvolution) {
    // <conv(x, W), g> == <x, deconv(g, W)> for every x, g.
    const Array x = Uniform(Shape{2, 4, 7, 6}, -1, 1, kF64, 1), W = Uniform(Shape{4, 2, 3, 3}, -1, 1, kF64, 2);
    const Variable y = F::convolution_2d(x, W, Variable(), 2, 1, false, 1, 2);
    const Array g = Uniform(y.shape(), -1, 1, kF64, 3);
    const Variable xt = F::deconvolution_2d(g, W, Variable(), 2, 1, {7, 6}, 1, 2);
    EXPECT_NEAR(np::sum(y.array() * g).item<double>(), np::sum(x * xt.array()).item<double>(), 1e-10);
}

TEST(ConvolutionTest, Gradients) {
    struct Case {
        int64_t s, p, d, groups;
        bool cover_all;
    };
    for (const Case& c : {Case{1, 0, 1, 1, false}, Case{2, 1, 1, 2, true}, Case{1, 1, 2, 1, false}}) {
        const Array x = Uniform(Shape{2, 4, 5, 6}, -1, 1, kF64, 1),
                    W = Uniform(Shape{4, 4 / c.groups, 3, 2}, -1, 1, kF64, 2);
        const Array b = Uniform(Shape{4}, -1, 1, kF64, 3);
        auto f = [&](const VarList& v) {
            return VarList{F::convolution_2d(v[0], v[1], v[2], c.s, c.p, c.cover_all, c.d, c.groups)};
        };
        const Shape ys = f({Variable(x), Variable(W), Variable(b)})[0].shape();
        const Array gy = Uniform(ys, -1, 1, kF64, 4);
        check_backward(f, {x, W, b}, {gy});
        check_double_backward(f, {x, W, b}, {gy},
                              {Uniform(x.shape(), -1, 1, kF64, 5), Uniform(W.shape(), -1, 1, kF64, 6),
                               Uniform(b.shape(), -1, 1, kF64, 7)});
    }
}

TEST(ConvolutionTest, OtherConvolutionGradients) {
    auto check = [](const std::function<Variable(const VarList&)>& fn, const std::vector<Array>& in) {
        auto f = [&](const VarList& v) { return VarList{fn(v)}; };
        VarList vars;
        for (const Array& a : in) vars.push_back(Variable(a));
        const Array gy = Uniform(fn(vars).shape(), -1, 1, kF64, 11);
        check_backward(f, in, {gy});
        std::vector<Array> ggx;
        for (size_t i = 0; i < in.size(); ++i) ggx.push_back(Uniform(in[i].shape(), -1, 1, kF64, 20 + i));
        check_double_backward(f, in, {gy}, ggx);
    };
    const Array b3 = Uniform(Shape{3}, -1, 1, kF64, 3);
    check(
        [&](const VarList& v) {
            return F::deconvolution_2d(v[0], v[1], v[2], 2, 1, {8, 7});
        },
        {Uniform(Shape{2, 2, 4, 4}, -1, 1, kF64, 1), Uniform(Shape{2, 3, 3, 2}, -1, 1, kF64, 2), b3});
    check([&](const VarList& v) { return F::deconvolution_2d(v[0], v[1], Variable(), 1, 0, {}, 2, 2); },
          {Uniform(Shape{1, 4, 3, 3}, -1, 1, kF64, 1), Uniform(Shape{4, 1, 2, 2}, -1, 1, kF64, 2)});
    check([&](const VarList& v) { return F::convolution_nd(v[0], v[1], v[2], 2, 1); },
          {Uniform(Shape{2, 2, 7}, -1, 1, kF64, 1), Uniform(Shape{3, 2, 3}, -1, 1, kF64, 2), b3});
    check(
        [&](const VarList& v) {
            return F::convolution_nd(v[0], v[1], v[2], {1, 2, 1}, 1, true);
        },
        {Uniform(Shape{1, 2, 3, 4, 3}, -1, 1, kF64, 1), Uniform(Shape{3, 2, 2, 2, 2}, -1, 1, kF64, 2), b3});
    check(
        [&](const VarList& v) {
            return F::deconvolution_nd(v[0], v[1], v[2], {2, 1, 2}, 0);
        },
        {Uniform(Shape{1, 2, 2, 3, 2}, -1, 1, kF64, 1), Uniform(Shape{2, 3, 2, 2, 2}, -1, 1, kF64, 2), b3});
    check([&](const VarList& v) { return F::depthwise_convolution_2d(v[0], v[1], v[2], 1, 1); },
          {Uniform(Shape{2, 3, 4, 4}, -1, 1, kF64, 1), Uniform(Shape{2, 3, 2, 2}, -1, 1, kF64, 2),
           Uniform(Shape{6}, -1, 1, kF64, 3)});
    check([&](const VarList& v) { return F::dilated_convolution_2d(v[0], v[1], v[2], 1, 1, 2); },
          {Uniform(Shape{1, 2, 6, 5}, -1, 1, kF64, 1), Uniform(Shape{3, 2, 2, 2}, -1, 1, kF64, 2), b3});
    check(
        [&](const VarList& v) {
            return F::im2col(v[0], {2, 3}, 2, 1, true);
        },
        {Uniform(Shape{2, 2, 5, 4}, -1, 1, kF64, 1)});
}

TEST(ConvolutionTest, DepthwiseChannelOrder) {
    // Output channel c*cM + m is input channel c filtered by W[m, c]; with 1x1 taps, y = x * W[m, c].
    const Array x = testing_util::Arange(2 * 2, Shape{1, 2, 1, 2}, kF64);          // channels [0 1], [2 3]
    const Array W = testing_util::Arr({10, 20, 30, 40}, Shape{2, 2, 1, 1}, kF64);  // W[m, c]
    EXPECT_ALLCLOSE(F::depthwise_convolution_2d(x, W).array(),
                    testing_util::Arr({0, 10, 0, 30, 40, 60, 80, 120}, Shape{1, 4, 1, 2}, kF64));
}

TEST(ConvolutionTest, Im2ColLayout) {
    // Chainer's (N, C*kh*kw, oh, ow): channel c, tap (k, l) is row (c*kh + k)*kw + l.
    const Array x = testing_util::Arange(9, Shape{1, 1, 3, 3}, kF64);
    const Array col = F::im2col(x, 2).array();
    EXPECT_EQ(col.shape(), (Shape{1, 4, 2, 2}));
    EXPECT_ALLCLOSE(col, testing_util::Arr({0, 1, 3, 4, 1, 2, 4, 5, 3, 4, 6, 7, 4, 5, 7, 8}, Shape{1, 4, 2, 2}, kF64));
}

// float32 runs on oneDNN unless use_ideep is 'never'; both must agree in every product.
TEST(ConvolutionTest, OneDnnAgreesWithTheReferencePath) {
    struct Case {
        int64_t s, p, d, groups;
        bool cover_all;
    };
    for (const Case& c :
         {Case{1, 0, 1, 1, false}, Case{2, 1, 1, 2, true}, Case{2, 2, 2, 1, false}, Case{3, 0, 1, 1, true}}) {
        const Array x = Uniform(Shape{3, 4, 11, 10}, -1, 1, kF32, 1),
                    W = Uniform(Shape{6, 4 / c.groups, 3, 3}, -1, 1, kF32, 2);
        const Array b = Uniform(Shape{6}, -1, 1, kF32, 3);
        auto run = [&](const char* mode) {
            using_config use(std::string("use_ideep"), mode);
            Variable xv(x), Wv(W), bv(b);
            Variable y = F::convolution_2d(xv, Wv, bv, c.s, c.p, c.cover_all, c.d, c.groups);
            y.set_grad(Uniform(y.shape(), -1, 1, kF32, 4));
            y.backward();
            const Variable z = F::deconvolution_2d(y.array(), W, Variable(), c.s, c.p, {}, c.d, c.groups);
            return std::vector<Array>{y.array(), xv.grad(), Wv.grad(), bv.grad(), z.array()};
        };
        const std::vector<Array> fast = run("auto"), ref = run("never");
        for (size_t i = 0; i < fast.size(); ++i) EXPECT_ALLCLOSE(fast[i], ref[i], 1e-4, 1e-4) << "output " << i;
    }
}

// float16 (AlexFp16): computed in float32 and rounded, on the reference path and on oneDNN, with and without b.
TEST(ConvolutionTest, Float16IsComputedInFloat32) {
    const Array x = Uniform(Shape{2, 4, 7, 6}, -1, 1, kF64, 1), W = Uniform(Shape{6, 2, 3, 3}, -1, 1, kF64, 2);
    const Array b = Uniform(Shape{6}, -1, 1, kF64, 3);
    for (const char* mode : {"auto", "never"}) {
        SCOPED_TRACE(mode);
        using_config use(std::string("use_ideep"), mode);
        ExpectFloat16LikeFloat32([](const VarList& v) { return F::convolution_2d(v[0], v[1], v[2], 2, 1, false, 1, 2); },
                                 {x, W, b});
        ExpectFloat16LikeFloat32([](const VarList& v) { return F::convolution_2d(v[0], v[1], Variable(), 1, 1); },
                                 {x, Uniform(Shape{3, 4, 3, 3}, -1, 1, kF64, 4)});
    }
}

// An empty batch (Chainer and NumPy accept N = 0): (0, Co, o...) outputs and zero weight gradients, on both paths.
// The reference path once divided by N to size its GEMM views (SIGFPE).
TEST(ConvolutionTest, EmptyBatchGivesEmptyOutputsAndZeroWeightGradients) {
    for (const char* mode : {"auto", "never"}) {
        for (Dtype d : {kF32, kF64}) {
            SCOPED_TRACE(std::string(mode) + " " + DtypeName(d));
            using_config use(std::string("use_ideep"), mode);
            Variable x(Array::Zeros(Shape{0, 4, 7, 6}, d)), W(Uniform(Shape{6, 2, 3, 3}, -1, 1, d, 2)),
                b(Uniform(Shape{6}, -1, 1, d, 3));
            Variable y = F::convolution_2d(x, W, b, 2, 1, false, 1, 2);
            EXPECT_EQ(y.shape(), (Shape{0, 6, 4, 3}));
            y.set_grad(Array::Zeros(y.shape(), d));
            y.backward();
            EXPECT_EQ(x.grad().shape(), x.shape());
            EXPECT_ALLCLOSE(W.grad(), Array::Zeros(W.shape(), d), 0, 0);
            EXPECT_ALLCLOSE(b.grad(), Array::Zeros(b.shape(), d), 0, 0);
            const Variable z = F::deconvolution_2d(y, W, Variable(), 2, 1, {7, 6}, 1, 2);
            EXPECT_EQ(z.shape(), (Shape{0, 4, 7, 6}));
        }
    }
}

}  // namespace
}  // namespace cnet
