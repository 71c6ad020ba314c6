// momentum_sgd.cc — MomentumSGD's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/momentum_sgd.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* MomentumSGDHyperparameter::Field(MomentumSGDHyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "momentum") return &hp.momentum;
    return nullptr;
}

void MomentumSGDRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const MomentumSGDHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    args.momentum = hp.momentum;
    const Array state[] = {state_at(0)};
    kernels::Update(kernels::UpdateRule::kMomentumSgd, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
