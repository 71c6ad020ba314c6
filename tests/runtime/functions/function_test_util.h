// function_test_util.h — helpers shared by the function tests: reference maps computed here in double, and
// inputs kept away from the kinks of piecewise functions (where numerical gradients are meaningless).
#pragma once

#include <cmath>
#include <functional>
#include <vector>

#include "cnet/core/array.h"
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

}  // namespace testing_util
}  // namespace cnet
