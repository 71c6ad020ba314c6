// adam.cc — Adam's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/adam.h"

#include <cmath>

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* AdamHyperparameter::Field(AdamHyperparameter& hp, const std::string& name) {
    if (name == "alpha") return &hp.alpha;
    if (name == "beta1") return &hp.beta1;
    if (name == "beta2") return &hp.beta2;
    if (name == "eps") return &hp.eps;
    if (name == "eta") return &hp.eta;
    if (name == "weight_decay_rate") return &hp.weight_decay_rate;
    return nullptr;
}

double AdamLearningRate(const AdamHyperparameter& hp, int64_t t) {
    CNET_CHECK(t > 0,
               "Can't determine the learning rate of Adam optimizer because the update steps have not been started.");
    const double fix1 = 1.0 - std::pow(hp.beta1, static_cast<double>(t));
    const double fix2 = 1.0 - std::pow(hp.beta2, static_cast<double>(t));
    return hp.alpha * std::sqrt(fix2) / fix1;
}

std::vector<std::string> AdamRule::state_keys() const {
    if (hyperparam().amsgrad) return {"m", "v", "vhat"};
    return {"m", "v"};
}

void AdamRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const AdamHyperparameter& hp = hyperparam();
    const Array vhat = hp.amsgrad ? state_at(2) : Array();
    kernels::UpdateArgs args;
    args.lr = lr();
    args.beta1 = hp.beta1;
    args.beta2 = hp.beta2;
    args.eps = hp.eps;
    args.eta = hp.eta;
    args.weight_decay_rate = hp.weight_decay_rate;
    args.amsgrad = hp.amsgrad;
    const Array state[] = {state_at(0), state_at(1), vhat};
    kernels::Update(kernels::UpdateRule::kAdam, args, p, g, state);
}

double AdamRule::get_hyperparam(const std::string& name) const {
    if (name == "amsgrad") return hyperparam().amsgrad ? 1.0 : 0.0;
    if (name == "lr") return lr();
    return HyperparamRule::get_hyperparam(name);
}

void AdamRule::set_hyperparam(const std::string& name, double value) {
    if (name == "amsgrad") {
        mutable_hyperparam().amsgrad = value != 0;
        return;
    }
    HyperparamRule::set_hyperparam(name, value);
}

Adam::Adam(double alpha, double beta1, double beta2, double eps, double eta, double weight_decay_rate, bool amsgrad) {
    this->alpha = alpha;
    this->beta1 = beta1;
    this->beta2 = beta2;
    this->eps = eps;
    this->eta = eta;
    this->weight_decay_rate = weight_decay_rate;
    this->amsgrad = amsgrad;
}

double Adam::get_hyperparam(const std::string& name) const {
    if (name == "amsgrad") return amsgrad ? 1.0 : 0.0;
    if (name == "lr") return lr();
    return HyperparamOptimizer::get_hyperparam(name);
}

void Adam::set_hyperparam(const std::string& name, double value) {
    if (name == "amsgrad") {
        amsgrad = value != 0;
        return;
    }
    CNET_CHECK_AS(ValueError, name != "lr", "Adam's lr is computed from alpha: set 'alpha' instead");
    HyperparamOptimizer::set_hyperparam(name, value);
}

}  // namespace optimizers
}  // namespace cnet
