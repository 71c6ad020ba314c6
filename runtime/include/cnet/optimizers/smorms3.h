// smorms3.h — chainer.optimizers.SMORMS3 (Simon Funk's "squared mean over root mean squared, cubed"):
// r = 1 / (mem + 1); g = (1 - r) g + r grad; g2 = (1 - r) g2 + r grad^2; x = g^2 / (g2 + eps);
// W -= grad min(x, lr) / (sqrt(g2) + eps); mem = 1 + mem (1 - x).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct SMORMS3Hyperparameter {
    double lr = 0.001;
    double eps = 1e-16;
    static double* Field(SMORMS3Hyperparameter& hp, const std::string& name);
};

/// The rule of SMORMS3; states "mem" (starts at 1), "g", "g2".
class SMORMS3Rule : public internal::HyperparamRule<SMORMS3Hyperparameter> {
public:
    explicit SMORMS3Rule(const SMORMS3Hyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"mem", "g", "g2"}; }
    Array initial_state(const std::string& key, const Parameter& param) const override;
    void update_core(Parameter& param) override;
};

/// SMORMS3(lr=0.001, eps=1e-16).
class SMORMS3 : public internal::HyperparamOptimizer<SMORMS3Hyperparameter> {
public:
    explicit SMORMS3(double lr = 0.001, double eps = 1e-16) {
        this->lr = lr;
        this->eps = eps;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<SMORMS3Rule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
