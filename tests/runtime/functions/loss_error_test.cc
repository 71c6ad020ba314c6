// loss_error_test.cc — regression losses (mean_squared_error, squared_error, mean_absolute_error,
// absolute_error, huber_loss): values from the definitions, type errors, and gradient checks.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "cnet/core/type_check.h"
#include "cnet/functions/loss.h"
#include "cnet/np/math.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("mean_squared_error, squared_error, mean_absolute_error, absolute_error, huber_loss");
CNET_DOUBLE_BACKWARD_CHECKED("mean_squared_error, squared_error, mean_absolute_error, absolute_error, huber_loss");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::AwayFrom;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;

TEST(LossErrorTest, Values) {
    const Variable a(Arr({1, 2, 3, 4}, Shape{2, 2})), b(Arr({0, 4, 3, 1}, Shape{2, 2}));
    // differences 1, -2, 0, 3
    EXPECT_NEAR(F::mean_squared_error(a, b).array().item<double>(), (1 + 4 + 0 + 9) / 4.0, 1e-6);
    EXPECT_EQ(F::mean_squared_error(a, b).shape(), Shape{});
    EXPECT_EQ(F::mean_squared_error(a, b).dtype(), Dtype::kFloat32);
    EXPECT_ALLCLOSE(F::squared_error(a, b).array(), Arr({1, 4, 0, 9}, Shape{2, 2}));
    EXPECT_NEAR(F::mean_absolute_error(a, b).array().item<double>(), 6 / 4.0, 1e-6);
    EXPECT_ALLCLOSE(F::absolute_error(a, b).array(), Arr({1, 2, 0, 3}, Shape{2, 2}));
    // Huber, delta 1: 0.5 a^2 for |a| <= 1, |a| - 0.5 otherwise; summed over axis 1.
    EXPECT_ALLCLOSE(F::huber_loss(a, b, 1.0).array(), Arr({0.5 + 1.5, 0 + 2.5}));
    EXPECT_ALLCLOSE(F::huber_loss(a, b, 2.0, "no").array(), Arr({0.5, 2, 0, 4}, Shape{2, 2}));
    EXPECT_THROW(F::huber_loss(a, b, 1.0, "mean"), ValueError);
    EXPECT_THROW(F::mean_squared_error(a, Variable(Arr({1, 2}))), InvalidType);
    EXPECT_THROW(F::squared_error(a, Variable(Arr({1, 2, 3, 4}, Shape{2, 2}, kF64))), InvalidType);
    EXPECT_THROW(F::huber_loss(Variable(Arr({1, 2})), Variable(Arr({1, 2})), 1.0), InvalidType);
}

TEST(LossErrorTest, Gradients) {
    using Fn = std::function<Variable(const Variable&, const Variable&)>;
    const std::vector<std::pair<const char*, Fn>> cases = {
        {"mean_squared_error", [](const Variable& a, const Variable& b) { return F::mean_squared_error(a, b); }},
        {"squared_error", [](const Variable& a, const Variable& b) { return F::squared_error(a, b); }},
        {"mean_absolute_error", [](const Variable& a, const Variable& b) { return F::mean_absolute_error(a, b); }},
        {"absolute_error", [](const Variable& a, const Variable& b) { return F::absolute_error(a, b); }},
        {"huber_loss", [](const Variable& a, const Variable& b) { return F::huber_loss(a, b, 0.8); }},
        {"huber_loss_no", [](const Variable& a, const Variable& b) { return F::huber_loss(a, b, 0.8, "no"); }},
    };
    uint64_t seed = 1;
    for (const auto& c : cases) {
        for (const Shape& shape : {Shape{3, 4}, Shape{2, 3, 2}, Shape{4}, Shape{}}) {
            const std::string name = c.first;
            if (name == "huber_loss" && shape.ndim() < 2) continue;  // sums over axis 1
            SCOPED_TRACE(name + " " + shape.ToString());
            const Fn f = c.second;
            auto fn = [f](const VarList& v) { return VarList{f(v[0], v[1])}; };
            const Array x0 = Uniform(shape, -2, 2, kF64, ++seed);
            // Keep x0 - x1 away from the kinks at 0 (absolute) and +-delta (Huber).
            const Array d = AwayFrom(Uniform(shape, -2, 2, kF64, ++seed), {-0.8, 0, 0.8});
            const Array x1 = (x0 - d).astype(kF64);
            const Shape y_shape = f(Variable(x0), Variable(x1)).shape();
            const Array gy = Uniform(y_shape, -1, 1, kF64, ++seed);
            check_backward(fn, {x0, x1}, {gy});
            check_double_backward(fn, {x0, x1}, {gy},
                                  {Uniform(shape, -1, 1, kF64, ++seed), Uniform(shape, -1, 1, kF64, ++seed)});
        }
    }
}

}  // namespace
}  // namespace cnet
