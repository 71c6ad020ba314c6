// param_links_test.cc — Maxout, PReLU, Bias, Scale and Highway links: parameter names and defaults, values
// against the functions on the links' own parameters.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/functions/activation.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/tensor_math.h"
#include "cnet/links/bias.h"
#include "cnet/links/highway.h"
#include "cnet/links/maxout.h"
#include "cnet/links/prelu.h"
#include "cnet/links/scale.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Arr;
using testing_util::Uniform;
const Dtype kF32 = Dtype::kFloat32;

std::vector<std::string> Names(const Link& l) {
    std::vector<std::string> out;
    for (const auto& p : l.namedparams()) out.push_back(p.first);
    return out;
}

TEST(MaxoutLinkTest, ShapesInitializersAndValues) {
    L::Maxout m(4, 3, 2);
    EXPECT_EQ(Names(m), (std::vector<std::string>{"/linear/W", "/linear/b"}));
    EXPECT_EQ(m.linear->W.shape(), (Shape{6, 4}));
    const Array x = Uniform(Shape{5, 4}, -1, 1, kF32, 1);
    EXPECT_ALLCLOSE(m(x).array(), F::maxout(F::linear(x, m.linear->W, m.linear->b), 2).array());
    // An array initial_bias is given as (out, pool); None means no bias.
    L::Maxout b(4, 3, 2, {}, Arr({0, 1, 2, 3, 4, 5}, Shape{3, 2}));
    EXPECT_ALLCLOSE(b.linear->b.array(), Arr({0, 1, 2, 3, 4, 5}));
    EXPECT_ALLCLOSE(b(Array::Zeros(Shape{1, 4})).array(), Arr({1, 3, 5}, Shape{1, 3}));
    L::Maxout n(4, 3, 2, {}, {});
    EXPECT_EQ(Names(n), (std::vector<std::string>{"/linear/W"}));
}

TEST(PReLULinkTest, DefaultSlope) {
    L::PReLU p;
    EXPECT_EQ(p.W.shape(), Shape{});
    EXPECT_ALLCLOSE(p(Arr({-4, 2})).array(), Arr({-1, 2}));
    L::PReLU q(Shape{2}, 0.5);
    EXPECT_ALLCLOSE(q(Arr({-4, -2}, Shape{1, 2})).array(), Arr({-2, -1}, Shape{1, 2}));
}

TEST(BiasScaleLinkTest, LearntAndGivenOperands) {
    L::Bias b(1, Shape{2});
    EXPECT_EQ(Names(b), (std::vector<std::string>{"/b"}));
    b.b.set_array(Arr({1, 2}));
    EXPECT_ALLCLOSE(b(Arr({0, 0, 0, 0}, Shape{2, 2})).array(), Arr({1, 2, 1, 2}, Shape{2, 2}));
    L::Bias given;
    EXPECT_ALLCLOSE(given(Arr({0, 0}, Shape{1, 2}), Arr({3, 4})).array(), Arr({3, 4}, Shape{1, 2}));
    EXPECT_THROW(given(Arr({0, 0}, Shape{1, 2})), ValueError);
    L::Scale s(1, Shape{2}, true);
    EXPECT_EQ(Names(s), (std::vector<std::string>{"/W", "/bias/b"}));
    s.W.set_array(Arr({2, 3}));
    s.bias->b.set_array(Arr({1, 1}));
    EXPECT_ALLCLOSE(s(Arr({1, 1, 2, 2}, Shape{2, 2})).array(), Arr({3, 4, 5, 7}, Shape{2, 2}));
    L::Scale sg(1, std::nullopt, false);
    EXPECT_ALLCLOSE(sg(Arr({1, 2}, Shape{1, 2}), Arr({3, 4})).array(), Arr({3, 8}, Shape{1, 2}));
    EXPECT_THROW(L::Scale(1, std::nullopt, true), ValueError);
}

TEST(HighwayLinkTest, GateFormulaAndTransformBias) {
    L::Highway h(3);
    EXPECT_EQ(Names(h), (std::vector<std::string>{"/plain/W", "/plain/b", "/transform/W", "/transform/b"}));
    EXPECT_ALLCLOSE(h.transform->b.array(), Arr({-1, -1, -1}));
    const Array x = Uniform(Shape{2, 3}, -1, 1, kF32, 1);
    const Variable t = F::sigmoid(F::linear(x, h.transform->W, h.transform->b));
    const Variable ref = F::relu(F::linear(x, h.plain->W, h.plain->b)) * t + Variable(x, false) * (1.0 - t);
    EXPECT_ALLCLOSE(h(x).array(), ref.array());
    L::Highway tanh_h(3, true, [](const Variable& v) { return F::tanh(v); });
    EXPECT_EQ(Names(tanh_h), (std::vector<std::string>{"/plain/W", "/transform/W"}));
}

}  // namespace
}  // namespace cnet
