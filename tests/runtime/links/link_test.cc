// link_test.cc — Link/Chain/ChainList: registration, traversal paths, gradients, persistent values, copies
// and npz serialization with Chainer's key layout (lazy parameters saved as None and loaded by shape).
#include "cnet/links/link.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cnet/functions/activation.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "cnet/serializers/npz.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace L = links;
using testing_util::Arange;
using testing_util::Arr;

class MLP : public Chain {
public:
    MLP(std::optional<int64_t> n_in, int64_t n_units, int64_t n_out) {
        auto scope = init_scope();
        EXPECT_TRUE(within_init_scope());
        l1 = add_link("l1", std::make_shared<L::Linear>(n_in, n_units));
        l2 = add_link("l2", std::make_shared<L::Linear>(n_out));
    }
    Variable forward(const Variable& x) { return (*l2)(functions::relu((*l1)(x))); }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }
    std::shared_ptr<L::Linear> l1, l2;
};

std::vector<std::string> Names(const std::vector<std::pair<std::string, Parameter>>& named) {
    std::vector<std::string> out;
    for (const auto& [name, p] : named) out.push_back(name);
    return out;
}

std::string TempPath(const std::string& stem) {
    return ::testing::TempDir() + stem + "_" + std::to_string(reinterpret_cast<uintptr_t>(&stem)) + ".npz";
}

TEST(LinkTest, InitScopeIsScoped) {
    auto link = std::make_shared<Link>();
    EXPECT_FALSE(link->within_init_scope());
    {
        auto scope = link->init_scope();
        EXPECT_TRUE(link->within_init_scope());
    }
    EXPECT_FALSE(link->within_init_scope());
}

TEST(LinkTest, NamedParamsAndLinksUseSlashPaths) {
    auto model = std::make_shared<L::Classifier>(std::make_shared<MLP>(std::nullopt, 4, 3));
    EXPECT_EQ(Names(model->namedparams()),
              (std::vector<std::string>{"/predictor/l1/W", "/predictor/l1/b", "/predictor/l2/W", "/predictor/l2/b"}));
    std::vector<std::string> links;
    for (const auto& [path, link] : model->namedlinks()) links.push_back(path);
    EXPECT_EQ(links, (std::vector<std::string>{"/", "/predictor", "/predictor/l1", "/predictor/l2"}));
    std::vector<std::string> skipped;
    for (const auto& [path, link] : model->namedlinks(/*skipself=*/true)) skipped.push_back(path);
    EXPECT_EQ(skipped, (std::vector<std::string>{"/predictor", "/predictor/l1", "/predictor/l2"}));
    EXPECT_EQ(model->links().size(), 4u);
    EXPECT_EQ(model->children().size(), 1u);
    EXPECT_EQ(model->predictor->name(), "predictor");
    // Uninitialized parameters are left out on request.
    EXPECT_EQ(model->params(/*include_uninit=*/false).size(), 2u);
    EXPECT_EQ(model->params().size(), 4u);
}

TEST(LinkTest, CountParamsSkipsUninitialized) {
    MLP mlp(std::nullopt, 4, 3);
    EXPECT_EQ(mlp.count_params(), 4 + 3);  // only the biases exist
    mlp.forward(Variable(Arange(10, {2, 5})));
    EXPECT_EQ(mlp.count_params(), 5 * 4 + 4 + 4 * 3 + 3);
}

TEST(LinkTest, DuplicateNamesAreRejected) {
    auto chain = std::make_shared<Chain>();
    chain->add_link("a", std::make_shared<L::Linear>(2, 2));
    EXPECT_THROW(chain->add_link("a", std::make_shared<L::Linear>(2, 2)), ValueError);
    chain->add_param("p", Shape{2});
    EXPECT_THROW(chain->add_param("p", Shape{2}), ValueError);
    EXPECT_THROW(chain->add_link("p", std::make_shared<L::Linear>(2, 2)), ValueError);
    EXPECT_THROW(chain->add_persistent("a", 1), ValueError);
    EXPECT_THROW((*chain)["missing"], ValueError);
}

TEST(LinkTest, DeletedAttributesCanBeRegisteredAnew) {
    auto chain = std::make_shared<Chain>();
    chain->add_link("a", std::make_shared<L::Linear>(2, 2));
    chain->add_param("p", Shape{2});
    chain->add_persistent("n", 3);
    chain->delete_attribute("a");
    chain->delete_attribute("p");
    chain->delete_attribute("n");
    chain->delete_attribute("never_registered");  // Python's del of a plain attribute: nothing registered
    EXPECT_FALSE(chain->has_link("a"));
    EXPECT_TRUE(chain->params().empty());
    chain->add_link("a", std::make_shared<L::Linear>(2, 3));
    chain->add_persistent("p", 1.5);
    EXPECT_EQ(Names(chain->namedparams()), (std::vector<std::string>{"/a/W", "/a/b"}));
    EXPECT_EQ((*chain)["a"]->params()[0].shape(), (Shape{3, 2}));
}

TEST(LinkTest, AddParamDefaultsToNaN) {
    Link link;
    Parameter p = link.add_param("w", Shape{2, 2});
    EXPECT_TRUE(std::isnan(p.array().at_flat(0)));
    Parameter lazy = link.add_param("v", std::nullopt, Dtype::kFloat64, 2.5);
    EXPECT_FALSE(lazy.is_initialized());
    lazy.initialize(Shape{3});
    EXPECT_EQ(lazy.dtype(), Dtype::kFloat64);
    EXPECT_ALLCLOSE(lazy.array(), Arr({2.5, 2.5, 2.5}, Dtype::kFloat64));
    EXPECT_EQ(link.param("w").name(), "w");
}

TEST(LinkTest, CleargradsAndZerograds) {
    MLP mlp(3, 2, 2);
    Variable y = functions::sum(mlp.forward(Variable(Arange(6, {2, 3}))));
    y.backward();
    for (const Parameter& p : mlp.params()) EXPECT_TRUE(p.grad().defined());
    mlp.cleargrads();
    for (const Parameter& p : mlp.params()) EXPECT_FALSE(p.grad().defined());
    mlp.zerograds();
    for (const Parameter& p : mlp.params()) {
        ASSERT_TRUE(p.grad().defined());
        EXPECT_EQ(np::sum(np::absolute(p.grad())).item<double>(), 0.0);
    }
}

TEST(LinkTest, ChainListNamesChildrenByIndex) {
    auto list = std::make_shared<ChainList>();
    auto first = list->add_link(std::make_shared<L::Linear>(2, 3));
    list->append(std::make_shared<L::Linear>(3, 1));
    EXPECT_EQ(list->size(), 2u);
    EXPECT_EQ((*list)[0], first);
    EXPECT_EQ((*list)[-1]->name(), "1");
    EXPECT_THROW((*list)[2], IndexError);
    EXPECT_EQ(Names(list->namedparams()), (std::vector<std::string>{"/0/W", "/0/b", "/1/W", "/1/b"}));
    int count = 0;
    for (const auto& child : *list) count += child != nullptr;
    EXPECT_EQ(count, 2);
}

TEST(LinkTest, SaveNpzUsesChainerKeysAndNoneForLazyParams) {
    auto model = std::make_shared<L::Classifier>(std::make_shared<MLP>(std::nullopt, 4, 3));
    serializers::DictionarySerializer s;
    model->serialize(s);
    const auto& npz = *s.target();
    EXPECT_EQ(npz.files(),
              (std::vector<std::string>{"predictor/l1/W", "predictor/l1/b", "predictor/l2/W", "predictor/l2/b"}));
    EXPECT_FALSE(npz.at("predictor/l1/W").defined());  // None
    EXPECT_EQ(npz.at("predictor/l1/b").shape(), Shape({4}));
}

TEST(LinkTest, NpzRoundTripInitializesLazyParameters) {
    const std::string path = TempPath("link_roundtrip");
    auto trained = std::make_shared<MLP>(std::nullopt, 4, 3);
    const Variable x(Arange(10, {2, 5}));
    const Array expected = trained->forward(x).array();
    serializers::save_npz(path, trained);

    auto fresh = std::make_shared<MLP>(std::nullopt, 4, 3);
    ASSERT_FALSE(fresh->l1->W.is_initialized());
    serializers::load_npz(path, fresh);
    ASSERT_TRUE(fresh->l1->W.is_initialized());
    EXPECT_EQ(fresh->l1->W.shape(), Shape({4, 5}));
    EXPECT_EQ(fresh->l1->W.dtype(), Dtype::kFloat32);
    EXPECT_ALLCLOSE(fresh->l1->W.array(), trained->l1->W.array(), 0, 0);
    EXPECT_ALLCLOSE(fresh->forward(x).array(), expected, 0, 0);

    // Loading into an initialized model copies in place (the handle keeps its storage).
    auto other = std::make_shared<MLP>(5, 4, 3);
    const Array w_before = other->l1->W.array();
    serializers::load_npz(path, other);
    EXPECT_EQ(other->l1->W.array().raw_data(), w_before.raw_data());
    EXPECT_ALLCLOSE(other->l1->W.array(), trained->l1->W.array(), 0, 0);
    std::remove(path.c_str());
}

TEST(LinkTest, PersistentValuesAreSerialized) {
    const std::string path = TempPath("link_persistent");
    auto link = std::make_shared<Link>();
    link->add_persistent("avg_mean", Arr({1, 2, 3}));
    link->add_persistent("N", 7);
    link->add_persistent("decay", 0.5);
    link->add_param("p", Shape{2});
    link->register_persistent("p");
    EXPECT_FALSE(link->has_param("p"));
    EXPECT_TRUE(link->has_persistent("p"));
    serializers::save_npz(path, link);

    auto fresh = std::make_shared<Link>();
    fresh->add_persistent("avg_mean", Array::Zeros(Shape{3}));
    fresh->add_persistent("N", 0);
    fresh->add_persistent("decay", 0.0);
    fresh->add_persistent("p", Array());
    serializers::load_npz(path, fresh);
    EXPECT_ALLCLOSE(fresh->persistent<Array>("avg_mean"), Arr({1, 2, 3}));
    EXPECT_EQ(fresh->persistent<int64_t>("N"), 7);
    EXPECT_EQ(fresh->persistent<double>("decay"), 0.5);
    EXPECT_EQ(fresh->persistent<Array>("p").shape(), Shape({2}));
    std::remove(path.c_str());
}

TEST(LinkTest, CopyModes) {
    auto list = std::make_shared<ChainList>();
    list->add_link(std::make_shared<L::Linear>(2, 3));
    Variable y = functions::sum((*std::static_pointer_cast<L::Linear>((*list)[0]))(Variable(Arange(4, {2, 2}))));
    y.backward();

    auto shared = std::static_pointer_cast<ChainList>(list->copy("share"));
    auto original = std::static_pointer_cast<L::Linear>((*list)[0]);
    auto shared_l = std::static_pointer_cast<L::Linear>((*shared)[0]);
    EXPECT_NE(shared_l, original);
    EXPECT_EQ(shared_l->W.array().raw_data(), original->W.array().raw_data());
    EXPECT_FALSE(shared_l->W.grad().defined());
    EXPECT_TRUE(shared_l->W.is(shared_l->param("W")));
    EXPECT_EQ(shared_l->name(), "0");

    auto copied = std::static_pointer_cast<L::Linear>(list->copy("copy")->children()[0]);
    EXPECT_NE(copied->W.array().raw_data(), original->W.array().raw_data());
    EXPECT_ALLCLOSE(copied->W.array(), original->W.array(), 0, 0);

    auto init = std::static_pointer_cast<L::Linear>(original->copy("init"));
    EXPECT_EQ(init->W.shape(), original->W.shape());
    EXPECT_TRUE(init->name().empty());
    EXPECT_THROW(list->copy("deep"), ValueError);
}

TEST(LinkTest, GenericCallDefaultThrows) {
    Link link;
    EXPECT_THROW(link.call({Variable(Arr({1}))}), Error);
    MLP mlp(2, 2, 2);
    EXPECT_EQ(mlp.call({Variable(Arange(4, {2, 2}))}).shape(), Shape({2, 2}));
}

TEST(LinkTest, CopyparamsAndAddgrads) {
    MLP a(3, 2, 2), b(3, 2, 2);
    b.copyparams(a);
    EXPECT_ALLCLOSE(b.l1->W.array(), a.l1->W.array(), 0, 0);
    functions::sum(a.forward(Variable(Arange(3, {1, 3})))).backward();
    b.addgrads(a);
    EXPECT_ALLCLOSE(b.l1->W.grad(), a.l1->W.grad(), 0, 0);
}

TEST(LinkTest, ToCpuReturnsSelf) {
    MLP mlp(3, 2, 2);
    EXPECT_EQ(&mlp.to_cpu(), &mlp);
}

}  // namespace
}  // namespace cnet
