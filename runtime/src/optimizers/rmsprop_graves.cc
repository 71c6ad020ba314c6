// rmsprop_graves.cc — RMSpropGraves' fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/rmsprop_graves.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* RMSpropGravesHyperparameter::Field(RMSpropGravesHyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "alpha") return &hp.alpha;
    if (name == "momentum") return &hp.momentum;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

void RMSpropGravesRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const RMSpropGravesHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    args.alpha = hp.alpha;
    args.momentum = hp.momentum;
    args.eps = hp.eps;
    const Array state[] = {state_at(0), state_at(1), state_at(2)};
    kernels::Update(kernels::UpdateRule::kRmspropGraves, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
