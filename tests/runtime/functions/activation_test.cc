// activation_test.cc — activations: forward values against hand-computed ones and the definitions evaluated
// here in double, type errors, and gradient checks (backward and double backward) over several shapes.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/core/threading.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/activation.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "relu, leaky_relu, clipped_relu, elu, selu, hard_sigmoid, crelu, sigmoid, tanh, softplus, swish, softmax, "
    "log_softmax");
CNET_DOUBLE_BACKWARD_CHECKED(
    "relu, leaky_relu, clipped_relu, elu, selu, hard_sigmoid, crelu, sigmoid, tanh, softplus, swish, softmax, "
    "log_softmax");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::RefMap;
using testing_util::RefMap2;
using testing_util::Uniform;
using testing_util::UniformAway;

const Dtype kF64 = Dtype::kFloat64;

double Sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

TEST(ActivationTest, PiecewiseLinearValues) {
    const Variable x(Arr({-3, -1, 0, 0.5, 2, 30}));
    EXPECT_ALLCLOSE(F::relu(x).array(), Arr({0, 0, 0, 0.5, 2, 30}));
    EXPECT_ALLCLOSE(F::leaky_relu(x).array(), Arr({-0.6, -0.2, 0, 0.5, 2, 30}));
    EXPECT_ALLCLOSE(F::leaky_relu(x, 0.5).array(), Arr({-1.5, -0.5, 0, 0.5, 2, 30}));
    EXPECT_ALLCLOSE(F::clipped_relu(x).array(), Arr({0, 0, 0, 0.5, 2, 20}));
    EXPECT_ALLCLOSE(F::clipped_relu(x, 1.0).array(), Arr({0, 0, 0, 0.5, 1, 1}));
    EXPECT_ALLCLOSE(F::hard_sigmoid(x).array(), Arr({0, 0.3, 0.5, 0.6, 0.9, 1}));
    EXPECT_EQ(F::relu(x).dtype(), Dtype::kFloat32);
    EXPECT_EQ(F::relu(Variable(Arr({-1, 2}, kF64))).dtype(), kF64);
}

TEST(ActivationTest, ReluGradientIsTheMask) {
    Variable x(Arr({-2, -0.5, 0.5, 3}, Shape{2, 2}));
    Variable y = F::relu(x);
    y.set_grad(Arr({1, 2, 3, 4}, Shape{2, 2}));
    y.backward();
    EXPECT_ALLCLOSE(x.grad(), Arr({0, 0, 3, 4}, Shape{2, 2}));
}

TEST(ActivationTest, LargeAndStridedInputsMatchTheDefinition) {
    // Large contiguous arrays take the multi-threaded pass, transposed views the strided one.
    const int saved = GetNumThreads();
    SetNumThreads(4);
    const Array xs = Uniform(Shape{512, 300}, -1, 1, kF64, 5);
    const Array gys = Uniform(Shape{512, 300}, -1, 1, kF64, 6);
    const Array x32 = xs.astype(Dtype::kFloat32);
    for (bool strided : {false, true}) {
        const Array x = strided ? xs.transpose() : xs;
        Variable v(strided ? x32.transpose() : x32);
        ASSERT_EQ(v.array().is_contiguous(), !strided);
        Variable y = F::relu(v);
        EXPECT_ALLCLOSE(y.array(), RefMap(x, [](double e) { return e > 0 ? e : 0; }).astype(Dtype::kFloat32));
        const Array g = strided ? gys.transpose() : gys;
        y.set_grad(g.astype(Dtype::kFloat32));
        y.backward();
        EXPECT_ALLCLOSE(v.grad(), RefMap2(x, g, [](double e, double d) { return e > 0 ? d : 0; }).astype(Dtype::kFloat32));
        EXPECT_ALLCLOSE(F::tanh(v).array(), RefMap(x, [](double e) { return std::tanh(e); }).astype(Dtype::kFloat32));
    }
    // Softmax over many rows (split across threads): every row matches the definition.
    const std::vector<double> sm = F::softmax(Variable(xs)).array().to_vector<double>(), xv = xs.to_vector<double>();
    for (int r = 0; r < 512; r += 37) {
        double z = 0;
        for (int c = 0; c < 300; ++c) z += std::exp(xv[r * 300 + c]);
        for (int c = 0; c < 300; c += 29) EXPECT_NEAR(sm[r * 300 + c], std::exp(xv[r * 300 + c]) / z, 1e-12);
    }
    SetNumThreads(saved);
}

TEST(ActivationTest, CReLUValues) {
    const Variable x(Arr({1, -2, 0, 3}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::crelu(x).array(), Arr({1, 0, 0, 2, 0, 3, 0, 0}, Shape{2, 4}));
    EXPECT_ALLCLOSE(F::crelu(x, 0).array(), Arr({1, 0, 0, 3, 0, 2, 0, 0}, Shape{4, 2}));
    EXPECT_ALLCLOSE(F::crelu(x, -1).array(), Arr({1, 0, 0, 2, 0, 3, 0, 0}, Shape{2, 4}));
    EXPECT_THROW(F::crelu(Variable(Arr({1, 2})), 1), InvalidType);
}

TEST(ActivationTest, SmoothValues) {
    const Array xs = Arr({-30, -2, -0.5, 0, 0.7, 3, 40}, kF64);
    const Variable x(xs);
    EXPECT_ALLCLOSE(F::sigmoid(x).array(), RefMap(xs, Sigmoid), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(F::tanh(x).array(), RefMap(xs, [](double v) { return std::tanh(v); }), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(F::elu(x).array(), RefMap(xs, [](double v) { return v >= 0 ? v : std::exp(v) - 1; }), 1e-12,
                    1e-12);
    EXPECT_ALLCLOSE(F::elu(x, 0.5).array(),
                    RefMap(xs, [](double v) { return v >= 0 ? v : 0.5 * (std::exp(v) - 1); }), 1e-12, 1e-12);
    const double a = 1.6732632423543772, s = 1.0507009873554805;
    EXPECT_ALLCLOSE(F::selu(x).array(), RefMap(xs, [&](double v) { return s * (v >= 0 ? v : a * (std::exp(v) - 1)); }),
                    1e-12, 1e-12);
    // softplus: log(1 + exp(beta x)) / beta, finite for large |x|.
    EXPECT_ALLCLOSE(F::softplus(x).array(),
                    Arr({std::log1p(std::exp(-30.0)), std::log1p(std::exp(-2.0)), std::log1p(std::exp(-0.5)),
                         std::log(2.0), std::log1p(std::exp(0.7)), std::log1p(std::exp(3.0)), 40.0},
                        kF64),
                    1e-12, 1e-12);
    EXPECT_ALLCLOSE(F::softplus(x, 2.0).array(), RefMap(xs, [](double v) {
                        return v > 10 ? v : std::log1p(std::exp(2 * v)) / 2;
                    }),
                    1e-12, 1e-12);
    EXPECT_NEAR(F::sigmoid(Variable(Arr({0}))).array().item<double>(), 0.5, 1e-7);
    EXPECT_THROW(F::softplus(x, 0.0), ValueError);
    EXPECT_THROW(F::sigmoid(Variable(Arr({1, 2}, Dtype::kInt32))), InvalidType);
}

TEST(ActivationTest, SwishValues) {
    const Array xs = Arr({-1, 0.5, 2, -3, 1, 0}, Shape{2, 3}, kF64);
    const Array beta = Arr({1, 2, 0.5}, kF64);
    const Array expected = Arr({-1 * Sigmoid(-1), 0.5 * Sigmoid(1), 2 * Sigmoid(1), -3 * Sigmoid(-3), 1 * Sigmoid(2), 0},
                               Shape{2, 3}, kF64);
    EXPECT_ALLCLOSE(F::swish(Variable(xs), Variable(beta)).array(), expected, 1e-12, 1e-12);
    // beta (C,) is broadcast over the trailing axes of x (N, C, H).
    const Array x3 = Uniform(Shape{2, 3, 2}, -2, 2, kF64, 3);
    const Array y3 = F::swish(Variable(x3), Variable(beta)).array();
    const std::vector<double> xv = x3.to_vector<double>(), yv = y3.to_vector<double>(), bv = beta.to_vector<double>();
    for (int i = 0; i < 12; ++i) EXPECT_NEAR(yv[i], xv[i] * Sigmoid(bv[(i / 2) % 3] * xv[i]), 1e-12);
    EXPECT_THROW(F::swish(Variable(xs), Variable(Arr({1, 2}, kF64))), InvalidType);
}

TEST(ActivationTest, SoftmaxValues) {
    const Array xs = Arr({1, 2, 3, -1, 0, 1000}, Shape{2, 3}, kF64);
    const double z = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    const Array sm = F::softmax(Variable(xs)).array();
    const std::vector<double> v = sm.to_vector<double>();
    EXPECT_NEAR(v[0], std::exp(1.0) / z, 1e-12);
    EXPECT_NEAR(v[2], std::exp(3.0) / z, 1e-12);
    EXPECT_NEAR(v[5], 1.0, 1e-12);  // stable for large inputs
    EXPECT_NEAR(v[3], 0.0, 1e-12);
    const std::vector<double> lv = F::log_softmax(Variable(xs)).array().to_vector<double>();
    EXPECT_NEAR(lv[1], 2.0 - std::log(z), 1e-12);
    EXPECT_NEAR(lv[3], -1001.0, 1e-9);
    // axis=0: columns sum to one.
    const std::vector<double> c = F::softmax(Variable(xs), 0).array().to_vector<double>();
    EXPECT_NEAR(c[0] + c[3], 1.0, 1e-12);
    EXPECT_NEAR(c[0], std::exp(1.0) / (std::exp(1.0) + std::exp(-1.0)), 1e-12);
    // Chainer's axis check.
    try {
        F::softmax(Variable(xs), 2);
        FAIL() << "expected InvalidType";
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: Softmax (Forward)\nExpect: 2 < in_types[0].ndim\nActual: 2 >= 2");
    }
}

struct UnaryCase {
    const char* name;
    std::function<Variable(const Variable&)> f;
    double lo, hi;
    std::vector<double> kinks;
};

std::vector<UnaryCase> UnaryCases() {
    return {
        {"relu", [](const Variable& x) { return F::relu(x); }, -2, 2, {0}},
        {"leaky_relu", [](const Variable& x) { return F::leaky_relu(x, 0.3); }, -2, 2, {0}},
        {"clipped_relu", [](const Variable& x) { return F::clipped_relu(x, 1.0); }, -2, 2, {0, 1}},
        {"hard_sigmoid", [](const Variable& x) { return F::hard_sigmoid(x); }, -4, 4, {-2.5, 2.5}},
        {"elu", [](const Variable& x) { return F::elu(x, 0.7); }, -2, 2, {0}},
        {"selu", [](const Variable& x) { return F::selu(x); }, -2, 2, {0}},
        {"sigmoid", [](const Variable& x) { return F::sigmoid(x); }, -3, 3, {}},
        {"tanh", [](const Variable& x) { return F::tanh(x); }, -2, 2, {}},
        {"softplus", [](const Variable& x) { return F::softplus(x); }, -3, 3, {}},
        {"softplus_beta", [](const Variable& x) { return F::softplus(x, 2.0); }, -3, 3, {}},
        {"crelu", [](const Variable& x) { return F::crelu(x, x.ndim() > 1 ? 1 : 0); }, -2, 2, {0}},
        {"softmax", [](const Variable& x) { return F::softmax(x, x.ndim() > 1 ? 1 : 0); }, -2, 2, {}},
        {"log_softmax", [](const Variable& x) { return F::log_softmax(x, x.ndim() > 1 ? 1 : 0); }, -2, 2, {}},
        {"softmax_axis2", [](const Variable& x) { return F::softmax(x, -1); }, -2, 2, {}},
    };
}

TEST(ActivationTest, Gradients) {
    const std::vector<Shape> shapes = {Shape{3, 4}, Shape{}, Shape{2, 3, 2}, Shape{5}};
    uint64_t seed = 100;
    for (const UnaryCase& c : UnaryCases()) {
        for (const Shape& shape : shapes) {
            const std::string name = c.name;
            if (shape.ndim() == 0 && (name.rfind("crelu", 0) == 0 || name.rfind("softmax", 0) == 0 ||
                                      name == "log_softmax"))
                continue;
            SCOPED_TRACE(name + " " + shape.ToString());
            const Array x = UniformAway(shape, c.lo, c.hi, c.kinks, ++seed);
            auto fn = [&c](const VarList& v) { return VarList{c.f(v[0])}; };
            const Shape y_shape = c.f(Variable(x)).shape();
            const Array gy = Uniform(y_shape, -1, 1, kF64, ++seed);
            check_backward(fn, {x}, {gy});
            check_double_backward(fn, {x}, {gy}, {Uniform(shape, -1, 1, kF64, ++seed)});
        }
    }
}

TEST(ActivationTest, SwishGradients) {
    auto fn = [](const VarList& v) { return VarList{F::swish(v[0], v[1])}; };
    for (const auto& shapes : std::vector<std::pair<Shape, Shape>>{{Shape{3, 4}, Shape{4}},
                                                                   {Shape{2, 3, 2}, Shape{3}},
                                                                   {Shape{2, 3, 2}, Shape{3, 2}},
                                                                   {Shape{4, 2}, Shape{}}}) {
        SCOPED_TRACE(shapes.first.ToString());
        const Array x = Uniform(shapes.first, -2, 2, kF64, 1), beta = Uniform(shapes.second, 0.5, 2, kF64, 2);
        const Array gy = Uniform(shapes.first, -1, 1, kF64, 3);
        check_backward(fn, {x, beta}, {gy});
        check_double_backward(fn, {x, beta}, {gy},
                              {Uniform(shapes.first, -1, 1, kF64, 4), Uniform(shapes.second, -1, 1, kF64, 5)});
    }
}

TEST(ActivationTest, Float16IsComputedInFloat32) {
    const Variable x(Arr({-1, 0.5, 2}, Dtype::kFloat16));
    const Variable y = F::sigmoid(x);
    EXPECT_EQ(y.dtype(), Dtype::kFloat16);
    EXPECT_ALLCLOSE(y.array().astype(kF64), RefMap(Arr({-1, 0.5, 2}, kF64), Sigmoid), 1e-3, 1e-3);
    EXPECT_ALLCLOSE(F::relu(x).array().astype(kF64), Arr({0, 0.5, 2}, kF64));
}

}  // namespace
}  // namespace cnet
