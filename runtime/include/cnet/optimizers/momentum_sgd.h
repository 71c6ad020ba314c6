// momentum_sgd.h — chainer.optimizers.MomentumSGD: v = momentum * v - lr * g; W += v.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct MomentumSGDHyperparameter {
    double lr = 0.01;
    double momentum = 0.9;
    static double* Field(MomentumSGDHyperparameter& hp, const std::string& name);
};

/// The rule of MomentumSGD; state "v".
class MomentumSGDRule : public internal::HyperparamRule<MomentumSGDHyperparameter> {
public:
    explicit MomentumSGDRule(const MomentumSGDHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"v"}; }
    void update_core(Parameter& param) override;
};

/// MomentumSGD(lr=0.01, momentum=0.9).
class MomentumSGD : public internal::HyperparamOptimizer<MomentumSGDHyperparameter> {
public:
    explicit MomentumSGD(double lr = 0.01, double momentum = 0.9) {
        this->lr = lr;
        this->momentum = momentum;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<MomentumSGDRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
