// lstm_test.cc — L.LSTM and L.StatelessLSTM: documented shapes (acceptance 62), parameter layout (forget
// bias 1 at F.lstm's interleaved f positions), the stateful update checked against F.lstm on the link's own
// parameters, the shrinking batch, copies, and npz keys.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/lstm.h"
#include "cnet/links/lstm.h"
#include "cnet/np/indexing.h"
#include "cnet/testing/gradient_check.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Uniform;

std::vector<std::string> Names(const std::vector<std::pair<std::string, Parameter>>& params) {
    std::vector<std::string> out;
    for (const auto& p : params) out.push_back(p.first);
    return out;
}

TEST(LSTMLinkTest, DocumentedShapesAndLazyInSize) {
    const Array x = Array::Zeros(Shape{1, 10});
    L::LSTM a(10, 20), b(20), c(std::nullopt, 20);
    EXPECT_EQ(a(x).shape(), (Shape{1, 20}));
    EXPECT_FALSE(b.upward->W.is_initialized());
    EXPECT_EQ(b(x).shape(), (Shape{1, 20}));
    EXPECT_EQ(b.upward->W.shape(), (Shape{80, 10}));
    EXPECT_EQ(c(x).shape(), (Shape{1, 20}));
    L::StatelessLSTM s(10, 20);
    auto [c_new, h_new] = s(Array::Zeros(Shape{1, 20}), Array::Zeros(Shape{1, 20}), x);
    EXPECT_EQ(c_new.shape(), (Shape{1, 20}));
    EXPECT_EQ(h_new.shape(), (Shape{1, 20}));
    EXPECT_EQ(Names(a.namedparams()), (std::vector<std::string>{"/upward/W", "/upward/b", "/lateral/W"}));
}

TEST(LSTMLinkTest, ForgetBiasIsOneAtTheInterleavedForgetGates) {
    L::LSTM l(3, 4);
    const std::vector<float> b = l.upward->b.array().to_vector<float>();
    ASSERT_EQ(b.size(), 16u);
    for (size_t r = 0; r < b.size(); ++r) EXPECT_EQ(b[r], r % 4 == 2 ? 1.0f : 0.0f) << "row " << r;
    L::LSTM m(3, 4, {}, {}, 0.5, -2.0);
    const std::vector<float> bm = m.upward->b.array().to_vector<float>();
    for (size_t r = 0; r < bm.size(); ++r) EXPECT_EQ(bm[r], r % 4 == 2 ? -2.0f : 0.5f);
    // Initializers fill each gate block: a constant initialW reaches every row.
    L::LSTM k(3, 2, 0.25, 0.75);
    EXPECT_ALLCLOSE(k.upward->W.array(), Array::Full(Shape{8, 3}, 0.75, Dtype::kFloat32));
    EXPECT_ALLCLOSE(k.lateral->W.array(), Array::Full(Shape{8, 2}, 0.25, Dtype::kFloat32));
}

TEST(LSTMLinkTest, StatefulStepsMatchFLstmAndShrinkingBatchKeepsRows) {
    L::LSTM l(3, 2);
    l.lateral->W.set_array(Uniform(Shape{8, 2}, -1, 1, Dtype::kFloat32, 5));
    const Array x0 = Uniform(Shape{3, 3}, -1, 1, Dtype::kFloat32, 1), x1 = Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat32, 2);
    const Variable y0 = l(x0);
    // First step: no lateral term, c starts at zero.
    auto [c0, h0] = F::lstm(Array::Zeros(Shape{3, 2}), F::linear(x0, l.upward->W, l.upward->b));
    EXPECT_ALLCLOSE(y0.array(), h0.array());
    const Variable y1 = l(x1);
    auto [c1, h1] = F::lstm(c0, F::linear(x1, l.upward->W, l.upward->b) + F::linear(h0[Slice(0, 2)], l.lateral->W));
    EXPECT_ALLCLOSE(y1.array(), h1.array());
    EXPECT_ALLCLOSE(l.c.array(), c1.array());
    EXPECT_EQ(l.h.shape(), (Shape{3, 2}));
    EXPECT_ALLCLOSE(l.h.array()[2].copy(), h0.array()[2].copy());  // the third row was not updated
    EXPECT_THROW(l(Uniform(Shape{4, 3}, -1, 1, Dtype::kFloat32, 3)), ShapeError);
    l.reset_state();
    EXPECT_FALSE(l.h.defined());
    EXPECT_ALLCLOSE(l(x0).array(), y0.array());
}

TEST(LSTMLinkTest, GradientThroughTwoStepsAndCopies) {
    auto l = std::make_shared<L::LSTM>(2, 3);
    const Dtype f64 = Dtype::kFloat64;
    l->upward->W.set_array(Uniform(Shape{12, 2}, -1, 1, f64, 1));
    l->upward->b.set_array(Uniform(Shape{12}, -1, 1, f64, 2));
    l->lateral->W.set_array(Uniform(Shape{12, 3}, -1, 1, f64, 3));
    auto f = [l](const VarList& v) {
        l->reset_state();
        (*l)(v[0]);
        return VarList{(*l)(v[1]), l->c};
    };
    gradient_check::check_backward(f, {Uniform(Shape{2, 2}, -1, 1, f64, 4), Uniform(Shape{1, 2}, -1, 1, f64, 5)},
                                   {Uniform(Shape{1, 3}, -1, 1, f64, 6), Uniform(Shape{2, 3}, -1, 1, f64, 7)},
                                   {l->upward->W, l->upward->b, l->lateral->W});
    // copy() shares the parameters and starts from an empty state.
    l->reset_state();
    (*l)(Uniform(Shape{2, 2}, -1, 1, f64, 8));
    auto copy = std::static_pointer_cast<L::LSTM>(l->copy());
    EXPECT_FALSE(copy->h.defined());
    EXPECT_EQ(copy->upward->W.array().raw_data(), l->upward->W.array().raw_data());
    EXPECT_EQ(Names(copy->namedparams()), (std::vector<std::string>{"/upward/W", "/upward/b", "/lateral/W"}));
}

}  // namespace
}  // namespace cnet
