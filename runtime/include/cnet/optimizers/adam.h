// adam.h — chainer.optimizers.Adam (with Chainer's AdamW options eta/weight_decay_rate and AMSGrad):
// m += (1 - beta1)(g - m); v += (1 - beta2)(g^2 - v); vhat = amsgrad ? max(vhat, v) : v;
// W -= eta * (lr * m / (sqrt(vhat) + eps) + weight_decay_rate * W), lr = alpha sqrt(1 - beta2^t) / (1 - beta1^t).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct AdamHyperparameter {
    double alpha = 0.001;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double eta = 1.0;
    double weight_decay_rate = 0.0;
    bool amsgrad = false;
    /// The double field named `name`, or null ("amsgrad" is handled by the classes, as 0/1).
    static double* Field(AdamHyperparameter& hp, const std::string& name);
};

/// The bias-corrected step size alpha * sqrt(1 - beta2^t) / (1 - beta1^t) (Error when t == 0).
double AdamLearningRate(const AdamHyperparameter& hp, int64_t t);

/// The rule of Adam; states "m", "v" (and "vhat" with amsgrad).
class AdamRule : public internal::HyperparamRule<AdamHyperparameter> {
public:
    explicit AdamRule(const AdamHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override;
    void update_core(Parameter& param) override;
    /// This rule's effective learning rate (uses the rule's t).
    double lr() const { return AdamLearningRate(hyperparam(), t); }
    double get_hyperparam(const std::string& name) const override;
    void set_hyperparam(const std::string& name, double value) override;
};

/// Adam(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-08, eta=1.0, weight_decay_rate=0, amsgrad=False).
class Adam : public internal::HyperparamOptimizer<AdamHyperparameter> {
public:
    explicit Adam(double alpha = 0.001, double beta1 = 0.9, double beta2 = 0.999, double eps = 1e-8, double eta = 1.0,
                  double weight_decay_rate = 0.0, bool amsgrad = false);
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<AdamRule>(this); }
    /// Chainer's read-only `lr` property: the step size at the optimizer's t (Error before the first update).
    double lr() const { return AdamLearningRate(hyperparam(), t); }
    /// Also answers "lr" (the property) and "amsgrad" (0/1).
    double get_hyperparam(const std::string& name) const override;
    void set_hyperparam(const std::string& name, double value) override;
};

}  // namespace optimizers
}  // namespace cnet
