// gradient_clipping.h — chainer.optimizer_hooks.GradientClipping: rescales all gradients when their global
// L2 norm exceeds a threshold.
#pragma once

#include "cnet/optimizers/optimizer_hook.h"

namespace cnet {
namespace optimizer_hooks {

/// GradientClipping(threshold): norm = sqrt(sum of squared grads over all parameters); when
/// threshold / norm < 1 every grad is multiplied by it (optimizer-level, timing "pre").
class GradientClipping : public OptimizerHook {
public:
    explicit GradientClipping(double threshold) : OptimizerHook("GradientClipping", false), threshold(threshold) {}
    double threshold;
    using OptimizerHook::operator();
    void operator()(Optimizer& optimizer) override;
};

}  // namespace optimizer_hooks
}  // namespace cnet
