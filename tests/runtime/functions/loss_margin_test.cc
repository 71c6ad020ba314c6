// loss_margin_test.cc — hinge, contrastive and triplet: values from the definitions computed here in double,
// the reduce options, and gradient checks (labels are captured constants).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cnet/core/type_check.h"
#include "cnet/functions/loss.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("hinge, contrastive, triplet");
CNET_DOUBLE_BACKWARD_CHECKED("hinge, contrastive, triplet");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::AwayFrom;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;
const Dtype kI32 = Dtype::kInt32;

TEST(LossMarginTest, HingeValues) {
    // x (2, 3), t = (0, 2): L1 terms max(0, 1 - d x) with d = +1 at the label, -1 elsewhere.
    const Variable x(Arr({0.5, -2, 0.3, 1.5, 0.1, -0.4}, Shape{2, 3}, kF64));
    const Array t = Arr({0, 2}, kI32);
    // row 0: [1-0.5, max(0,1-2), 1+0.3] = [0.5, 0, 1.3]; row 1: [2.5, 1.1, 1.4]
    EXPECT_ALLCLOSE(F::hinge(x, t, "L1", "no").array(), Arr({0.5, 0, 1.3, 2.5, 1.1, 1.4}, Shape{2, 3}, kF64));
    EXPECT_NEAR(F::hinge(x, t).array().item<double>(), (0.5 + 1.3 + 2.5 + 1.1 + 1.4) / 2, 1e-12);
    EXPECT_NEAR(F::hinge(x, t, "L2").array().item<double>(),
                (0.25 + 1.69 + 6.25 + 1.21 + 1.96) / 2, 1e-12);
    EXPECT_THROW(F::hinge(x, t, "L3"), ValueError);
    EXPECT_THROW(F::hinge(x, t, "L1", "sum"), ValueError);
    EXPECT_THROW(F::hinge(x, Arr({0, 1}, kF64)), InvalidType);
}

TEST(LossMarginTest, ContrastiveValues) {
    const Variable x0(Arr({0, 0, 1, 1}, Shape{2, 2}, kF64)), x1(Arr({3, 4, 1, 1.5}, Shape{2, 2}, kF64));
    // d = (5, 0.5). y = (1, 0): 0.5 * 25; 0.5 * max(1 - 0.5, 0)^2 = 0.125.
    const Array y = Arr({1, 0}, kI32);
    EXPECT_ALLCLOSE(F::contrastive(x0, x1, y, 1.0, "no").array(), Arr({12.5, 0.125}, kF64));
    EXPECT_NEAR(F::contrastive(x0, x1, y).array().item<double>(), (12.5 + 0.125) / 2, 1e-12);
    EXPECT_ALLCLOSE(F::contrastive(x0, x1, Arr({0, 1}, kI32), 2.0, "no").array(), Arr({0, 0.125}, kF64));
    EXPECT_THROW(F::contrastive(x0, x1, y, -1.0), ValueError);
}

TEST(LossMarginTest, TripletValues) {
    const Variable a(Arr({0, 0, 1, 1}, Shape{2, 2}, kF64)), p(Arr({1, 0, 1, 1}, Shape{2, 2}, kF64)),
        n(Arr({0, 0.5, 3, 1}, Shape{2, 2}, kF64));
    // |a-p|^2 = (1, 0); |a-n|^2 = (0.25, 4): max(1 - 0.25 + 0.2, 0) = 0.95, max(0 - 4 + 0.2, 0) = 0.
    EXPECT_ALLCLOSE(F::triplet(a, p, n, 0.2, "no").array(), Arr({0.95, 0}, kF64));
    EXPECT_NEAR(F::triplet(a, p, n).array().item<double>(), 0.475, 1e-12);
    EXPECT_THROW(F::triplet(a, p, n, 0.0), ValueError);
}

TEST(LossMarginTest, HingeGradients) {
    const Array t = Arr({0, 2, 3, 1, 2}, kI32);
    // Keep 1 +- x away from the hinge at 0.
    const Array x = AwayFrom(Uniform(Shape{5, 4}, -2, 2, kF64, 1), {-1, 1});
    for (const char* norm : {"L1", "L2"}) {
        for (const char* reduce : {"mean", "no"}) {
            SCOPED_TRACE(std::string(norm) + " " + reduce);
            auto fn = [&](const VarList& v) { return VarList{F::hinge(v[0], t, norm, reduce)}; };
            const Array gy = Uniform(std::string(reduce) == "mean" ? Shape{} : Shape{5, 4}, -1, 1, kF64, 2);
            check_backward(fn, {x}, {gy});
            check_double_backward(fn, {x}, {gy}, {Uniform(x.shape(), -1, 1, kF64, 3)});
        }
    }
}

TEST(LossMarginTest, ContrastiveGradients) {
    const Array y = Arr({1, 0, 0, 1, 0}, kI32);
    const Array x0 = Uniform(Shape{5, 3}, -1, 1, kF64, 4), x1 = Uniform(Shape{5, 3}, -1, 1, kF64, 5);
    for (double margin : {1.0, 2.5}) {
        for (const char* reduce : {"mean", "no"}) {
            SCOPED_TRACE(std::string(reduce) + " margin " + std::to_string(margin));
            auto fn = [&](const VarList& v) { return VarList{F::contrastive(v[0], v[1], y, margin, reduce)}; };
            const Array gy = Uniform(std::string(reduce) == "mean" ? Shape{} : Shape{5}, -1, 1, kF64, 6);
            check_backward(fn, {x0, x1}, {gy});
            check_double_backward(fn, {x0, x1}, {gy},
                                  {Uniform(x0.shape(), -1, 1, kF64, 7), Uniform(x0.shape(), -1, 1, kF64, 8)});
        }
    }
}

TEST(LossMarginTest, TripletGradients) {
    const Array a = Uniform(Shape{6, 3}, -1, 1, kF64, 9), p = Uniform(Shape{6, 3}, -1, 1, kF64, 10),
                n = Uniform(Shape{6, 3}, -1, 1, kF64, 11);
    // Skip the check if a sample sits near the hinge (|margin + dp - dn| small).
    for (const char* reduce : {"mean", "no"}) {
        SCOPED_TRACE(reduce);
        auto fn = [&](const VarList& v) { return VarList{F::triplet(v[0], v[1], v[2], 0.5, reduce)}; };
        const std::vector<double> h = F::triplet(Variable(a), Variable(p), Variable(n), 0.5, "no").array().to_vector<double>();
        ASSERT_GT(*std::max_element(h.begin(), h.end()), 0.0);  // some samples are active
        const Array gy = Uniform(std::string(reduce) == "mean" ? Shape{} : Shape{6}, -1, 1, kF64, 12);
        check_backward(fn, {a, p, n}, {gy});
        check_double_backward(fn, {a, p, n}, {gy},
                              {Uniform(a.shape(), -1, 1, kF64, 13), Uniform(a.shape(), -1, 1, kF64, 14),
                               Uniform(a.shape(), -1, 1, kF64, 15)});
    }
}

}  // namespace
}  // namespace cnet
