// hooks_and_serialize_test.cc — optimizer hooks (WeightDecay, Lasso, GradientClipping,
// GradientHardClipping, function hooks, timing) and optimizer state through save_npz/load_npz.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/linear.h"
#include "cnet/optimizer_hooks/optimizer_hooks.h"
#include "cnet/optimizers/optimizers.h"
#include "cnet/serializers/npz.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace O = optimizers;
namespace H = optimizer_hooks;
using testing_util::Arr;

std::shared_ptr<Link> ParamLink(const Array& w, const Array& u = Array()) {
    auto link = std::make_shared<Link>();
    link->add_param("w", Parameter(w.copy()));
    if (u.defined()) link->add_param("u", Parameter(u.copy()));
    return link;
}

TEST(OptimizerHooksTest, SGDWithWeightDecay) {
    O::SGD opt(0.5);
    opt.setup(ParamLink(Arr({2, -1})));
    opt.add_hook(H::WeightDecay(0.1));
    opt.target->param("w").set_grad(Arr({1, 0}));
    opt.update();  // g = (1 + 0.2, -0.1); w -= 0.5 g
    EXPECT_ALLCLOSE(opt.target->param("w").array(), Arr({2 - 0.6, -1 + 0.05}));
}

TEST(OptimizerHooksTest, WeightDecayReachesParamsWithoutGrads) {
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({1}), Arr({4})));
    opt.add_hook(H::WeightDecay(0.5));
    opt.target->param("w").set_grad(Arr({0}));
    opt.update();  // u's grad was None: zeros, then + 0.5 u
    EXPECT_ALLCLOSE(opt.target->param("u").array(), Arr({2}));
}

TEST(OptimizerHooksTest, LassoAndHardClipping) {
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({2, -3, 0})));
    opt.add_hook(H::Lasso(0.1));
    opt.target->param("w").set_grad(Arr({0, 0, 0}));
    opt.update();
    EXPECT_ALLCLOSE(opt.target->param("w").array(), Arr({1.9, -2.9, 0}));

    O::SGD clip(1.0);
    clip.setup(ParamLink(Arr({0, 0, 0})));
    clip.add_hook(H::GradientHardClipping(-0.5, 0.5));
    clip.target->param("w").set_grad(Arr({-2, 0.3, 1}));
    clip.update();
    EXPECT_ALLCLOSE(clip.target->param("w").array(), Arr({0.5, -0.3, -0.5}));
}

TEST(OptimizerHooksTest, GradientClippingUsesTheGlobalNorm) {
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({0}), Arr({0})));
    opt.add_hook(H::GradientClipping(1.0));
    opt.target->param("w").set_grad(Arr({3}));
    opt.target->param("u").set_grad(Arr({4}));
    opt.update();  // norm 5: grads scaled by 0.2
    EXPECT_ALLCLOSE(opt.target->param("w").array(), Arr({-0.6}));
    EXPECT_ALLCLOSE(opt.target->param("u").array(), Arr({-0.8}));
    opt.remove_hook("GradientClipping");
    opt.add_hook(H::GradientClipping(10.0));
    opt.target->param("w").set_grad(Arr({3}));
    opt.target->param("u").set_grad(Arr({4}));
    opt.update();  // below the threshold: unchanged
    EXPECT_ALLCLOSE(opt.target->param("w").array(), Arr({-3.6}));
}

TEST(OptimizerHooksTest, SharedGradientsAreNotModifiedTwice) {
    // Two parameters holding the same gradient object (as after y = a + b): each hook call must see its own.
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({1}), Arr({1})));
    opt.add_hook(H::WeightDecay(1.0));
    Parameter w = opt.target->param("w"), u = opt.target->param("u");
    w.set_grad(Arr({1}));
    u.set_grad_var(w.grad_var());
    opt.update();  // each grad = 1 + 1
    EXPECT_ALLCLOSE(w.array(), Arr({-1}));
    EXPECT_ALLCLOSE(u.array(), Arr({-1}));
}

TEST(OptimizerHooksTest, NamesTimingAndFunctionHooks) {
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({0})));
    std::vector<std::string> calls;
    opt.add_hook([&](Optimizer& o) { calls.push_back("pre t=" + std::to_string(o.t)); }, "first");
    opt.add_hook([&](Optimizer& o) { calls.push_back("post t=" + std::to_string(o.t)); }, "second", "post");
    EXPECT_THROW(opt.add_hook([](Optimizer&) {}, "first"), ValueError);
    EXPECT_THROW(opt.add_hook([](Optimizer&) {}, ""), ValueError);
    opt.add_hook(H::WeightDecay(0.0));
    EXPECT_THROW(opt.add_hook(H::WeightDecay(0.0)), ValueError);  // the default name is the class name
    opt.add_hook(H::WeightDecay(0.0), "decay2");
    opt.update();
    EXPECT_EQ(calls, (std::vector<std::string>{"pre t=0", "post t=1"}));
    opt.remove_hook("first");
    EXPECT_THROW(opt.remove_hook("first"), ValueError);
}

TEST(OptimizerSerializeTest, ChainerKeyLayout) {
    auto model = std::make_shared<ChainList>();
    model->add_link(std::make_shared<links::Linear>(2, 2));
    O::Adam opt;
    opt.setup(model);
    serializers::DictionarySerializer before;
    opt.serialize(before);
    EXPECT_EQ(before.target()->files(), (std::vector<std::string>{"t", "epoch", "0/W/t", "0/b/t"}));
    for (Parameter& p : model->params()) p.set_grad(Array::Ones(p.shape()));
    opt.update();
    opt.new_epoch();
    serializers::DictionarySerializer after;
    opt.serialize(after);
    const auto& npz = *after.target();
    EXPECT_EQ(npz.files(),
              (std::vector<std::string>{"t", "epoch", "0/W/t", "0/W/m", "0/W/v", "0/b/t", "0/b/m", "0/b/v"}));
    EXPECT_EQ(npz.at("t").item<int64_t>(), 1);
    EXPECT_EQ(npz.at("epoch").item<int64_t>(), 1);
    EXPECT_EQ(npz.at("0/W/m").shape(), Shape({2, 2}));
    EXPECT_ALLCLOSE(npz.at("0/b/m"), Arr({0.1, 0.1}));
}

TEST(OptimizerSerializeTest, ResumedTrainingMatchesUninterrupted) {
    const std::string dir = ::testing::TempDir();
    const std::string model_path = dir + "cnet_opt_model.npz", opt_path = dir + "cnet_opt_state.npz";
    auto make_grads = [](Link& link, int step) {
        for (Parameter& p : link.params()) {
            std::vector<float> g(static_cast<size_t>(p.size()));
            for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>(std::sin(step + 0.7 * i));
            p.set_grad(Array::FromVector(g, p.shape()));
        }
    };
    auto a = std::make_shared<links::Linear>(3, 2);
    O::Adam opt_a(0.05);
    opt_a.setup(a);
    for (int step = 0; step < 3; ++step) {
        make_grads(*a, step);
        opt_a.update();
    }
    serializers::save_npz(model_path, a);
    serializers::save_npz(opt_path, opt_a);

    auto b = std::make_shared<links::Linear>(std::nullopt, 2);
    O::Adam opt_b(0.05);
    opt_b.setup(b);
    serializers::load_npz(model_path, b);
    serializers::load_npz(opt_path, opt_b);
    EXPECT_EQ(opt_b.t, 3);
    EXPECT_EQ(b->W.update_rule()->t, 3);
    for (int step = 3; step < 5; ++step) {
        make_grads(*a, step);
        opt_a.update();
        make_grads(*b, step);
        opt_b.update();
    }
    EXPECT_ALLCLOSE(b->W.array(), a->W.array(), 0, 0);
    EXPECT_ALLCLOSE(b->b.array(), a->b.array(), 0, 0);
    std::remove(model_path.c_str());
    std::remove(opt_path.c_str());
}

}  // namespace
}  // namespace cnet
