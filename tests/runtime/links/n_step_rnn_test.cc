// n_step_rnn_test.cc — the NStep* links: parameter names and shapes (npz keys "0/w0"...), unsorted
// variable-length inputs (each sequence's result equals running it alone), hx/cx defaults, copies and a
// gradient check through the link.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/links/n_step_rnn.h"
#include "cnet/np/indexing.h"
#include "cnet/testing/gradient_check.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace L = links;
using testing_util::Uniform;

VarList Seqs(const std::vector<int64_t>& lengths, int64_t in, uint64_t seed) {
    VarList xs;
    for (int64_t n : lengths) xs.push_back(Variable(Uniform(Shape{n, in}, -1, 1, Dtype::kFloat32, seed++)));
    return xs;
}

TEST(NStepLinkTest, ParameterNamesAndShapes) {
    L::NStepLSTM lstm(2, 3, 4, 0.0);
    const auto params = lstm.namedparams();
    ASSERT_EQ(params.size(), 32u);
    EXPECT_EQ(params[0].first, "/0/w0");
    EXPECT_EQ(params[1].first, "/0/b0");
    EXPECT_EQ(params[31].first, "/1/b7");
    EXPECT_EQ(params[0].second.shape(), (Shape{4, 3}));   // layer 0, input weight
    EXPECT_EQ(params[8].second.shape(), (Shape{4, 4}));   // layer 0, w4 (hidden)
    EXPECT_EQ(params[16].second.shape(), (Shape{4, 4}));  // layer 1, w0 takes the 4 outputs
    L::NStepBiGRU bigru(2, 3, 4, 0.0);
    EXPECT_EQ(bigru.namedparams().size(), 4u * 12u);
    EXPECT_EQ(bigru.namedparams()[24].first, "/2/w0");
    EXPECT_EQ(bigru.namedparams()[24].second.shape(), (Shape{4, 8}));  // upper layers take 2N inputs
    EXPECT_EQ(L::NStepRNNTanh(1, 3, 4, 0.0).namedparams().size(), 4u);
}

TEST(NStepLinkTest, UnsortedSequencesMatchRunningEachAlone) {
    L::NStepLSTM lstm(2, 3, 4, 0.0);
    const VarList xs = Seqs({2, 4, 3}, 3, 10);
    const Variable hx(Uniform(Shape{2, 3, 4}, -1, 1, Dtype::kFloat32, 20));
    const Variable cx(Uniform(Shape{2, 3, 4}, -1, 1, Dtype::kFloat32, 21));
    auto [hy, cy, ys] = lstm(hx, cx, xs);
    ASSERT_EQ(ys.size(), 3u);
    EXPECT_EQ(ys[0].shape(), (Shape{2, 4}));
    EXPECT_EQ(ys[1].shape(), (Shape{4, 4}));
    EXPECT_EQ(hy.shape(), (Shape{2, 3, 4}));
    for (int64_t i = 0; i < 3; ++i) {
        const Variable h1(hx.array()[{Slice(), Slice(i, i + 1)}].copy()), c1(cx.array()[{Slice(), Slice(i, i + 1)}].copy());
        auto [hy1, cy1, ys1] = lstm(h1, c1, {xs[i]});
        EXPECT_ALLCLOSE(ys1[0].array(), ys[i].array());
        const Array hy_i = hy.array()[{Slice(), Slice(i, i + 1)}].copy(), cy_i = cy.array()[{Slice(), Slice(i, i + 1)}].copy();
        EXPECT_ALLCLOSE(hy1.array(), hy_i);
        EXPECT_ALLCLOSE(cy1.array(), cy_i);
    }
    // hx and cx None are zeros.
    auto [hz, cz, yz] = lstm(Variable(), Variable(), xs);
    auto [hz2, cz2, yz2] = lstm(lstm.init_hx(xs), lstm.init_hx(xs), xs);
    EXPECT_ALLCLOSE(yz[1].array(), yz2[1].array(), 0, 0);
    // Bidirectional: (L_i, 2N).
    L::NStepBiGRU bigru(1, 3, 2, 0.0);
    auto [bh, bys] = bigru(Variable(), xs);
    EXPECT_EQ(bh.shape(), (Shape{2, 3, 2}));
    EXPECT_EQ(bys[2].shape(), (Shape{3, 4}));
}

TEST(NStepLinkTest, GradientThroughTheLinkAndCopies) {
    auto rnn = std::make_shared<L::NStepRNNTanh>(1, 2, 2, 0.0);
    std::vector<Parameter> params;
    uint64_t seed = 30;
    for (auto& [name, p] : rnn->namedparams()) {
        p.set_array(Uniform(p.shape(), -1, 1, Dtype::kFloat64, seed++));
        params.push_back(p);
    }
    auto f = [rnn](const VarList& v) {
        auto [hy, ys] = (*rnn)(Variable(), {v[0], v[1]});
        return VarList{hy, ys[0], ys[1]};
    };
    gradient_check::check_backward(
        f, {Uniform(Shape{1, 2}, -1, 1, Dtype::kFloat64, 1), Uniform(Shape{3, 2}, -1, 1, Dtype::kFloat64, 2)},
        {Uniform(Shape{1, 2, 2}, -1, 1, Dtype::kFloat64, 3), Uniform(Shape{1, 2}, -1, 1, Dtype::kFloat64, 4),
         Uniform(Shape{3, 2}, -1, 1, Dtype::kFloat64, 5)},
        params);
    auto copy = std::static_pointer_cast<L::NStepRNNTanh>(rnn->copy("copy"));
    EXPECT_EQ(copy->namedparams().size(), 4u);
    EXPECT_NE(copy->namedparams()[0].second.array().raw_data(), rnn->namedparams()[0].second.array().raw_data());
    EXPECT_ALLCLOSE(copy->namedparams()[0].second.array(), rnn->namedparams()[0].second.array(), 0, 0);
}

}  // namespace
}  // namespace cnet
