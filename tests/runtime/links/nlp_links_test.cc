// nlp_links_test.cc — NegativeSampling, CRF1d and Bilinear links: parameters, defaults, and values against the
// functions on the links' own parameters (CRF1d's transpose form against the time-major call).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cnet/functions/array.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/crf1d.h"
#include "cnet/links/bilinear.h"
#include "cnet/links/binary_hierarchical_softmax.h"
#include "cnet/links/crf1d.h"
#include "cnet/links/negative_sampling.h"
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

TEST(NegativeSamplingLinkTest, ZeroWeightsGiveLog2PerTerm) {
    L::NegativeSampling ns(3, std::vector<double>{5, 1, 1, 2}, 4);
    EXPECT_EQ(Names(ns), (std::vector<std::string>{"/W"}));
    EXPECT_EQ(ns.W.shape(), (Shape{4, 3}));
    // W = 0: every dot product is 0, so each row costs (1 + 4) log 2.
    const Variable loss = ns(Uniform(Shape{2, 3}, -1, 1, kF32, 1), Array::FromVector(std::vector<int32_t>{0, 3}));
    EXPECT_NEAR(loss.array().at_flat(0), 2 * 5 * std::log(2.0), 1e-5);
}

TEST(CRF1dLinkTest, TransposeFormMatchesTimeMajor) {
    L::CRF1d crf(3);
    EXPECT_EQ(Names(crf), (std::vector<std::string>{"/cost"}));
    crf.cost.set_array(Uniform(Shape{3, 3}, -1, 1, kF32, 1));
    // Per-sequence inputs, unsorted: lengths 1 and 2.
    const Variable xa(Uniform(Shape{1, 3}, -1, 1, kF32, 2)), xb(Uniform(Shape{2, 3}, -1, 1, kF32, 3));
    const Variable ya(Array::FromVector(std::vector<int32_t>{2})), yb(Array::FromVector(std::vector<int32_t>{0, 1}));
    const Variable loss = crf({xa, xb}, {ya, yb}, "mean", true);
    // Time-major: step 0 holds (b, a) (longest first), step 1 holds b only.
    const Variable x0 = F::concat({xb[Slice(0, 1)], xa}, 0), x1 = xb[Slice(1, 2)];
    const Variable y0(Array::FromVector(std::vector<int32_t>{0, 2})), y1(Array::FromVector(std::vector<int32_t>{1}));
    EXPECT_ALLCLOSE(loss.array(), crf({x0, x1}, {y0, y1}).array());
    auto [score, path] = crf.argmax({xa, xb}, true);
    auto [tscore, tpath] = crf.argmax({x0, x1});
    ASSERT_EQ(path.size(), 2u);
    EXPECT_EQ(path[0].shape(), Shape{1});  // sequence a
    EXPECT_EQ(path[1].shape(), Shape{2});  // sequence b
    EXPECT_EQ(path[1].at_flat(0), tpath[0].at_flat(0));
    EXPECT_EQ(path[1].at_flat(1), tpath[1].at_flat(0));
    EXPECT_EQ(path[0].at_flat(0), tpath[0].at_flat(1));
    EXPECT_ALLCLOSE(score.array(), tscore.array());
}

TEST(BilinearLinkTest, ParametersAndValues) {
    L::Bilinear bl(3, 2, 4);
    EXPECT_EQ(Names(bl), (std::vector<std::string>{"/W", "/V1", "/V2", "/b"}));
    EXPECT_EQ(bl.W.shape(), (Shape{3, 2, 4}));
    const Array e1 = Uniform(Shape{5, 3}, -1, 1, kF32, 1), e2 = Uniform(Shape{5, 2}, -1, 1, kF32, 2);
    EXPECT_ALLCLOSE(bl(e1, e2).array(), F::bilinear(e1, e2, bl.W, bl.V1, bl.V2, bl.b).array());
    L::Bilinear nb(3, 2, 4, true);
    EXPECT_EQ(Names(nb), (std::vector<std::string>{"/W"}));
    L::Bilinear given(3, 2, 4, false, 0.5, {1.0, 2.0, 3.0});
    EXPECT_ALLCLOSE(given.b.array(), Array::Full(Shape{4}, 3.0, kF32));
    EXPECT_ALLCLOSE(given.V2.array(), Array::Full(Shape{2, 4}, 2.0, kF32));
}

TEST(BinaryHierarchicalSoftmaxTest, PathsProbabilitiesAndGradient) {
    using T = L::BinaryTree;
    // ((0, 1), 2): root = node 0, (0, 1) = node 1.
    auto bhs = std::make_shared<L::BinaryHierarchicalSoftmax>(3, T::Node(T::Node(T::Leaf(0), T::Leaf(1)), T::Leaf(2)));
    EXPECT_EQ(Names(*bhs), (std::vector<std::string>{"/W"}));
    EXPECT_EQ(bhs->W.shape(), (Shape{2, 3}));
    EXPECT_EQ(bhs->paths[1], (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(bhs->codes[1], (std::vector<double>{1, -1}));
    EXPECT_EQ(bhs->codes[2], (std::vector<double>{-1}));
    // A hierarchical softmax is a distribution: the probabilities exp(-loss) of the words sum to 1.
    const Array x = Uniform(Shape{1, 3}, -1, 1, kF32, 1);
    double total = 0;
    for (int32_t w = 0; w < 3; ++w)
        total += std::exp(-bhs->forward(x, Array::FromVector(std::vector<int32_t>{w})).array().at_flat(0));
    EXPECT_NEAR(total, 1.0, 1e-5);
    // The batch loss is the sum of the per-example losses.
    const Array xb = Uniform(Shape{2, 3}, -1, 1, kF32, 2);
    const double l0 = bhs->forward(xb[Slice(0, 1)].copy(), Array::FromVector(std::vector<int32_t>{2})).array().at_flat(0);
    const double l1 = bhs->forward(xb[Slice(1, 2)].copy(), Array::FromVector(std::vector<int32_t>{1})).array().at_flat(0);
    EXPECT_NEAR(bhs->forward(xb, Array::FromVector(std::vector<int32_t>{2, 1})).array().at_flat(0), l0 + l1, 1e-5);
    bhs->W.set_array(Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat64, 3));
    const Array t = Array::FromVector(std::vector<int32_t>{2, 1, 0});
    auto f = [bhs, t](const VarList& v) { return VarList{bhs->forward(v[0], t)}; };
    gradient_check::check_backward(f, {Uniform(Shape{3, 3}, -1, 1, Dtype::kFloat64, 4)},
                                   {Uniform(Shape{}, -1, 1, Dtype::kFloat64, 5)}, {bhs->W});
    EXPECT_THROW(bhs->forward(Uniform(Shape{1, 3}, -1, 1, Dtype::kFloat64, 6), Array::FromVector(std::vector<int32_t>{3})),
                 IndexError);
}

TEST(BinaryHierarchicalSoftmaxTest, HuffmanTree) {
    // counts {0: 5, 1: 1, 2: 1, 3: 2} -> (((1, 2), 3), 0)
    auto tree = L::BinaryHierarchicalSoftmax::create_huffman_tree({{0, 5}, {1, 1}, {2, 1}, {3, 2}});
    ASSERT_TRUE(tree->left && tree->right);
    EXPECT_EQ(tree->right->word, 0);
    EXPECT_EQ(tree->left->right->word, 3);
    EXPECT_EQ(tree->left->left->left->word, 1);
    EXPECT_EQ(tree->left->left->right->word, 2);
    EXPECT_THROW(L::BinaryHierarchicalSoftmax::create_huffman_tree({}), ValueError);
}

}  // namespace
}  // namespace cnet
