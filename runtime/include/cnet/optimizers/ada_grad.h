// ada_grad.h — chainer.optimizers.AdaGrad: h += g^2; W -= lr * g / (sqrt(h) + eps).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct AdaGradHyperparameter {
    double lr = 0.001;
    double eps = 1e-8;
    static double* Field(AdaGradHyperparameter& hp, const std::string& name);
};

/// The rule of AdaGrad; state "h".
class AdaGradRule : public internal::HyperparamRule<AdaGradHyperparameter> {
public:
    explicit AdaGradRule(const AdaGradHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"h"}; }
    void update_core(Parameter& param) override;
};

/// AdaGrad(lr=0.001, eps=1e-08).
class AdaGrad : public internal::HyperparamOptimizer<AdaGradHyperparameter> {
public:
    explicit AdaGrad(double lr = 0.001, double eps = 1e-8) {
        this->lr = lr;
        this->eps = eps;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<AdaGradRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
