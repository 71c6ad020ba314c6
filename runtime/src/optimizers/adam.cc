// adam.cc — Adam's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/adam.h"

#include <cmath>

#include "optimizers/kernel_util.h"

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

namespace {

template <typename T>
void AdamKernel(const AdamHyperparameter& hp, double lr_value, const Array& p, const Array& g, const Array& m,
                const Array& v, const Array& vhat) {
    const T c1 = static_cast<T>(1 - hp.beta1);
    const T c2 = static_cast<T>(1 - hp.beta2);
    const T eps = static_cast<T>(hp.eps);
    CNET_CHECK_AS(ValueError, hp.eps == 0 || eps != 0, "eps of Adam optimizer is too small for ",
                  DtypeName(p.dtype()), " (", hp.eps, ")");
    const T lr = static_cast<T>(lr_value);
    const T eta = static_cast<T>(hp.eta);
    const T wd = static_cast<T>(hp.weight_decay_rate);
    const bool plain = hp.eta == 1.0 && hp.weight_decay_rate == 0.0;
    internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto pb = internal::Block<T>(p, b, e);
        auto gb = internal::ConstBlock<T>(g, b, e);
        auto mb = internal::Block<T>(m, b, e);
        auto vb = internal::Block<T>(v, b, e);
        // m += (1 - beta1)(g - m); v += (1 - beta2)(g^2 - v)
        mb += c1 * (gb - mb);
        vb += c2 * (gb.square() - vb);
        if (hp.amsgrad) {
            auto hb = internal::Block<T>(vhat, b, e);
            hb = hb.max(vb);  // vhat = max(vhat, v)
            if (plain) pb -= lr * mb / (hb.sqrt() + eps);
            else pb -= eta * (lr * mb / (hb.sqrt() + eps) + wd * pb);
        } else {
            // p -= eta (lr m / (sqrt(v) + eps) + weight_decay_rate p); eta = 1, wd = 0 is the same in floats
            if (plain) pb -= lr * mb / (vb.sqrt() + eps);
            else pb -= eta * (lr * mb / (vb.sqrt() + eps) + wd * pb);
        }
    });
}

}  // namespace

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
    CNET_DISPATCH_FLOAT(p.dtype(), T, { AdamKernel<T>(hp, lr(), p, g, state_at(0), state_at(1), vhat); });
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
