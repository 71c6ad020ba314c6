// rmsprop.h — chainer.optimizers.RMSprop: ms = alpha * ms + (1 - alpha) * g^2; W -= lr * g / (sqrt(ms) + eps).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct RMSpropHyperparameter {
    double lr = 0.01;
    double alpha = 0.99;
    double eps = 1e-8;
    static double* Field(RMSpropHyperparameter& hp, const std::string& name);
};

/// The rule of RMSprop; state "ms".
class RMSpropRule : public internal::HyperparamRule<RMSpropHyperparameter> {
public:
    explicit RMSpropRule(const RMSpropHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"ms"}; }
    void update_core(Parameter& param) override;
};

/// RMSprop(lr=0.01, alpha=0.99, eps=1e-08).
class RMSprop : public internal::HyperparamOptimizer<RMSpropHyperparameter> {
public:
    explicit RMSprop(double lr = 0.01, double alpha = 0.99, double eps = 1e-8) {
        this->lr = lr;
        this->alpha = alpha;
        this->eps = eps;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<RMSpropRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
