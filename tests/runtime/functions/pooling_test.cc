// pooling_test.cc — pooling: documented values (E66), values against a direct loop, gradient checks.
#include "cnet/functions/pooling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <limits>

#include "cnet/np/math.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "max_pooling_2d, max_pooling_nd, average_pooling_2d, average_pooling_nd, unpooling_2d, unpooling_nd, "
    "upsampling_2d, spatial_pyramid_pooling_2d, roi_pooling_2d");
CNET_DOUBLE_BACKWARD_CHECKED(
    "max_pooling_2d, max_pooling_nd, average_pooling_2d, average_pooling_nd, unpooling_2d, unpooling_nd, "
    "upsampling_2d, spatial_pyramid_pooling_2d");

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

// Pools one (H, W) plane directly: max (padding -inf) or mean with divisor kh*kw (or the taps inside).
std::vector<double> DirectPool(const std::vector<double>& x, int64_t H, int64_t W, int64_t k, int64_t s, int64_t p,
                               int64_t oh, int64_t ow, bool max, bool exclude_pad) {
    std::vector<double> y;
    for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
            double acc = max ? -std::numeric_limits<double>::infinity() : 0.0, n = 0;
            for (int64_t a = 0; a < k; ++a)
                for (int64_t b = 0; b < k; ++b) {
                    const int64_t r = i * s - p + a, c = j * s - p + b;
                    if (r < 0 || r >= H || c < 0 || c >= W) continue;
                    acc = max ? std::max(acc, x[r * W + c]) : acc + x[r * W + c];
                    n += 1;
                }
            y.push_back(max ? acc : acc / (exclude_pad ? n : double(k * k)));
        }
    return y;
}

TEST(PoolingTest, DocumentedMaxPoolingAndUpsampling) {
    // E66.
    const Array x = Arange(36, Shape{1, 1, 6, 6}) + 1.0;
    const auto [y, indexes] = F::max_pooling_2d(x, 2, 2, 0, true, true);
    EXPECT_ALLCLOSE(y.array(), Arr({8, 10, 12, 20, 22, 24, 32, 34, 36}, Shape{1, 1, 3, 3}));
    EXPECT_EQ(indexes.to_vector<int64_t>(), std::vector<int64_t>(9, 3));
    const Array up = F::upsampling_2d(y, indexes, 2, 2, 0, {6, 6}).array();
    std::vector<double> want(36, 0.0);
    for (int i : {1, 3, 5})
        for (int j : {1, 3, 5}) want[i * 6 + j] = i * 6 + j + 1;
    EXPECT_ALLCLOSE(up, Array::FromVector(want, Shape{1, 1, 6, 6}).astype(Dtype::kFloat32));
}

TEST(PoolingTest, ValuesMatchTheDefinition) {
    const Array x = Uniform(Shape{2, 3, 7, 7}, -1, 1, kF64, 1);
    const std::vector<double> xv = x.to_vector<double>();
    struct Case {
        int64_t k, s, p;
        bool cover_all;
    };
    for (const Case& c : {Case{2, 2, 0, true}, Case{3, 2, 1, true}, Case{3, 2, 1, false}, Case{3, 1, 0, false}}) {
        const Array ymax = F::max_pooling_2d(x, c.k, c.s, c.p, c.cover_all).array();
        const Array yavg = F::average_pooling_2d(x, c.k, c.s, c.p).array();
        const Array yexc = F::average_pooling_nd(x, c.k, c.s, c.p, std::nullopt).array();
        const int64_t oh = ymax.shape()[2], ah = yavg.shape()[2];
        std::vector<double> wmax, wavg, wexc;
        for (int64_t plane = 0; plane < 6; ++plane) {
            const std::vector<double> xp(xv.begin() + plane * 49, xv.begin() + (plane + 1) * 49);
            for (double v : DirectPool(xp, 7, 7, c.k, c.s, c.p, oh, oh, true, false)) wmax.push_back(v);
            for (double v : DirectPool(xp, 7, 7, c.k, c.s, c.p, ah, ah, false, false)) wavg.push_back(v);
            for (double v : DirectPool(xp, 7, 7, c.k, c.s, c.p, ah, ah, false, true)) wexc.push_back(v);
        }
        EXPECT_EQ(ymax.to_vector<double>(), wmax);
        EXPECT_ALLCLOSE(yavg, Array::FromVector(wavg, yavg.shape()));
        EXPECT_ALLCLOSE(yexc, Array::FromVector(wexc, yexc.shape()));
    }
    // stride None is ksize; cover_all rounds the output size up.
    EXPECT_EQ(F::max_pooling_2d(Uniform(Shape{1, 1, 7, 5}), 2).shape(), (Shape{1, 1, 4, 3}));
    EXPECT_EQ(F::max_pooling_2d(Uniform(Shape{1, 1, 7, 5}), 2, {}, 0, false).shape(), (Shape{1, 1, 3, 2}));
    EXPECT_EQ(F::average_pooling_2d(Uniform(Shape{1, 1, 7, 5}), 2).shape(), (Shape{1, 1, 3, 2}));
    EXPECT_EQ(F::spatial_pyramid_pooling_2d(Uniform(Shape{2, 3, 7, 9}), 3).shape(), (Shape{2, 3 * 21, 1, 1}));
    // Chainer's pyramid windows on a 5x5 arange: level 1 is one 5x5 window; level 2 has windows of 3 with stride 3,
    // no padding (half of the remainder 1, rounded down) and cover_all's partial second row and column.
    std::vector<double> ramp(25);
    for (int i = 0; i < 25; ++i) ramp[static_cast<size_t>(i)] = i;
    EXPECT_EQ(F::spatial_pyramid_pooling_2d(Array::FromVector(ramp, Shape{1, 1, 5, 5}), 2).array().to_vector<double>(),
              (std::vector<double>{24, 12, 14, 22, 24}));
}

TEST(PoolingTest, UnpoolingCopiesOverTheWindow) {
    const Array x = Arr({1, 2, 3, 4}, Shape{1, 1, 2, 2}, kF64);
    EXPECT_ALLCLOSE(F::unpooling_2d(x, 2, {}, 0, {}, false).array(),
                    Arr({1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}, Shape{1, 1, 4, 4}, kF64));
    // Overlapping windows (stride 1) add up.
    EXPECT_ALLCLOSE(F::unpooling_2d(x, 2, 1, 0, {}, false).array(),
                    Arr({1, 3, 2, 4, 10, 6, 3, 7, 4}, Shape{1, 1, 3, 3}, kF64));
}

void CheckBoth(const std::function<Variable(const Variable&)>& fn, const Array& x) {
    auto f = [&](const VarList& v) { return VarList{fn(v[0])}; };
    const Array gy = Uniform(fn(Variable(x)).shape(), -1, 1, kF64, 7);
    check_backward(f, {x}, {gy});
    check_double_backward(f, {x}, {gy}, {Uniform(x.shape(), -1, 1, kF64, 8)});
}

// Distinct, well-separated values keep the max of every window away from ties under the finite differences.
Array Separated(const Shape& s, uint64_t seed) {
    std::vector<double> v(s.prod());
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>((i * 37 + seed) % v.size()) * 0.1;
    return Array::FromVector(v, s);
}

TEST(PoolingTest, Gradients) {
    const Array x = Separated(Shape{2, 2, 5, 6}, 3);
    CheckBoth([](const Variable& v) { return F::max_pooling_2d(v, 2); }, x);
    CheckBoth([](const Variable& v) { return F::max_pooling_2d(v, 3, 2, 1); }, x);
    CheckBoth(
        [](const Variable& v) {
            return F::max_pooling_nd(v, {2, 1, 2}, {1, 1, 2}, {1, 0, 1});
        },
        Separated(Shape{1, 2, 3, 2, 4}, 5));
    CheckBoth([](const Variable& v) { return F::average_pooling_2d(v, 3, 2, 1); }, x);
    CheckBoth([](const Variable& v) { return F::average_pooling_nd(v, 2, 1, 1, std::nullopt); },
              Uniform(Shape{1, 2, 3, 4, 3}, -1, 1, kF64, 1));
    CheckBoth([](const Variable& v) { return F::unpooling_2d(v, 3, 2, 1); },
              Uniform(Shape{2, 2, 3, 3}, -1, 1, kF64, 2));
    CheckBoth(
        [](const Variable& v) {
            return F::unpooling_nd(v, 2, 2, 0, {5, 4, 4}, true);
        },
        Uniform(Shape{1, 2, 3, 2, 2}, -1, 1, kF64, 3));
    const auto [y, indexes] = F::max_pooling_2d(x, 2, 2, 0, true, true);
    CheckBoth(
        [&, idx = indexes](const Variable& v) {
            return F::upsampling_2d(v, idx, 2, 2, 0, {5, 6});
        },
        Uniform(y.shape(), -1, 1, kF64, 4));
    CheckBoth([](const Variable& v) { return F::spatial_pyramid_pooling_2d(v, 2); }, Separated(Shape{1, 2, 5, 6}, 9));
    CheckBoth([](const Variable& v) { return F::spatial_pyramid_pooling_2d(v, 2, "average"); }, x);
}

TEST(PoolingTest, RoiPooling) {
    const Array x = Arange(16, Shape{1, 1, 4, 4}, kF64);
    // The whole 4x4 plane in 2x2 bins, then the centre 2x2 in 1x1 bins; coordinates halved by spatial_scale.
    const Array rois = Arr({0, 0, 0, 6, 6, 0, 2, 2, 4, 4}, Shape{2, 5}, kF64);
    const Variable y = F::roi_pooling_2d(x, rois, 2, 2, 0.5);
    EXPECT_ALLCLOSE(y.array(), Arr({5, 7, 13, 15, 5, 6, 9, 10}, Shape{2, 1, 2, 2}, kF64));
    // Gradient: scattered to the argmax pixels (5 gets two contributions).
    const Array xs = Separated(Shape{2, 2, 5, 6}, 1);
    const Array r = Arr({1, 0, 0, 5, 4, 0, 1, 1, 3, 3, 1, 2, 0, 4, 2}, Shape{3, 5}, kF64);
    auto f = [&](const VarList& v) { return VarList{F::roi_pooling_2d(v[0], r, 2, 3, 1.0)}; };
    check_backward(f, {xs}, {Uniform(Shape{3, 2, 2, 3}, -1, 1, kF64, 3)});
    EXPECT_THROW(F::roi_pooling_2d(x, Arr({3, 0, 0, 1, 1}, Shape{1, 5}, kF64), 2, 2, 1.0), IndexError);
}

// float16 (AlexFp16, GoogLeNetBNFp16): computed in float32 and rounded, forward and backward.
TEST(PoolingTest, Float16IsComputedInFloat32) {
    const Array x = Uniform(Shape{2, 3, 7, 8}, -1, 1, kF64, 1);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::max_pooling_2d(v[0], 3, 2); }, {x});
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::max_pooling_2d(v[0], 3, 2, 1); }, {x});
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::average_pooling_2d(v[0], 3, 2, 1); }, {x});
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::average_pooling_2d(v[0], 2); }, {x});
}

// An empty batch: (0, C, o...) outputs and an empty gradient (the plane size was once x.size / (N * C)).
TEST(PoolingTest, EmptyBatch) {
    for (Dtype d : {Dtype::kFloat32, kF64}) {
        SCOPED_TRACE(DtypeName(d));
        Variable x(Array::Zeros(Shape{0, 3, 6, 5}, d));
        for (const Variable& y : {F::max_pooling_2d(x, 2), F::average_pooling_2d(x, 3, 2, 1)}) {
            EXPECT_EQ(y.shape()[0], 0);
            EXPECT_EQ(y.shape()[1], 3);
            x.cleargrad();
            Variable(y).set_grad(Array::Zeros(y.shape(), d));
            Variable(y).backward();
            EXPECT_EQ(x.grad().shape(), x.shape());
        }
    }
}

// Chainer's output size (conv.get_conv_outsize): with cover_all a window larger than the input still gives one
// output; where the size is not positive Chainer asserts, and cnet names the function (values from Chainer 7.8.1).
TEST(PoolingTest, WindowLargerThanTheInput) {
    const Array x = Arange(50, Shape{1, 2, 5, 5});
    EXPECT_ALLCLOSE(F::max_pooling_2d(x, 7).array(), Arr({24, 49}, Shape{1, 2, 1, 1}));
    EXPECT_ALLCLOSE(F::max_pooling_nd(x, 7, 2, 1).array(), Arr({24, 49}, Shape{1, 2, 1, 1}));
    EXPECT_ALLCLOSE(F::average_pooling_nd(x, 7, {}, 3).array(), Arr({144.0 / 49, 544.0 / 49}, Shape{1, 2, 1, 1}));
    auto message = [](const std::function<void()>& f) {
        try {
            f();
        } catch (const ValueError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message([&] { F::max_pooling_2d(x, 7, {}, 0, false); }).rfind("max_pooling_2d: Output sizes should", 0),
              0u);
    EXPECT_EQ(message([&] { F::max_pooling_2d(x, 9, 2); }).rfind("max_pooling_2d: Output sizes", 0), 0u);
    EXPECT_EQ(message([&] { F::average_pooling_2d(x, 7); }).rfind("average_pooling_2d: Output sizes", 0), 0u);
    EXPECT_EQ(message([&] { F::average_pooling_nd(x, 6, 1); }).rfind("average_pooling_nd: Output sizes", 0), 0u);
}

// An outsize that pooling would not bring back to x's shape is Chainer's InvalidType (its exact message).
TEST(PoolingTest, UnpoolingChecksTheOutsize) {
    const Array u = Arange(6, Shape{1, 1, 2, 3});
    auto message = [](const std::function<void()>& f) {
        try {
            f();
        } catch (const InvalidType& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message([&] { F::unpooling_2d(u, 2, {}, 0, {5, 7}); }),
              "Invalid operation is performed in: Unpooling2D (Forward)\nExpect: in_types[0].shape[2] == 3\n"
              "Actual: 2 != 3");
    EXPECT_EQ(message([&] { F::unpooling_2d(u, 2, {}, 0, {4, 7}); }),
              "Invalid operation is performed in: Unpooling2D (Forward)\nExpect: in_types[0].shape[3] == 4\n"
              "Actual: 3 != 4");
    EXPECT_EQ(message([&] { F::unpooling_nd(u, 2, {}, 0, {5, 7}); }),
              "Invalid operation is performed in: UnpoolingND (Forward)\nExpect: in_types[0].shape[2:] == (3, 4)"
              "\nActual: (2, 3) != (3, 4)");
    EXPECT_EQ(F::unpooling_2d(u, 2, {}, 0, {3, 5}, true).shape(), (Shape{1, 1, 3, 5}));
    EXPECT_EQ(F::unpooling_2d(u, 2, {}, 0, {4, 6}, false).shape(), (Shape{1, 1, 4, 6}));
}

}  // namespace
}  // namespace cnet
