// native_test.cc — @elementwise kernels (native_kernels.cnet, emitted by `cnetc kernel --runtime-glue`): forward
// values computed by hand, the derived backward and double backward against numerical gradients
// (testing/gradient_check.h) over several shapes with broadcasting and 0-d inputs, and the refusal past the
// derived orders.
#include <gtest/gtest.h>

#include <cmath>

#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/np/creation.h"
#include "cnet/testing/gradient_check.h"
#include "native_kernels.h"

namespace cnet {
namespace {

using gradient_check::check_backward;
using gradient_check::check_double_backward;
using user_kernels::ApplyNative;
using user_kernels::NativeKernel;

Array Uniform(const Shape& shape, double lo, double hi, uint64_t seed) {
    std::vector<double> v(static_cast<size_t>(shape.prod()));
    uint64_t s = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (double& x : v) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        x = lo + (hi - lo) * static_cast<double>(s >> 11) / static_cast<double>(1ULL << 53);
    }
    return Array::FromVector(v, shape);
}

gradient_check::ForwardFn Fn(const NativeKernel& k) {
    return [&k](const VarList& xs) {
        std::vector<user_kernels::NativeArg> args(xs.begin(), xs.end());
        const std::vector<Variable> ys = ApplyNative(k, args);
        return VarList(ys.begin(), ys.end());
    };
}

/// Backward and double backward of `k` with inputs of `shapes` (broadcast together to `out`).
void CheckGrads(const NativeKernel& k, const std::vector<Shape>& shapes, const Shape& out, double lo, double hi) {
    std::vector<Array> xs, gxx;
    uint64_t seed = 1;
    for (const Shape& s : shapes) {
        xs.push_back(Uniform(s, lo, hi, seed++));
        gxx.push_back(Uniform(s, -1, 1, seed++));
    }
    std::vector<Array> gys;
    for (std::size_t j = 0; j < k.spec.out.size(); ++j) gys.push_back(Uniform(out, -1, 1, seed++));
    gradient_check::CheckOptions opts;
    opts.atol = 1e-6;
    opts.rtol = 1e-5;
    check_backward(Fn(k), xs, gys, {}, opts);
    check_double_backward(Fn(k), xs, gys, gxx, {}, opts);
}

TEST(NativeKernel, ForwardValues) {
    const Array x = Array::FromVector(std::vector<double>{1, 2, 3});
    const Array y = Array::FromVector(std::vector<double>{4, 5, 6});
    const Variable w = ApplyNative(cnet_kernels::muladd_native(), {x, y, 1.0})[0];
    EXPECT_EQ(w.array().to_vector<double>(), (std::vector<double>{5, 11, 19}));
    const std::vector<Variable> g = ApplyNative(cnet_kernels::gates_native(), {x, y, x});
    const std::vector<double> h = g[0].array().to_vector<double>(), c = g[1].array().to_vector<double>();
    for (int i = 0; i < 3; ++i) {
        const double a = i + 1.0, b = i + 4.0;
        EXPECT_NEAR(h[i], 1 / (1 + std::exp(-a)) * std::tanh(b) + a, 1e-12);
        EXPECT_DOUBLE_EQ(c[i], b * b / 2);  // a <= b everywhere
    }
    // float32 in, float32 out (T bound to float32; the scalar takes that type).
    const Array xf = x.astype(Dtype::kFloat32);
    const Variable s = ApplyNative(cnet_kernels::smooth_native(), {xf, 2.0})[0];
    EXPECT_EQ(s.dtype(), Dtype::kFloat32);
    EXPECT_NEAR(s.array().to_vector<float>()[0], 1 + std::log1p(std::exp(-2.0)) / 2, 1e-6);
}

TEST(NativeKernel, BackwardAndDoubleBackwardMatchNumericalGradients) {
    CheckGrads(cnet_kernels::muladd_native(), {Shape{3, 4}, Shape{3, 4}, Shape{3, 4}}, Shape{3, 4}, -2, 2);
    CheckGrads(cnet_kernels::muladd_native(), {Shape{2, 3}, Shape{3}, Shape{}}, Shape{2, 3}, -2, 2);  // broadcasting
    CheckGrads(cnet_kernels::expadd_native(), {Shape{5}, Shape{5}}, Shape{5}, -1, 1);
    CheckGrads(cnet_kernels::expadd_native(), {Shape{}, Shape{}}, Shape{}, -1, 1);  // 0-d
    CheckGrads(cnet_kernels::smooth_native(), {Shape{4, 3}, Shape{1}}, Shape{4, 3}, 0.3, 2);
    CheckGrads(cnet_kernels::smooth_native(), {Shape{6}, Shape{6}}, Shape{6}, -2, -0.3);
    CheckGrads(cnet_kernels::gates_native(), {Shape{2, 5}, Shape{2, 5}, Shape{5}}, Shape{2, 5}, -1.5, 1.5);
    CheckGrads(cnet_kernels::powers_native(), {Shape{7}, Shape{7}}, Shape{7}, 0.5, 2);
}

TEST(NativeKernel, TrainsThroughALossWithOtherFunctions) {
    // d/dx sum((x*y + 1)^2) = 2 (x*y + 1) y, through F's ops around the kernel.
    const Variable x(Array::FromVector(std::vector<double>{1, 2, 3}));
    const Variable y(Array::FromVector(std::vector<double>{4, 5, 6}));
    const Variable w = ApplyNative(cnet_kernels::muladd_native(), {x, y, 1.0})[0];
    functions::sum(w * w).backward();
    EXPECT_EQ(x.grad().to_vector<double>(), (std::vector<double>{40, 110, 228}));
    EXPECT_EQ(y.grad().to_vector<double>(), (std::vector<double>{10, 44, 114}));
}

TEST(NativeKernel, ThirdOrderIsRefusedByName) {
    EXPECT_EQ(cnet_kernels::expadd_native().grad->grad->grad, nullptr);
    const Variable x(Array::FromVector(std::vector<double>{0.5}));
    const Variable gy(Array::FromVector(std::vector<double>{1.0}));
    // Differentiate the order-2 kernel: its node's backward has nothing left to apply.
    const Variable g2 = ApplyNative(*cnet_kernels::expadd_native().grad->grad, {x, x, gy, gy, gy})[0];
    try {
        functions::sum(g2).backward();
        FAIL() << "expected ValueError";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(),
                     "@elementwise kernel 'expadd_grad_grad': its derivative of order 3 is not available (cnetc derives "
                     "the backward and the double backward)");
    }
}

}  // namespace
}  // namespace cnet
