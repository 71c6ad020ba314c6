// rmsprop_graves.h — chainer.optimizers.RMSpropGraves (Alex Graves' RMSprop with momentum):
// n = a n + (1 - a) g^2; gbar = a gbar + (1 - a) g; delta = m delta - lr g / sqrt(n - gbar^2 + eps); W += delta.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct RMSpropGravesHyperparameter {
    double lr = 1e-4;
    double alpha = 0.95;
    double momentum = 0.9;
    double eps = 1e-4;
    static double* Field(RMSpropGravesHyperparameter& hp, const std::string& name);
};

/// The rule of RMSpropGraves; states "n", "g", "delta".
class RMSpropGravesRule : public internal::HyperparamRule<RMSpropGravesHyperparameter> {
public:
    explicit RMSpropGravesRule(const RMSpropGravesHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"n", "g", "delta"}; }
    void update_core(Parameter& param) override;
};

/// RMSpropGraves(lr=0.0001, alpha=0.95, momentum=0.9, eps=0.0001).
class RMSpropGraves : public internal::HyperparamOptimizer<RMSpropGravesHyperparameter> {
public:
    explicit RMSpropGraves(double lr = 1e-4, double alpha = 0.95, double momentum = 0.9, double eps = 1e-4) {
        this->lr = lr;
        this->alpha = alpha;
        this->momentum = momentum;
        this->eps = eps;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<RMSpropGravesRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
