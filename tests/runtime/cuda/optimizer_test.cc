// optimizer_test.cc — the optimizer family on the GPU against the CPU: every fused update rule (three steps, the
// parameter and every state array compared), the gradient hooks and the squared norm, in float32, float64 and
// float16 (computed in float32, Note [float16 in the kernels]).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/kernels/optimizer.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::ExpectClose;
using cuda_test::Gpu;
using cuda_test::Uniform;
using kernels::GradHook;
using kernels::UpdateArgs;
using kernels::UpdateRule;

struct RuleCase {
    const char* name;
    UpdateRule rule;
    UpdateArgs args;
};

std::vector<RuleCase> RuleCases() {
    UpdateArgs a;
    a.lr = 0.01, a.momentum = 0.9, a.eps = 1e-6, a.rho = 0.95, a.alpha = 0.99, a.beta1 = 0.9, a.beta2 = 0.999;
    UpdateArgs amsgrad = a, decay = a;
    amsgrad.amsgrad = true;
    decay.weight_decay_rate = 0.01, decay.eta = 0.5;
    return {{"SGD", UpdateRule::kSgd, a},
            {"MomentumSGD", UpdateRule::kMomentumSgd, a},
            {"NesterovAG", UpdateRule::kNesterovAg, a},
            {"AdaGrad", UpdateRule::kAdaGrad, a},
            {"AdaDelta", UpdateRule::kAdaDelta, a},
            {"RMSprop", UpdateRule::kRmsprop, a},
            {"RMSpropGraves", UpdateRule::kRmspropGraves, a},
            {"SMORMS3", UpdateRule::kSmorms3, a},
            {"Adam", UpdateRule::kAdam, a},
            {"Adam (amsgrad)", UpdateRule::kAdam, amsgrad},
            {"AdamW (weight decay, eta)", UpdateRule::kAdam, decay}};
}

TEST(CudaOptimizerTest, EveryUpdateRuleMatchesTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kFloat16}) {
        for (const RuleCase& c : RuleCases()) {
            const std::string what = std::string(c.name) + " " + DtypeName(d);
            const int n = kernels::UpdateStateCount(c.rule, c.args.amsgrad);
            Array p = Uniform(Shape{3, 5}, d, -1, 1, 1);
            std::vector<Array> s;  // positive states: the running squares and means of every rule
            for (int i = 0; i < n; ++i) s.push_back(Uniform(Shape{3, 5}, d, 0.1, 1, 10 + i));
            Array gp = p.to_device(Gpu());
            std::vector<Array> gs;
            for (const Array& a : s) gs.push_back(a.to_device(Gpu()));
            for (int step = 0; step < 3; ++step) {
                const Array g = Uniform(Shape{3, 5}, d, -1, 1, 20 + step);
                kernels::Update(c.rule, c.args, p, g, s.data());
                kernels::Update(c.rule, c.args, gp, g.to_device(Gpu()), gs.data());
            }
            ExpectClose(gp, p, what + ": param");
            for (int i = 0; i < n; ++i) ExpectClose(gs[i], s[i], what + ": state " + std::to_string(i));
        }
    }
}

TEST(CudaOptimizerTest, GradHooksAndSquaredNormMatchTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    struct HookCase {
        const char* name;
        GradHook hook;
        double a, b;
    };
    for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kFloat16}) {
        for (const HookCase& h : {HookCase{"WeightDecay", GradHook::kWeightDecay, 0.1, 0},
                                  HookCase{"Lasso", GradHook::kLasso, 0.1, 0},
                                  HookCase{"GradientHardClipping", GradHook::kHardClip, -0.5, 0.5},
                                  HookCase{"scale", GradHook::kScale, 0.25, 0}}) {
            const Array p = Uniform(Shape{4, 6}, d, -1, 1, 2), g = Uniform(Shape{4, 6}, d, -1, 1, 3);
            const Array gg = g.to_device(Gpu());
            kernels::ApplyGradHook(h.hook, g, p, h.a, h.b);
            kernels::ApplyGradHook(h.hook, gg, p.to_device(Gpu()), h.a, h.b);
            ExpectClose(gg, g, std::string(h.name) + " " + DtypeName(d));
        }
        const Array g = Uniform(Shape{7, 9}, d, -1, 1, 4);
        EXPECT_NEAR(kernels::SquaredNorm(g.to_device(Gpu())), kernels::SquaredNorm(g), 1e-9 * kernels::SquaredNorm(g))
            << DtypeName(d);
    }
}

}  // namespace
}  // namespace cnet
