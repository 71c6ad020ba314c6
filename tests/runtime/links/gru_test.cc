// gru_test.cc — StatelessGRU, StatefulGRU/GRU (acceptance 63), StatefulPeepholeLSTM, ChildSumTreeLSTM and
// NaryTreeLSTM: values against the formulas evaluated here on the links' own parameters, state handling,
// parameter names, and a gradient check.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/lstm.h"
#include "cnet/links/gru.h"
#include "cnet/links/peephole_lstm.h"
#include "cnet/links/tree_lstm.h"
#include "cnet/np/indexing.h"
#include "cnet/testing/gradient_check.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Uniform;
const Dtype kF32 = Dtype::kFloat32;

std::vector<std::string> Names(const Link& l) {
    std::vector<std::string> out;
    for (const auto& p : l.namedparams()) out.push_back(p.first);
    return out;
}

Variable Lin(const std::shared_ptr<L::Linear>& l, const Variable& x) { return F::linear(x, l->W, l->b); }

TEST(GRULinkTest, DocumentedShapesAndValues) {
    // Acceptance 63.
    L::StatefulGRU g(10, 20);
    EXPECT_EQ(g(Array::Zeros(Shape{1, 10})).shape(), (Shape{1, 20}));
    L::StatefulGRU zg(10, 20, Array::Zeros(Shape{20, 10}), Array::Zeros(Shape{20, 20}), Array::Zeros(Shape{20}));
    EXPECT_EQ(zg(Array::Zeros(Shape{1, 10})).shape(), (Shape{1, 20}));
    L::StatelessGRU s(10, 20);
    EXPECT_EQ(s(Array::Zeros(Shape{1, 20}), Array::Zeros(Shape{1, 10})).shape(), (Shape{1, 20}));
    EXPECT_EQ(Names(s), (std::vector<std::string>{"/W_r/W", "/W_r/b", "/U_r/W", "/U_r/b", "/W_z/W", "/W_z/b", "/U_z/W",
                                                  "/U_z/b", "/W/W", "/W/b", "/U/W", "/U/b"}));
    // Values: h' = z h_bar + (1 - z) h on the link's parameters.
    L::GRU gru(3, 2, {}, {}, 0.5);
    const Array x0 = Uniform(Shape{2, 3}, -1, 1, kF32, 1), x1 = Uniform(Shape{2, 3}, -1, 1, kF32, 2);
    const Variable h0 = gru(x0);
    const Variable z0 = F::sigmoid(Lin(gru.W_z, x0)), hb0 = F::tanh(Lin(gru.W, x0));
    EXPECT_ALLCLOSE(h0.array(), (z0 * hb0).array());
    const Variable h1 = gru(x1);
    const Variable r = F::sigmoid(Lin(gru.W_r, x1) + Lin(gru.U_r, h0));
    const Variable z = F::sigmoid(Lin(gru.W_z, x1) + Lin(gru.U_z, h0));
    const Variable hb = F::tanh(Lin(gru.W, x1) + Lin(gru.U, r * h0));
    EXPECT_ALLCLOSE(h1.array(), (z * hb + (1.0 - z) * h0).array());
    gru.reset_state();
    EXPECT_ALLCLOSE(gru(x0).array(), h0.array());
}

TEST(GRULinkTest, StatelessGradient) {
    auto s = std::make_shared<L::StatelessGRU>(2, 2);
    std::vector<Parameter> params;
    uint64_t seed = 10;
    for (auto& [name, p] : s->namedparams()) {
        p.set_array(Uniform(p.shape(), -1, 1, Dtype::kFloat64, seed++));
        params.push_back(p);
    }
    auto f = [s](const VarList& v) { return VarList{(*s)(v[0], v[1])}; };
    gradient_check::check_backward(f, {Uniform(Shape{3, 2}, -1, 1, Dtype::kFloat64, 1), Uniform(Shape{3, 2}, -1, 1, Dtype::kFloat64, 2)},
                                   {Uniform(Shape{3, 2}, -1, 1, Dtype::kFloat64, 3)}, params);
}

TEST(PeepholeLSTMTest, ValuesFollowThePeepholeFormulas) {
    L::StatefulPeepholeLSTM l(3, 2);
    EXPECT_EQ(Names(l), (std::vector<std::string>{"/upward/W", "/upward/b", "/lateral/W", "/peep_i/W", "/peep_f/W",
                                                  "/peep_o/W"}));
    const Array x0 = Uniform(Shape{2, 3}, -1, 1, kF32, 1), x1 = Uniform(Shape{2, 3}, -1, 1, kF32, 2);
    l(x0);
    const Variable c0 = l.c, h0 = l.h;
    const Variable y = l(x1);
    const Variable g = F::reshape(Lin(l.upward, x1) + F::linear(h0, l.lateral->W), Shape{2, 2, 4});
    const Variable a = F::tanh(g[{Slice(), Slice(), 0}]);
    const Variable i = F::sigmoid(g[{Slice(), Slice(), 1}] + F::linear(c0, l.peep_i->W));
    const Variable f = F::sigmoid(g[{Slice(), Slice(), 2}] + F::linear(c0, l.peep_f->W));
    const Variable c = a * i + f * c0;
    const Variable o = F::sigmoid(g[{Slice(), Slice(), 3}] + F::linear(c, l.peep_o->W));
    EXPECT_ALLCLOSE(l.c.array(), c.array());
    EXPECT_ALLCLOSE(y.array(), (o * F::tanh(c)).array());
}

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

TEST(TreeLSTMLinkTest, ChildSumIsOrderFreeAndMatchesTheFormulas) {
    L::ChildSumTreeLSTM t(3, 2);
    EXPECT_EQ(Names(t), (std::vector<std::string>{"/W_x/W", "/W_x/b", "/W_h_aio/W", "/W_h_f/W"}));
    const Array x = Uniform(Shape{1, 3}, -1, 1, kF32, 1);
    const Variable c1(Uniform(Shape{1, 2}, -1, 1, kF32, 2)), c2(Uniform(Shape{1, 2}, -1, 1, kF32, 3));
    const Variable h1(Uniform(Shape{1, 2}, -1, 1, kF32, 4)), h2(Uniform(Shape{1, 2}, -1, 1, kF32, 5));
    auto [c, h] = t.forward({c1, c2}, {h1, h2}, x);
    auto [cr, hr] = t.forward({c2, c1}, {h2, h1}, x);
    EXPECT_ALLCLOSE(c.array(), cr.array());
    EXPECT_ALLCLOSE(h.array(), hr.array());
    // c = tanh(a) sig(i) + sum_k sig(f_k) c_k with aio = W_h_aio(h1 + h2) + W_x(x)[:3N], f_k = W_h_f(h_k) + W_x(x)[3N:].
    const std::vector<double> wx = Lin(t.W_x, x).array().to_vector<double>();
    const std::vector<double> aio = F::linear(h1 + h2, t.W_h_aio->W).array().to_vector<double>();
    const std::vector<double> f1 = F::linear(h1, t.W_h_f->W).array().to_vector<double>();
    const std::vector<double> f2 = F::linear(h2, t.W_h_f->W).array().to_vector<double>();
    const std::vector<double> vc1 = c1.array().to_vector<double>(), vc2 = c2.array().to_vector<double>();
    std::vector<double> ref(2), href(2);
    for (size_t u = 0; u < 2; ++u) {
        const double a = aio[u] + wx[u], i = aio[2 + u] + wx[2 + u], o = aio[4 + u] + wx[4 + u];
        ref[u] = std::tanh(a) * Sig(i) + Sig(f1[u] + wx[6 + u]) * vc1[u] + Sig(f2[u] + wx[6 + u]) * vc2[u];
        href[u] = Sig(o) * std::tanh(ref[u]);
    }
    EXPECT_ALLCLOSE(c.array(), Array::FromVector(ref, Shape{1, 2}).astype(kF32));
    EXPECT_ALLCLOSE(h.array(), Array::FromVector(href, Shape{1, 2}).astype(kF32));
    // A leaf (no children): c = sig(i) tanh(a).
    auto [cl, hl] = t.forward({}, {}, x);
    EXPECT_NEAR(cl.array().at_flat(0), Sig(wx[2]) * std::tanh(wx[0]), 1e-6);
}

TEST(TreeLSTMLinkTest, NaryIsOrderDependentAndTakesNone) {
    L::NaryTreeLSTM t(3, 2, 2);
    EXPECT_EQ(Names(t), (std::vector<std::string>{"/W_x/W", "/W_x/b", "/W_h1/W", "/W_h2/W"}));
    const Array x = Uniform(Shape{1, 3}, -1, 1, kF32, 1);
    const Variable c1(Uniform(Shape{1, 2}, -1, 1, kF32, 2)), c2(Uniform(Shape{1, 2}, -1, 1, kF32, 3));
    const Variable h1(Uniform(Shape{1, 2}, -1, 1, kF32, 4)), h2(Uniform(Shape{1, 2}, -1, 1, kF32, 5));
    auto [c, h] = t.forward({c1, c2}, {h1, h2}, x);
    const Variable in = Lin(t.W_x, x) + F::linear(h1, t.W_h[0]->W) + F::linear(h2, t.W_h[1]->W);
    auto [cr, hr] = F::tree_lstm({c1, c2, in});
    EXPECT_ALLCLOSE(c.array(), cr.array());
    EXPECT_ALLCLOSE(h.array(), hr.array());
    auto [cn, hn] = t.forward({Variable(), c2}, {Variable(), h2}, Variable());
    EXPECT_EQ(cn.shape(), (Shape{1, 2}));
    EXPECT_THROW(t.forward({Variable(), Variable()}, {Variable(), Variable()}, Variable()), ValueError);
}

}  // namespace
}  // namespace cnet
