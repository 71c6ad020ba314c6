// ada_delta.h — chainer.optimizers.AdaDelta: msg = rho * msg + (1 - rho) * g^2;
// dx = sqrt((msdx + eps) / (msg + eps)) * g; msdx = rho * msdx + (1 - rho) * dx^2; W -= dx.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace optimizers {

struct AdaDeltaHyperparameter {
    double rho = 0.95;
    double eps = 1e-6;
    static double* Field(AdaDeltaHyperparameter& hp, const std::string& name);
};

/// The rule of AdaDelta; states "msg" and "msdx".
class AdaDeltaRule : public internal::HyperparamRule<AdaDeltaHyperparameter> {
public:
    explicit AdaDeltaRule(const AdaDeltaHyperparameter* parent = nullptr) : HyperparamRule(parent) {}
    std::vector<std::string> state_keys() const override { return {"msg", "msdx"}; }
    void update_core(Parameter& param) override;
};

/// AdaDelta(rho=0.95, eps=1e-06).
class AdaDelta : public internal::HyperparamOptimizer<AdaDeltaHyperparameter> {
public:
    explicit AdaDelta(double rho = 0.95, double eps = 1e-6) {
        this->rho = rho;
        this->eps = eps;
    }
    std::shared_ptr<UpdateRule> create_update_rule() override { return std::make_shared<AdaDeltaRule>(this); }
};

}  // namespace optimizers
}  // namespace cnet
