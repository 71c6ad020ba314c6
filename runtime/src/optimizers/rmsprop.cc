// rmsprop.cc — RMSprop's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/rmsprop.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* RMSpropHyperparameter::Field(RMSpropHyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "alpha") return &hp.alpha;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

void RMSpropRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const RMSpropHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    args.alpha = hp.alpha;
    args.eps = hp.eps;
    const Array state[] = {state_at(0)};
    kernels::Update(kernels::UpdateRule::kRmsprop, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
