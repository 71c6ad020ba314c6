// function_test_util.h — helpers shared by the function tests: reference maps computed here in double, inputs
// kept away from the kinks of piecewise functions (where numerical gradients are meaningless), and the float16 check.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"
#include "test_util.h"

namespace cnet {
namespace testing_util {

/// f applied elementwise in double; the result is float64 of x's shape.
inline Array RefMap(const Array& x, const std::function<double(double)>& f) {
    std::vector<double> v = x.to_vector<double>();
    for (double& e : v) e = f(e);
    return Array::FromVector(v, x.shape());
}

/// f applied elementwise to two same-shape arrays in double.
inline Array RefMap2(const Array& a, const Array& b, const std::function<double(double, double)>& f) {
    std::vector<double> va = a.to_vector<double>();
    const std::vector<double> vb = b.to_vector<double>();
    for (size_t i = 0; i < va.size(); ++i) va[i] = f(va[i], vb[i]);
    return Array::FromVector(va, a.shape());
}

/// x with every value closer than `margin` to one of `kinks` pushed to kink +- margin (float64).
inline Array AwayFrom(const Array& x, const std::vector<double>& kinks, double margin = 0.05) {
    std::vector<double> v = x.to_vector<double>();
    for (double& e : v) {
        for (double k : kinks) {
            if (std::fabs(e - k) < margin) e = e >= k ? k + margin : k - margin;
        }
    }
    return Array::FromVector(v, x.shape());
}

/// Uniform float64 values in [lo, hi) kept away from `kinks`.
inline Array UniformAway(const Shape& shape, double lo, double hi, const std::vector<double>& kinks, uint64_t seed) {
    return AwayFrom(Uniform(shape, lo, hi, Dtype::kFloat64, seed), kinks);
}

/// f on float16 inputs: float16 outputs, and float16 gradients for the float16 inputs, each equal within `atol` and
/// `rtol` to f on the same values in float32 (float16 is computed in float32 and rounded, Note [float16 in the kernels]
/// in kernels/float32_compute.h). Float inputs are rounded to float16 first, so that both runs start from the same
/// values; other inputs (labels) are passed as they are. The gradients are those of sum(y * gy) for a fixed gy.
inline void ExpectFloat16LikeFloat32(const std::function<Variable(const VarList&)>& f,
                                     const std::vector<Array>& inputs, double atol = 1e-2, double rtol = 1e-2) {
    VarList half, single;
    for (const Array& a : inputs) {
        const bool is_float = IsFloat(a.dtype());
        half.emplace_back(is_float ? a.astype(Dtype::kFloat16) : a, is_float);
        single.emplace_back(is_float ? a.astype(Dtype::kFloat16).astype(Dtype::kFloat32) : a, is_float);
    }
    Variable y16 = f(half), y32 = f(single);
    ASSERT_EQ(y16.dtype(), Dtype::kFloat16);
    ASSERT_EQ(y32.dtype(), Dtype::kFloat32);
    EXPECT_ALLCLOSE(y16.array().astype(Dtype::kFloat64), y32.array().astype(Dtype::kFloat64), atol, rtol);
    const Array gy = Uniform(y16.shape(), -1, 1, Dtype::kFloat16, 99);
    y16.set_grad(gy);
    y32.set_grad(gy.astype(Dtype::kFloat32));
    y16.backward();
    y32.backward();
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!half[i].requires_grad()) continue;
        SCOPED_TRACE("gradient of input " + std::to_string(i));
        ASSERT_TRUE(half[i].grad().defined());
        EXPECT_EQ(half[i].grad().dtype(), Dtype::kFloat16);
        EXPECT_ALLCLOSE(half[i].grad().astype(Dtype::kFloat64), single[i].grad().astype(Dtype::kFloat64), atol, rtol);
    }
}

}  // namespace testing_util
}  // namespace cnet
