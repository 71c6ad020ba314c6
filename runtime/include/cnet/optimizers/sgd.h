// sgd.h — chainer.optimizers.SGD: vanilla stochastic gradient descent, W -= lr * g.
#pragma once

#include <memory>
#include <string>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct SGDHyperparameter {
    double lr = 0.01;
    /// The field named `name`, or null.
    static double* Field(SGDHyperparameter& hp, const std::string& name);
};

/// The rule of SGD (stateless).
class SGDRule : public internal::HyperparamRule<SGDHyperparameter> {
public:
    explicit SGDRule(const SGDHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    void update_core(Parameter& param) override;
};

/// SGD(lr=0.01).
class SGD : public internal::HyperparamOptimizer<SGDHyperparameter> {
public:
    explicit SGD(double lr = 0.01) { this->lr = lr; }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<SGDRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
