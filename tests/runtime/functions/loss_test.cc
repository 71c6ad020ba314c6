// loss_test.cc — softmax_cross_entropy and sigmoid_cross_entropy: documented values (F67, F68), every option
// against losses computed here from the definitions, gradient checks, and the single-backprop guard.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/core/function_node.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/reduction.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("softmax_cross_entropy, sigmoid_cross_entropy");
CNET_DOUBLE_BACKWARD_CHECKED("softmax_cross_entropy, sigmoid_cross_entropy");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::ExpectFloat16LikeFloat32;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;
const Dtype kI32 = Dtype::kInt32;

// Per-sample -log(softmax(x)[t]) * w[t] over axis 1 of x (N, C, ...), 0 where t == ignore; naive, in double.
std::vector<double> RefSceLosses(const Array& x, const std::vector<int64_t>& t, const std::vector<double>& w,
                                 int64_t ignore) {
    const std::vector<double> xv = x.to_vector<double>();
    const int64_t n = x.shape()[0], c = x.shape()[1], u = x.size() / (n * c);
    std::vector<double> out(n * u, 0.0);
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < u; ++j) {
            const int64_t label = t[i * u + j];
            if (label == ignore) continue;
            double s = 0;
            for (int64_t k = 0; k < c; ++k) s += std::exp(xv[(i * c + k) * u + j]);
            out[i * u + j] = -(xv[(i * c + label) * u + j] - std::log(s)) * (w.empty() ? 1.0 : w[label]);
        }
    }
    return out;
}

double RefMean(const std::vector<double>& losses, const std::vector<int64_t>& t, int64_t ignore, bool normalize,
               int64_t n) {
    double total = 0;
    int64_t count = 0;
    for (size_t i = 0; i < losses.size(); ++i) {
        total += losses[i];
        count += t[i] != ignore;
    }
    return total / static_cast<double>(std::max<int64_t>(normalize ? count : n, 1));
}

Array Labels(const std::vector<int64_t>& t, const Shape& shape) {
    return Array::FromVector(t, shape).astype(kI32);
}

TEST(SoftmaxCrossEntropyTest, DocumentedValueAndGradient) {
    // Acceptance F67.
    Variable x(Arr({-1, 0, 1, 2, 2, 0, 1, -1}, Shape{2, 4}));
    const Array t = Arr({3, 0}, kI32);
    Variable loss = F::softmax_cross_entropy(x, t);
    EXPECT_EQ(loss.shape(), Shape{});
    EXPECT_EQ(loss.dtype(), Dtype::kFloat32);
    EXPECT_NEAR(loss.array().item<double>(), 0.44018972, 1e-7);
    const std::vector<double> ref = RefSceLosses(x.array(), {3, 0}, {}, -1);
    EXPECT_NEAR(loss.array().item<double>(), (ref[0] + ref[1]) / 2, 1e-6);
    // gx = (softmax(x) - onehot(t)) / N
    loss.backward();
    const std::vector<double> xv = x.array().to_vector<double>();
    std::vector<double> expected(8);
    for (int i = 0; i < 2; ++i) {
        double s = 0;
        for (int k = 0; k < 4; ++k) s += std::exp(xv[i * 4 + k]);
        for (int k = 0; k < 4; ++k) expected[i * 4 + k] = (std::exp(xv[i * 4 + k]) / s - (k == (i == 0 ? 3 : 0))) / 2;
    }
    EXPECT_ALLCLOSE(x.grad(), Array::FromVector(expected, Shape{2, 4}).astype(Dtype::kFloat32), 1e-6, 1e-5);
}

struct SceCase {
    Shape x_shape;
    std::vector<int64_t> t;
    bool normalize;
    std::vector<double> class_weight;
    int64_t ignore_label;
    bool cache_score;
};

std::vector<SceCase> SceCases() {
    return {
        {Shape{5, 4}, {0, 3, -1, 2, 1}, true, {}, -1, true},
        {Shape{5, 4}, {0, 3, -1, 2, 1}, false, {}, -1, false},
        {Shape{5, 4}, {0, 3, 2, 2, 1}, true, {0.5, 2.0, 1.5, 1.0}, 2, true},
        {Shape{4, 3}, {-1, -1, -1, -1}, true, {}, -1, true},  // everything ignored: 0
        {Shape{2, 3, 4}, {0, 1, 2, -1, 2, 2, 0, 1}, true, {}, -1, true},
        {Shape{2, 3, 2, 2}, {1, 0, -1, 2, 2, 1, 0, 0}, false, {1.0, 0.5, 2.0}, -1, false},
        {Shape{3, 5, 1}, {4, 0, 2}, true, {}, -1, true},
    };
}

Array TargetsOf(const SceCase& c) {
    Shape t_shape(c.x_shape.begin(), c.x_shape.end());
    t_shape.erase(1);
    return Labels(c.t, t_shape);
}

Array WeightsOf(const SceCase& c) { return c.class_weight.empty() ? Array() : Array::FromVector(c.class_weight); }

TEST(SoftmaxCrossEntropyTest, OptionsMatchTheDefinition) {
    for (const SceCase& c : SceCases()) {
        SCOPED_TRACE(c.x_shape.ToString());
        const Array x = Uniform(c.x_shape, -3, 3, kF64, 11), t = TargetsOf(c), w = WeightsOf(c);
        const std::vector<double> ref = RefSceLosses(x, c.t, c.class_weight, c.ignore_label);
        for (bool db : {false, true}) {
            const Variable mean = F::softmax_cross_entropy(x, t, c.normalize, c.cache_score, w, c.ignore_label,
                                                           "mean", db);
            EXPECT_NEAR(mean.array().item<double>(), RefMean(ref, c.t, c.ignore_label, c.normalize, c.x_shape[0]),
                        1e-12);
            const Variable each = F::softmax_cross_entropy(x, t, c.normalize, c.cache_score, w, c.ignore_label, "no", db);
            EXPECT_ALLCLOSE(each.array(), Array::FromVector(ref, t.shape()), 1e-12, 1e-12);
        }
    }
}

TEST(SoftmaxCrossEntropyTest, Float16AndInt64Labels) {
    const Array x = Uniform(Shape{3, 4}, -2, 2, kF64, 3);
    const Array t = Arr({1, 3, 0}, Dtype::kInt64);
    const double expected = F::softmax_cross_entropy(x, t).array().item<double>();
    const Variable half = F::softmax_cross_entropy(x.astype(Dtype::kFloat16), t);
    EXPECT_EQ(half.dtype(), Dtype::kFloat16);
    EXPECT_NEAR(half.array().item<double>(), expected, 2e-3);
}

// The kernels read int32 and int64 labels as they are: both give
// the same losses and gradients, on (N, C) rows and on (N, C, U) blocks, with an ignored label.
TEST(SoftmaxCrossEntropyTest, EveryLabelDtypeGivesTheSameLossAndGradient) {
    for (const Shape& shape : {Shape{4, 3}, Shape{2, 3, 2}}) {
        const Array x = Uniform(shape, -2, 2, kF64, 5);
        const Array t64 = Arr({2, 0, -1, 1}, shape.ndim() == 2 ? Shape{4} : Shape{2, 2}, Dtype::kInt64);
        for (bool reduce_mean : {true, false}) {
            auto run = [&](Dtype label_dtype) {
                Variable xv(x.copy());
                Variable loss = F::softmax_cross_entropy(xv, Variable(t64.astype(label_dtype), false), true, true,
                                                         Array(), -1, reduce_mean ? "mean" : "no");
                F::sum(loss).backward();
                return std::make_pair(loss.array(), xv.grad());
            };
            const auto [loss64, grad64] = run(Dtype::kInt64);
            const auto [loss32, grad32] = run(Dtype::kInt32);
            EXPECT_EQ(loss32.to_vector<double>(), loss64.to_vector<double>());
            EXPECT_EQ(grad32.to_vector<double>(), grad64.to_vector<double>());
        }
    }
}

// The float16 gradient (the models' loss.backward()): float16, the float32 gradient rounded.
TEST(SoftmaxCrossEntropyTest, Float16Gradient) {
    const Array x = Uniform(Shape{3, 4}, -2, 2, kF64, 3);
    const Array t = Arr({1, 3, 0}, Dtype::kInt32);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::softmax_cross_entropy(v[0], v[1]); }, {x, t});
}

TEST(SoftmaxCrossEntropyTest, Gradients) {
    for (const SceCase& c : SceCases()) {
        SCOPED_TRACE(c.x_shape.ToString());
        const Array x = Uniform(c.x_shape, -2, 2, kF64, 21), t = TargetsOf(c), w = WeightsOf(c);
        for (bool db : {false, true}) {
            auto mean = [&](const VarList& v) {
                return VarList{F::softmax_cross_entropy(v[0], t, c.normalize, c.cache_score, w, c.ignore_label,
                                                        "mean", db)};
            };
            auto each = [&](const VarList& v) {
                return VarList{F::softmax_cross_entropy(v[0], t, c.normalize, c.cache_score, w, c.ignore_label,
                                                        "no", db)};
            };
            check_backward(mean, {x}, {Uniform(Shape{}, -1, 1, kF64, 22)});
            check_backward(each, {x}, {Uniform(t.shape(), -1, 1, kF64, 23)});
        }
    }
}

TEST(SoftmaxCrossEntropyTest, DoubleBackwardWhenEnabled) {
    for (const SceCase& c : SceCases()) {
        SCOPED_TRACE(c.x_shape.ToString());
        const Array x = Uniform(c.x_shape, -2, 2, kF64, 31), t = TargetsOf(c), w = WeightsOf(c);
        for (const char* reduce : {"mean", "no"}) {
            auto f = [&](const VarList& v) {
                return VarList{
                    F::softmax_cross_entropy(v[0], t, c.normalize, false, w, c.ignore_label, reduce, true)};
            };
            const Shape gy_shape = std::string(reduce) == "mean" ? Shape{} : t.shape();
            check_double_backward(f, {x}, {Uniform(gy_shape, -1, 1, kF64, 32)}, {Uniform(x.shape(), -1, 1, kF64, 33)});
        }
    }
}

TEST(SoftmaxCrossEntropyTest, DoubleBackpropThroughTheFusedNodeRaises) {
    Variable x(Uniform(Shape{3, 4}, -1, 1, kF64, 41));
    const Array t = Arr({0, 1, 2}, kI32);
    const Variable loss = F::softmax_cross_entropy(x, t);
    const Variable gx = grad({loss}, {x}, {}, {}, false, false, /*enable_double_backprop=*/true)[0];
    ASSERT_TRUE(gx.defined());
    try {
        grad({gx}, {x}, {Variable(Array::Ones(Shape{3, 4}, kF64), false)});
        FAIL() << "expected cnet::Error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("Please specify 'enable_double_backprop=True' explicitly."),
                  std::string::npos);
    }
}

TEST(SoftmaxCrossEntropyTest, Errors) {
    const Array x = Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 1), t = Arr({0, 2}, kI32);
    try {
        F::softmax_cross_entropy(x, t, true, true, Array(), -1, "sum");
        FAIL();
    } catch (const ValueError& e) {
        EXPECT_EQ(std::string(e.what()), "only 'mean' and 'no' are valid for 'reduce', but 'sum' is given");
    }
    EXPECT_THROW(F::softmax_cross_entropy(x, t, true, true, Array::Ones(Shape{1, 3}, Dtype::kFloat32)), ValueError);
    EXPECT_THROW(F::softmax_cross_entropy(x, t, true, true, Array::Ones(Shape{3}, kI32)), ValueError);
    try {
        F::softmax_cross_entropy(x, Arr({0, 3}, kI32));
        FAIL();
    } catch (const ValueError& e) {
        EXPECT_EQ(std::string(e.what()), "Each label `t` need to satisfy `0 <= t < x.shape[1] or t == -1`");
    }
    try {
        F::softmax_cross_entropy(x, Arr({0, 1}));
        FAIL();
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: SoftmaxCrossEntropy (Forward)\n"
                  "Expect: in_types[1].dtype.kind == i\nActual: f != i");
    }
    try {
        F::softmax_cross_entropy(x, Arr({0, 1, 1, 0}, Shape{2, 2}, kI32));
        FAIL();
    } catch (const InvalidType& e) {
        EXPECT_EQ(e.expect(), "in_types[1].ndim == in_types[0].ndim - 1");
        EXPECT_EQ(e.actual(), "2 != 1");
    }
}

// ---- sigmoid_cross_entropy

TEST(SigmoidCrossEntropyTest, DocumentedValues) {
    // Acceptance F68.
    const Array x = Arr({-2, 3, .5, 5, 2, -.5}, Shape{2, 3});
    const Array t = Arr({0, 1, 0, 1, 1, -1}, Shape{2, 3}, kI32);
    EXPECT_NEAR(F::sigmoid_cross_entropy(x, t).array().item<double>(), 0.25664714, 1e-7);
    EXPECT_NEAR(F::sigmoid_cross_entropy(x, t, false).array().item<double>(), 0.64161783, 1e-7);
    const Variable each = F::sigmoid_cross_entropy(x, t, true, "no");
    EXPECT_EQ(each.dtype(), Dtype::kFloat32);
    EXPECT_ALLCLOSE(each.array(), Arr({0.126928, 0.04858735, 0.974077, 0.00671535, 0.126928, 0}, Shape{2, 3}),
                    1e-6, 1e-5);
}

// -(t log sigmoid(x) + (1 - t) log(1 - sigmoid(x))), naive, in double.
double RefSigmoidCe(double x, int64_t t) {
    const double p = 1 / (1 + std::exp(-x));
    return t == -1 ? 0.0 : -(t * std::log(p) + (1 - t) * std::log(1 - p));
}

TEST(SigmoidCrossEntropyTest, MatchesTheDefinitionAndIsStable) {
    const Array x = Uniform(Shape{3, 4}, -4, 4, kF64, 5);
    const std::vector<int64_t> t = {0, 1, -1, 1, 1, 0, 0, -1, 1, 0, 1, 1};
    const std::vector<double> xv = x.to_vector<double>();
    std::vector<double> ref(12);
    double total = 0;
    for (int i = 0; i < 12; ++i) total += (ref[i] = RefSigmoidCe(xv[i], t[i]));
    const Array ta = Labels(t, Shape{3, 4});
    EXPECT_ALLCLOSE(F::sigmoid_cross_entropy(x, ta, true, "no").array(), Array::FromVector(ref, Shape{3, 4}), 1e-12);
    EXPECT_NEAR(F::sigmoid_cross_entropy(x, ta).array().item<double>(), total / 10, 1e-12);
    EXPECT_NEAR(F::sigmoid_cross_entropy(x, ta, false).array().item<double>(), total / 3, 1e-12);
    // Large logits stay finite; all-ignored targets give 0.
    const Variable big = F::sigmoid_cross_entropy(Arr({1000, -1000, 1000}, kF64), Arr({0, 0, 1}, kI32), true, "no");
    EXPECT_ALLCLOSE(big.array(), Arr({1000, 0, 0}, kF64));
    EXPECT_EQ(F::sigmoid_cross_entropy(x, Labels(std::vector<int64_t>(12, -1), Shape{3, 4})).array().item<double>(), 0);
    EXPECT_THROW(F::sigmoid_cross_entropy(x, ta, true, "sum"), ValueError);
    EXPECT_THROW(F::sigmoid_cross_entropy(x, Labels({0, 1, 1}, Shape{3})), InvalidType);
}

TEST(SigmoidCrossEntropyTest, Gradients) {
    const std::vector<std::pair<Shape, std::vector<int64_t>>> cases = {
        {Shape{3, 4}, {0, 1, -1, 1, 1, 0, 0, -1, 1, 0, 1, 1}},
        {Shape{2, 3, 2}, {1, 1, 0, -1, 0, 1, 0, 0, 1, -1, -1, 1}},
        {Shape{5}, {1, 0, -1, 1, 0}},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.first.ToString());
        const Array x = Uniform(c.first, -3, 3, kF64, 51), t = Labels(c.second, c.first);
        for (bool normalize : {true, false}) {
            for (const char* reduce : {"mean", "no"}) {
                auto f = [&](const VarList& v) { return VarList{F::sigmoid_cross_entropy(v[0], t, normalize, reduce)}; };
                const Shape gy_shape = std::string(reduce) == "mean" ? Shape{} : c.first;
                const Array gy = Uniform(gy_shape, -1, 1, kF64, 52);
                check_backward(f, {x}, {gy});
                check_double_backward(f, {x}, {gy}, {Uniform(c.first, -1, 1, kF64, 53)});
            }
        }
    }
}

}  // namespace
}  // namespace cnet
