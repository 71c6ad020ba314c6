// optimizer_test.cc — update rules computed by hand (SGD, MomentumSGD, Adam, AdaGrad, RMSprop, NesterovAG,
// AdaDelta), float32/float64 and the parallel path, hyperparameters by name, and the update loop.
#include "cnet/optimizers/optimizer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/optimizer_hooks/optimizer_hooks.h"
#include "cnet/optimizers/optimizers.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace O = optimizers;
using testing_util::Arr;

/// A link with parameters "w" (and "u" when given), for exact hand computations.
std::shared_ptr<Link> ParamLink(const Array& w, const Array& u = Array()) {
    auto link = std::make_shared<Link>();
    link->add_param("w", Parameter(w.copy()));
    if (u.defined()) link->add_param("u", Parameter(u.copy()));
    return link;
}

void Step(Optimizer& opt, const Array& g) {
    opt.target->param("w").set_grad(g.copy());
    opt.update();
}

Array W(const Optimizer& opt) { return opt.target->param("w").array(); }

TEST(SGDTest, OneStep) {
    for (Dtype dtype : {Dtype::kFloat32, Dtype::kFloat64}) {
        O::SGD opt(0.5);
        opt.setup(ParamLink(Arr({1, 2}, dtype)));
        Step(opt, Arr({2, -4}, dtype));
        EXPECT_ALLCLOSE(W(opt), Arr({0, 4}, dtype), 0, 0);
        EXPECT_EQ(opt.t, 1);
        EXPECT_EQ(opt.target->param("w").update_rule()->t, 1);
    }
}

TEST(MomentumSGDTest, TwoStepsByHand) {
    O::MomentumSGD opt(0.1, 0.9);
    opt.setup(ParamLink(Arr({1}, Dtype::kFloat64)));
    Step(opt, Arr({1}, Dtype::kFloat64));  // v = -0.1, w = 0.9
    EXPECT_ALLCLOSE(W(opt), Arr({0.9}, Dtype::kFloat64), 1e-12, 0);
    Step(opt, Arr({2}, Dtype::kFloat64));  // v = 0.9 * -0.1 - 0.2 = -0.29, w = 0.61
    EXPECT_ALLCLOSE(W(opt), Arr({0.61}, Dtype::kFloat64), 1e-12, 0);
    EXPECT_ALLCLOSE(opt.target->param("w").update_rule()->state("v"), Arr({-0.29}, Dtype::kFloat64), 1e-12, 0);
}

// A float16 parameter (AlexFp16 without use_fp32_update): the parameter and its state stay float16, each step
// computed in float32 and rounded (Chainer rounds after every NumPy float16 operation; the two agree to float16
// precision). The same for the gradient hooks.
TEST(MomentumSGDTest, Float16ParameterStaysFloat16) {
    const Array w0 = testing_util::Uniform(Shape{50}, -1, 1, Dtype::kFloat16, 1);
    const Array g0 = testing_util::Uniform(Shape{50}, -1, 1, Dtype::kFloat16, 2);
    O::MomentumSGD half(0.1, 0.9), single(0.1, 0.9);
    half.setup(ParamLink(w0));
    single.setup(ParamLink(w0.astype(Dtype::kFloat32)));
    half.add_hook(optimizer_hooks::WeightDecay(1e-2));
    single.add_hook(optimizer_hooks::WeightDecay(1e-2));
    for (int step = 0; step < 3; ++step) {
        Step(half, g0);
        Step(single, g0.astype(Dtype::kFloat32));
    }
    EXPECT_EQ(W(half).dtype(), Dtype::kFloat16);
    EXPECT_EQ(half.target->param("w").update_rule()->state("v").dtype(), Dtype::kFloat16);
    EXPECT_ALLCLOSE(W(half).astype(Dtype::kFloat64), W(single).astype(Dtype::kFloat64), 2e-3, 2e-3);
    EXPECT_ALLCLOSE(half.target->param("w").update_rule()->state("v").astype(Dtype::kFloat64),
                    single.target->param("w").update_rule()->state("v").astype(Dtype::kFloat64), 2e-3, 2e-3);
}

TEST(AdamTest, TwoStepsByHand) {
    for (Dtype dtype : {Dtype::kFloat64, Dtype::kFloat32}) {
        O::Adam opt(0.1);
        opt.setup(ParamLink(Arr({1, -2}, dtype)));
        Step(opt, Arr({0.5, 1}, dtype));
        // t=1: m = 0.1 g, v = 0.001 g^2, lr = 0.1 sqrt(0.001) / 0.1, so the step is 0.1 * sign(g)
        EXPECT_ALLCLOSE(W(opt), Arr({0.9, -2.1}, dtype), 1e-6, 1e-6);
        EXPECT_NEAR(opt.lr(), 0.1 * std::sqrt(1 - 0.999) / (1 - 0.9), 1e-12);
        Step(opt, Arr({-1, 2}, dtype));
        const double g1[] = {0.5, 1}, g2[] = {-1, 2}, w1[] = {0.9, -2.1};
        std::vector<double> expected;
        for (int i = 0; i < 2; ++i) {
            const double m = 0.9 * (0.1 * g1[i]) + 0.1 * g2[i];
            const double v = 0.999 * (0.001 * g1[i] * g1[i]) + 0.001 * g2[i] * g2[i];
            const double lr = 0.1 * std::sqrt(1 - 0.999 * 0.999) / (1 - 0.9 * 0.9);
            expected.push_back(w1[i] - lr * m / (std::sqrt(v) + 1e-8));
        }
        EXPECT_ALLCLOSE(W(opt), Arr({expected[0], expected[1]}, dtype), 1e-6, 1e-6);
        EXPECT_EQ(opt.target->param("w").update_rule()->states().size(), 2u);
    }
}

TEST(AdamTest, WeightDecayRateEtaAndAmsgrad) {
    O::Adam opt(0.1, 0.9, 0.999, 1e-8, /*eta=*/0.5, /*weight_decay_rate=*/0.1, /*amsgrad=*/true);
    opt.setup(ParamLink(Arr({1}, Dtype::kFloat64)));
    Step(opt, Arr({0.5}, Dtype::kFloat64));
    // w -= eta (lr m / (sqrt(vhat) + eps) + wd w) = 0.5 (0.1 + 0.1)
    EXPECT_ALLCLOSE(W(opt), Arr({0.9}, Dtype::kFloat64), 1e-7, 0);
    auto rule = opt.target->param("w").update_rule();
    EXPECT_EQ(rule->states().size(), 3u);
    Step(opt, Arr({0}, Dtype::kFloat64));  // v decays but vhat keeps its maximum
    EXPECT_ALLCLOSE(rule->state("vhat"), Arr({0.001 * 0.25}, Dtype::kFloat64), 1e-15, 0);
}

TEST(AdamTest, TooSmallEpsIsRejectedForFloat32) {
    O::Adam opt(0.001, 0.9, 0.999, 1e-50);
    opt.setup(ParamLink(Arr({1})));
    EXPECT_THROW(Step(opt, Arr({1})), ValueError);
}

TEST(OtherRulesTest, AdaGradRMSpropNesterovAdaDelta) {
    const Dtype f64 = Dtype::kFloat64;
    {
        O::AdaGrad opt(0.1);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({2}, f64));  // h = 4, w = 1 - 0.1 * 2 / 2
        Step(opt, Arr({1}, f64));  // h = 5
        EXPECT_ALLCLOSE(W(opt), Arr({1 - 0.2 / (2 + 1e-8) - 0.1 / (std::sqrt(5.0) + 1e-8)}, f64), 1e-12, 0);
    }
    {
        O::RMSprop opt(0.1, 0.9);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({2}, f64));  // ms = 0.4
        EXPECT_ALLCLOSE(W(opt), Arr({1 - 0.1 * 2 / (std::sqrt(0.4) + 1e-8)}, f64), 1e-12, 0);
    }
    {
        O::NesterovAG opt(0.1, 0.9);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({1}, f64));  // v = -0.1; w += 0.81 v - 1.9 * 0.1
        EXPECT_ALLCLOSE(W(opt), Arr({0.729}, f64), 1e-12, 0);
    }
    {
        O::AdaDelta opt(0.95, 1e-6);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({1}, f64));
        const double dx = std::sqrt(1e-6 / (0.05 + 1e-6));
        EXPECT_ALLCLOSE(W(opt), Arr({1 - dx}, f64), 1e-12, 0);
        EXPECT_ALLCLOSE(opt.target->param("w").update_rule()->state("msdx"), Arr({0.05 * dx * dx}, f64), 1e-15, 0);
    }
}

TEST(OtherRulesTest, RMSpropGravesAndSMORMS3) {
    const Dtype f64 = Dtype::kFloat64;
    {
        O::RMSpropGraves opt(0.1, 0.9, 0.5, 1e-4);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({2}, f64));  // n = 0.4, g = 0.2, delta = -0.1 * 2 / sqrt(0.4 - 0.04 + 1e-4)
        const double delta = -0.2 / std::sqrt(0.36 + 1e-4);
        EXPECT_ALLCLOSE(W(opt), Arr({1 + delta}, f64), 1e-12, 0);
        Step(opt, Arr({0}, f64));  // n = 0.36, g = 0.18, delta = 0.5 delta
        EXPECT_ALLCLOSE(W(opt), Arr({1 + 1.5 * delta}, f64), 1e-12, 0);
    }
    {
        O::SMORMS3 opt(0.5);
        opt.setup(ParamLink(Arr({1}, f64)));
        Step(opt, Arr({2}, f64));  // mem 1: r = 0.5, g = 1, g2 = 2, x = 0.5; w -= 2 * 0.5 / sqrt(2)
        EXPECT_ALLCLOSE(W(opt), Arr({1 - 1 / std::sqrt(2.0)}, f64), 1e-12, 0);
        EXPECT_ALLCLOSE(opt.target->param("w").update_rule()->state("mem"), Arr({1.5}, f64), 1e-12, 0);
    }
}

TEST(AdamTest, LargeParameterUsesTheSameMath) {
    // Above the parallel threshold, every element must still get exactly its own update.
    const int64_t n = 100003;
    std::vector<float> w(n), g(n);
    for (int64_t i = 0; i < n; ++i) {
        w[i] = static_cast<float>(std::sin(0.001 * i));
        g[i] = static_cast<float>(std::cos(0.003 * i));
    }
    O::Adam opt(0.01);
    opt.setup(ParamLink(Array::FromVector(w)));
    Step(opt, Array::FromVector(g));
    const std::vector<float> got = W(opt).to_vector<float>();
    const double lr = 0.01 * std::sqrt(1 - 0.999) / (1 - 0.9);
    for (int64_t i = 0; i < n; i += 997) {
        const double m = 0.1 * g[i], v = 0.001 * double(g[i]) * g[i];
        ASSERT_NEAR(got[i], w[i] - lr * m / (std::sqrt(v) + 1e-8), 2e-6) << "at " << i;
    }
    ASSERT_NEAR(got[n - 1], w[n - 1] - lr * 0.1 * g[n - 1] / (std::sqrt(0.001 * double(g[n - 1]) * g[n - 1]) + 1e-8),
                2e-6);
}

TEST(OptimizerTest, HyperparametersByNameFollowTheOptimizer) {
    auto opt = std::make_unique<O::MomentumSGD>(0.1);
    opt->setup(ParamLink(Arr({1})));
    auto rule = opt->target->param("w").update_rule();
    EXPECT_EQ(opt->get_hyperparam("lr"), 0.1);
    opt->set_hyperparam("lr", 0.3);
    EXPECT_EQ(opt->lr, 0.3);
    EXPECT_EQ(rule->get_hyperparam("lr"), 0.3);
    opt->momentum = 0.5;
    EXPECT_EQ(rule->get_hyperparam("momentum"), 0.5);
    EXPECT_THROW(opt->get_hyperparam("alpha"), ValueError);
    EXPECT_FALSE(opt->has_hyperparam("alpha"));
    // A per-rule value shadows the optimizer's from then on.
    rule->set_hyperparam("lr", 1.0);
    opt->lr = 0.01;
    EXPECT_EQ(rule->get_hyperparam("lr"), 1.0);
    // The rule survives its optimizer with the values it had.
    opt.reset();
    EXPECT_EQ(rule->get_hyperparam("momentum"), 0.5);
}

TEST(OptimizerTest, AdamLrPropertyAndAlpha) {
    O::Adam opt;
    opt.setup(ParamLink(Arr({1})));
    EXPECT_TRUE(opt.has_hyperparam("lr"));
    EXPECT_THROW(opt.get_hyperparam("lr"), Error);  // before the first update
    Step(opt, Arr({1}));
    EXPECT_NEAR(opt.get_hyperparam("lr"), 0.001 * std::sqrt(1 - 0.999) / 0.1, 1e-15);
    opt.set_hyperparam("alpha", 0.01);
    EXPECT_EQ(opt.alpha, 0.01);
    EXPECT_THROW(opt.set_hyperparam("lr", 1), ValueError);
    EXPECT_EQ(opt.get_hyperparam("amsgrad"), 0.0);
}

TEST(OptimizerTest, UpdateWithLossFunctionClearsGradsFirst) {
    O::SGD opt(0.1);
    opt.setup(ParamLink(Arr({1, 2})));
    Parameter w = opt.target->param("w");
    w.set_grad(Arr({100, 100}));  // stale: must not leak into the step
    opt.update([&] { return functions::sum(w * w); });  // grad 2w
    EXPECT_ALLCLOSE(w.array(), Arr({0.8, 1.6}));
    // update(lossfun, args...)
    opt.update([&](const Variable& scale) { return functions::sum(w * scale); }, Variable(Arr({1, 1}), false));
    EXPECT_ALLCLOSE(w.array(), Arr({0.7, 1.5}));
    EXPECT_EQ(opt.t, 2);
}

TEST(OptimizerTest, ClearedGradsBecomeZerosAndDisabledRulesSkip) {
    O::MomentumSGD opt(0.1, 0.9);
    opt.setup(ParamLink(Arr({1}), Arr({5})));
    Parameter w = opt.target->param("w"), u = opt.target->param("u");
    w.set_grad(Arr({1}));
    opt.update();  // u has no grad: it gets zeros and its state is created
    EXPECT_TRUE(u.grad().defined());
    EXPECT_ALLCLOSE(u.array(), Arr({5}));
    EXPECT_TRUE(u.update_rule()->has_state());
    u.update_rule()->enabled = false;
    u.set_grad(Arr({1}));
    opt.update();
    EXPECT_ALLCLOSE(u.array(), Arr({5}));
    EXPECT_EQ(u.update_rule()->t, 1);
    opt.target->disable_update();
    EXPECT_FALSE(opt.target->update_enabled());
}

TEST(OptimizerTest, LossScaleDividesGradients) {
    O::SGD opt(1.0);
    opt.setup(ParamLink(Arr({1})));
    opt.set_loss_scale(4.0);
    Step(opt, Arr({2}));
    EXPECT_ALLCLOSE(W(opt), Arr({0.5}));
}

TEST(OptimizerTest, NewEpochAndSharedParametersUpdateOnce) {
    auto shared = std::make_shared<Link>();
    shared->add_param("w", Parameter(Arr({1})));
    auto list = std::make_shared<ChainList>();
    list->add_link(shared);
    list->add_link(shared);  // the same link twice
    O::SGD opt(1.0);
    opt.setup(list);
    shared->param("w").set_grad(Arr({1}));
    opt.update();
    EXPECT_ALLCLOSE(shared->param("w").array(), Arr({0}));
    opt.new_epoch();
    EXPECT_EQ(opt.epoch, 1);
}

}  // namespace
}  // namespace cnet
