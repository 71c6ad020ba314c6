// ada_delta.cc — AdaDelta's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/ada_delta.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* AdaDeltaHyperparameter::Field(AdaDeltaHyperparameter& hp, const std::string& name) {
    if (name == "rho") return &hp.rho;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

void AdaDeltaRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const AdaDeltaHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.rho = hp.rho;
    args.eps = hp.eps;
    const Array state[] = {state_at(0), state_at(1)};
    kernels::Update(kernels::UpdateRule::kAdaDelta, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
