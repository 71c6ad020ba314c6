// nesterov_ag.h — chainer.optimizers.NesterovAG: Nesterov's accelerated gradient,
// v = momentum * v - lr * g; W += momentum^2 * v - (1 + momentum) * lr * g.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct NesterovAGHyperparameter {
    double lr = 0.01;
    double momentum = 0.9;
    static double* Field(NesterovAGHyperparameter& hp, const std::string& name);
};

/// The rule of NesterovAG; state "v".
class NesterovAGRule : public internal::HyperparamRule<NesterovAGHyperparameter> {
public:
    explicit NesterovAGRule(const NesterovAGHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"v"}; }
    void update_core(Parameter& param) override;
};

/// NesterovAG(lr=0.01, momentum=0.9).
class NesterovAG : public internal::HyperparamOptimizer<NesterovAGHyperparameter> {
public:
    explicit NesterovAG(double lr = 0.01, double momentum = 0.9) {
        this->lr = lr;
        this->momentum = momentum;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<NesterovAGRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
