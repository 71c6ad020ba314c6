// lstm_test.cc — lstm, slstm, tree_lstm: values against a reference written here from the formulas (with
// Chainer's gate layouts), the shrinking-batch rule, type-check messages, and gradient checks.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/functions/lstm.h"
#include "cnet/np/indexing.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("lstm, slstm, tree_lstm");
CNET_DOUBLE_BACKWARD_CHECKED("lstm");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arr;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// Reference F.lstm for 2-D c (Bc, C) and x (B, 4C): column 4u + k of x is gate k (a, i, f, o) of unit u.
std::pair<Array, Array> RefLstm(const Array& c_prev, const Array& x) {
    const int64_t bc = c_prev.shape()[0], units = c_prev.shape()[1], b = x.shape()[0];
    std::vector<double> cp = c_prev.to_vector<double>(), xv = x.to_vector<double>();
    std::vector<double> c = cp, h(static_cast<size_t>(b * units));
    for (int64_t r = 0; r < b; ++r) {
        for (int64_t u = 0; u < units; ++u) {
            const double* g = &xv[static_cast<size_t>(r * 4 * units + 4 * u)];
            const double a = std::tanh(g[0]), i = Sig(g[1]), f = Sig(g[2]), o = Sig(g[3]);
            const size_t e = static_cast<size_t>(r * units + u);
            c[e] = a * i + f * cp[e];
            h[e] = o * std::tanh(c[e]);
        }
    }
    return {Array::FromVector(c, Shape{bc, units}), Array::FromVector(h, Shape{b, units})};
}

TEST(LstmTest, ForwardMatchesTheFormulasWithInterleavedGates) {
    const Array c_prev = Uniform(Shape{3, 2}, -1, 1, kF64, 1), x = Uniform(Shape{3, 8}, -2, 2, kF64, 2);
    auto [c, h] = F::lstm(c_prev, x);
    auto [rc, rh] = RefLstm(c_prev, x);
    EXPECT_ALLCLOSE(c.array(), rc, 1e-12, 1e-12);
    EXPECT_ALLCLOSE(h.array(), rh, 1e-12, 1e-12);
    // Acceptance 32: unit k's gates are columns 4k..4k+3 = (a, i, f, o). Unit 0 gets a large input gate and
    // a = tanh(1); unit 1 a closed input gate, so c = f c_prev only.
    const Array xg = Arr({1, 50, -50, 50, 1, -50, 50, 50}, Shape{1, 8});
    auto [c1, h1] = F::lstm(Arr({0.5, 0.5}, Shape{1, 2}), xg);
    EXPECT_ALLCLOSE(c1.array(), Arr({static_cast<double>(std::tanh(1.0f)), 0.5}, Shape{1, 2}));
    EXPECT_ALLCLOSE(h1.array(), Arr({std::tanh(std::tanh(1.0)), std::tanh(0.5)}, Shape{1, 2}));
}

TEST(LstmTest, ShrinkingBatchUpdatesOnlyTheFirstRows) {
    const Array c_prev = Uniform(Shape{3, 2}, -1, 1, kF64, 3), x = Uniform(Shape{2, 8}, -2, 2, kF64, 4);
    auto [c, h] = F::lstm(c_prev, x);
    auto [rc, rh] = RefLstm(c_prev, x);
    EXPECT_EQ(c.shape(), (Shape{3, 2}));
    EXPECT_EQ(h.shape(), (Shape{2, 2}));
    EXPECT_ALLCLOSE(c.array(), rc, 1e-12, 1e-12);
    EXPECT_ALLCLOSE(h.array(), rh, 1e-12, 1e-12);
    EXPECT_ALLCLOSE(c.array()[2], c_prev[2], 0, 0);
}

TEST(LstmTest, TrailingDimensionsKeepTheirGateLayout) {
    // c (2, 1, 2), x (2, 4, 2): x.reshape(2, 1, 4, 2)[:, :, k] is gate k; compare with the 2-D reference on
    // each trailing position separately.
    const Array c_prev = Uniform(Shape{2, 1, 2}, -1, 1, kF64, 5), x = Uniform(Shape{2, 4, 2}, -2, 2, kF64, 6);
    auto [c, h] = F::lstm(c_prev, x);
    for (int64_t r = 0; r < 2; ++r) {
        const Array cp2 = c_prev[{Slice(), Slice(), r}].copy();  // (2, 1)
        const Array x2 = x[{Slice(), Slice(), r}].copy();        // (2, 4)
        auto [rc, rh] = RefLstm(cp2, x2);
        const Array c_r = c.array()[{Slice(), Slice(), r}].copy(), h_r = h.array()[{Slice(), Slice(), r}].copy();
        EXPECT_ALLCLOSE(c_r, rc, 1e-12, 1e-12);
        EXPECT_ALLCLOSE(h_r, rh, 1e-12, 1e-12);
    }
}

TEST(LstmTest, TypeCheckMessages) {
    try {
        F::lstm(Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32), Uniform(Shape{2, 8}, -1, 1, Dtype::kFloat32));
        FAIL();
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: LSTM (Forward)\n"
                  "Expect: x.shape[1] == 4 * c.shape[1]\nActual: 8 != 12");
    }
    EXPECT_THROW(F::lstm(Uniform(Shape{1, 2}, -1, 1, Dtype::kFloat32), Uniform(Shape{2, 8}, -1, 1, Dtype::kFloat32)),
                 InvalidType);
}

TEST(LstmTest, Gradients) {
    auto f = [](const VarList& v) {
        auto [c, h] = F::lstm(v[0], v[1]);
        return VarList{c, h};
    };
    for (int64_t b : {3, 2}) {  // full and shrinking batch
        const Array c_prev = Uniform(Shape{3, 2}, -1, 1, kF64, 10 + b), x = Uniform(Shape{b, 8}, -2, 2, kF64, 20 + b);
        const Array gc = Uniform(Shape{3, 2}, -1, 1, kF64, 30 + b), gh = Uniform(Shape{b, 2}, -1, 1, kF64, 40 + b);
        check_backward(f, {c_prev, x}, {gc, gh});
        check_double_backward(f, {c_prev, x}, {gc, gh},
                              {Uniform(c_prev.shape(), -1, 1, kF64, 50 + b), Uniform(x.shape(), -1, 1, kF64, 60 + b)});
    }
    // Only h used (c's gradient is None), with trailing dimensions.
    auto only_h = [](const VarList& v) { return VarList{F::lstm(v[0], v[1]).second}; };
    check_backward(only_h, {Uniform(Shape{2, 1, 3}, -1, 1, kF64, 7), Uniform(Shape{2, 4, 3}, -2, 2, kF64, 8)},
                   {Uniform(Shape{2, 1, 3}, -1, 1, kF64, 9)});
}

TEST(LstmTest, FusedAndComposedGradientsAgree) {
    // The plain backward uses the fused kernel; under double backprop the composed form runs. Same values.
    const Array c0 = Uniform(Shape{4, 3}, -1, 1, kF64, 70), x0 = Uniform(Shape{3, 12}, -2, 2, kF64, 71);
    const Array gh = Uniform(Shape{3, 3}, -1, 1, kF64, 72);
    Array grads[2][2];
    for (int mode = 0; mode < 2; ++mode) {
        Variable c(c0.copy()), x(x0.copy());
        Variable h = F::lstm(c, x).second;
        h.set_grad(gh);
        h.backward(false, mode == 1);
        grads[mode][0] = c.grad();
        grads[mode][1] = x.grad();
    }
    EXPECT_ALLCLOSE(grads[0][0], grads[1][0], 1e-14, 1e-12);
    EXPECT_ALLCLOSE(grads[0][1], grads[1][1], 1e-14, 1e-12);
}

TEST(SlstmTest, ForwardAndGradients) {
    const Array c1 = Uniform(Shape{2, 2}, -1, 1, kF64, 1), c2 = Uniform(Shape{2, 2}, -1, 1, kF64, 2);
    const Array x1 = Uniform(Shape{2, 8}, -2, 2, kF64, 3), x2 = Uniform(Shape{2, 8}, -2, 2, kF64, 4);
    auto [c, h] = F::slstm(c1, c2, x1, x2);
    const std::vector<double> vc1 = c1.to_vector<double>(), vc2 = c2.to_vector<double>();
    const std::vector<double> v1 = x1.to_vector<double>(), v2 = x2.to_vector<double>();
    std::vector<double> rc(4), rh(4);
    for (size_t r = 0; r < 2; ++r) {
        for (size_t u = 0; u < 2; ++u) {
            const double* g1 = &v1[r * 8 + 4 * u];
            const double* g2 = &v2[r * 8 + 4 * u];
            const size_t e = r * 2 + u;
            rc[e] = std::tanh(g1[0]) * Sig(g1[1]) + std::tanh(g2[0]) * Sig(g2[1]) + Sig(g1[2]) * vc1[e] +
                    Sig(g2[2]) * vc2[e];
            rh[e] = Sig(g1[3] + g2[3]) * std::tanh(rc[e]);
        }
    }
    EXPECT_ALLCLOSE(c.array(), Array::FromVector(rc, Shape{2, 2}), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(h.array(), Array::FromVector(rh, Shape{2, 2}), 1e-12, 1e-12);
    auto f = [](const VarList& v) {
        auto [cc, hh] = F::slstm(v[0], v[1], v[2], v[3]);
        return VarList{cc, hh};
    };
    check_backward(f, {c1, c2, x1, x2}, {Uniform(Shape{2, 2}, -1, 1, kF64, 5), Uniform(Shape{2, 2}, -1, 1, kF64, 6)});
}

TEST(TreeLstmTest, ThickGateBlocksAndGradients) {
    // Two children, C = 2: x (1, 10) is [a a | i i | o o | f1 f1 | f2 f2].
    const Array c1 = Arr({0.5, -1}, Shape{1, 2}, kF64), c2 = Arr({2, 0.25}, Shape{1, 2}, kF64);
    const Array x = Arr({0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, Shape{1, 10}, kF64);
    auto [c, h] = F::tree_lstm({c1, c2, x});
    const double ca = std::tanh(0.1) * Sig(0.3) + Sig(0.7) * 0.5 + Sig(0.9) * 2;
    const double cb = std::tanh(0.2) * Sig(0.4) + Sig(0.8) * -1 + Sig(1.0) * 0.25;
    EXPECT_ALLCLOSE(c.array(), Arr({ca, cb}, Shape{1, 2}, kF64), 1e-12, 1e-12);
    EXPECT_ALLCLOSE(h.array(), Arr({Sig(0.5) * std::tanh(ca), Sig(0.6) * std::tanh(cb)}, Shape{1, 2}, kF64), 1e-12,
                    1e-12);
    auto f = [](const VarList& v) {
        auto [cc, hh] = F::tree_lstm(v);
        return VarList{cc, hh};
    };
    check_backward(f, {Uniform(Shape{3, 2}, -1, 1, kF64, 1), Uniform(Shape{3, 2}, -1, 1, kF64, 2),
                       Uniform(Shape{3, 2}, -1, 1, kF64, 3), Uniform(Shape{3, 12}, -2, 2, kF64, 4)},
                   {Uniform(Shape{3, 2}, -1, 1, kF64, 5), Uniform(Shape{3, 2}, -1, 1, kF64, 6)});
}

}  // namespace
}  // namespace cnet
