// ada_grad.cc — AdaGrad's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/ada_grad.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* AdaGradHyperparameter::Field(AdaGradHyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

void AdaGradRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const AdaGradHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    args.eps = hp.eps;
    const Array state[] = {state_at(0)};
    // With eps > 0 a zero-gradient row is unchanged (0 / eps): only the rows used need the update.
    if (!(hp.eps > 0 && internal::UpdateSparseRows(kernels::UpdateRule::kAdaGrad, args, param, p, g, {state[0]})))
        kernels::Update(kernels::UpdateRule::kAdaGrad, args, p, g, state);
}

}  // namespace optimizers
}  // namespace cnet
