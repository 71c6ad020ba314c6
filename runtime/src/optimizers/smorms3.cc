// smorms3.cc — SMORMS3's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/smorms3.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* SMORMS3Hyperparameter::Field(SMORMS3Hyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

Array SMORMS3Rule::initial_state(const std::string& key, const Parameter& param) const {
    if (key == "mem") return Array::Ones(param.shape(), param.dtype(), param.device());
    return UpdateRule::initial_state(key, param);
}

void SMORMS3Rule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const SMORMS3Hyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    args.eps = hp.eps;
    const Array state[] = {state_at(0), state_at(1), state_at(2)};
    kernels::Update(kernels::UpdateRule::kSmorms3, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
