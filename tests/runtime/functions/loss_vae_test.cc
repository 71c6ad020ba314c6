// loss_vae_test.cc — gaussian_kl_divergence, gaussian_nll, bernoulli_nll: values from the closed forms computed
// here in double, reduce='sum'/'no', and gradient checks (incl. double backward).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/functions/loss.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("gaussian_kl_divergence, gaussian_nll, bernoulli_nll");
CNET_DOUBLE_BACKWARD_CHECKED("gaussian_kl_divergence, gaussian_nll, bernoulli_nll");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;
const double kPi = 3.14159265358979323846;

double Sum(const Array& a) {
    double s = 0;
    for (double v : a.to_vector<double>()) s += v;
    return s;
}

TEST(LossVaeTest, Values) {
    const Array mean = Arr({0, 1, -0.5}, kF64), ln_var = Arr({0, -1, 0.5}, kF64), x = Arr({0.2, 1, 0}, kF64);
    std::vector<double> kl, nll, bern;
    for (int i = 0; i < 3; ++i) {
        const double m = mean.to_vector<double>()[i], l = ln_var.to_vector<double>()[i], v = x.to_vector<double>()[i];
        kl.push_back(0.5 * (m * m + std::exp(l) - l - 1));
        nll.push_back(0.5 * (l + std::log(2 * kPi)) + 0.5 * (v - m) * (v - m) / std::exp(l));
        const double p = 1 / (1 + std::exp(-l));  // bernoulli_nll(x, y=ln_var)
        bern.push_back(-(v * std::log(p) + (1 - v) * std::log(1 - p)));
    }
    const Array kl_a = Array::FromVector(kl), nll_a = Array::FromVector(nll), bern_a = Array::FromVector(bern);
    EXPECT_ALLCLOSE(F::gaussian_kl_divergence(Variable(mean), Variable(ln_var), "no").array(), kl_a, 1e-12, 1e-12);
    EXPECT_NEAR(F::gaussian_kl_divergence(Variable(mean), Variable(ln_var)).array().item<double>(), Sum(kl_a), 1e-12);
    EXPECT_ALLCLOSE(F::gaussian_nll(Variable(x), Variable(mean), Variable(ln_var), "no").array(), nll_a, 1e-12, 1e-12);
    EXPECT_NEAR(F::gaussian_nll(Variable(x), Variable(mean), Variable(ln_var)).array().item<double>(), Sum(nll_a),
                1e-12);
    EXPECT_ALLCLOSE(F::bernoulli_nll(Variable(x), Variable(ln_var), "no").array(), bern_a, 1e-12, 1e-12);
    EXPECT_NEAR(F::bernoulli_nll(Variable(x), Variable(ln_var)).array().item<double>(), Sum(bern_a), 1e-12);
    // KL of the standard normal with itself is 0; bernoulli_nll is stable for large logits.
    EXPECT_NEAR(F::gaussian_kl_divergence(Variable(Arr({0}, kF64)), Variable(Arr({0}, kF64))).array().item<double>(), 0,
                1e-15);
    EXPECT_NEAR(F::bernoulli_nll(Variable(Arr({1}, kF64)), Variable(Arr({800}, kF64))).array().item<double>(), 0,
                1e-12);
    EXPECT_THROW(F::gaussian_kl_divergence(Variable(mean), Variable(ln_var), "mean"), ValueError);
}

TEST(LossVaeTest, Gradients) {
    uint64_t seed = 1;
    for (const Shape& shape : {Shape{3, 4}, Shape{}, Shape{2, 3, 2}}) {
        for (const char* reduce : {"sum", "no"}) {
            SCOPED_TRACE(shape.ToString() + " " + reduce);
            const Shape y_shape = std::string(reduce) == "sum" ? Shape{} : shape;
            const Array a = Uniform(shape, -1, 1, kF64, ++seed), b = Uniform(shape, -1, 1, kF64, ++seed),
                        c = Uniform(shape, -1, 1, kF64, ++seed);
            const Array gy = Uniform(y_shape, -1, 1, kF64, ++seed);
            auto gg = [&]() { return Uniform(shape, -1, 1, kF64, ++seed); };
            auto kl = [&](const VarList& v) { return VarList{F::gaussian_kl_divergence(v[0], v[1], reduce)}; };
            check_backward(kl, {a, b}, {gy});
            check_double_backward(kl, {a, b}, {gy}, {gg(), gg()});
            auto nll = [&](const VarList& v) { return VarList{F::gaussian_nll(v[0], v[1], v[2], reduce)}; };
            check_backward(nll, {a, b, c}, {gy});
            check_double_backward(nll, {a, b, c}, {gy}, {gg(), gg(), gg()});
            auto bern = [&](const VarList& v) { return VarList{F::bernoulli_nll(v[0], v[1], reduce)}; };
            check_backward(bern, {a, b}, {gy});
            check_double_backward(bern, {a, b}, {gy}, {gg(), gg()});
        }
    }
}

}  // namespace
}  // namespace cnet
