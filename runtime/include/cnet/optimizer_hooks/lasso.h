// lasso.h — chainer.optimizer_hooks.Lasso: g += rate * sign(W) for every parameter.
#pragma once

#include "cnet/optimizers/optimizer_hook.h"

namespace cnet {
namespace optimizer_hooks {

/// Lasso(rate): L1 regularization (call_for_each_param, timing "pre").
class Lasso : public OptimizerHook {
public:
    explicit Lasso(double rate) : OptimizerHook("Lasso", true), rate(rate) {}
    double rate;
    using OptimizerHook::operator();
    void operator()(UpdateRule& rule, Parameter& param) override;
};

}  // namespace optimizer_hooks
}  // namespace cnet
