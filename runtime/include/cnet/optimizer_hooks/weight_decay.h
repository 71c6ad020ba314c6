// weight_decay.h — chainer.optimizer_hooks.WeightDecay: g += rate * W for every parameter.
#pragma once

#include "cnet/optimizers/optimizer_hook.h"

namespace cnet {
namespace optimizer_hooks {

/// WeightDecay(rate): L2 regularization (call_for_each_param, timing "pre").
class WeightDecay : public OptimizerHook {
public:
    explicit WeightDecay(double rate) : OptimizerHook("WeightDecay", true), rate(rate) {}
    double rate;
    using OptimizerHook::operator();
    void operator()(UpdateRule& rule, Parameter& param) override;
};

}  // namespace optimizer_hooks
}  // namespace cnet
