// gradient_hard_clipping.h — chainer.optimizer_hooks.GradientHardClipping: clips every gradient element.
#pragma once

#include "cnet/optimizers/optimizer_hook.h"

namespace cnet {
namespace optimizer_hooks {

/// GradientHardClipping(lower_bound, upper_bound): g = clip(g, lower_bound, upper_bound) (call_for_each_param,
/// timing "pre").
class GradientHardClipping : public OptimizerHook {
public:
    GradientHardClipping(double lower_bound, double upper_bound)
        : OptimizerHook("GradientHardClipping", true), lower_bound(lower_bound), upper_bound(upper_bound) {}
    double lower_bound;
    double upper_bound;
    using OptimizerHook::operator();
    void operator()(UpdateRule& rule, Parameter& param) override;
};

}  // namespace optimizer_hooks
}  // namespace cnet
