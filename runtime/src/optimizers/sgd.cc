// sgd.cc — SGD's fused update kernel (see Note [Fused update kernels] in native/optimizer.cc).
#include "cnet/optimizers/sgd.h"

#include "cnet/kernels/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizers {

double* SGDHyperparameter::Field(SGDHyperparameter& hp, const std::string& name) {
    return name == "lr" ? &hp.lr : nullptr;
}

void SGDRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const SGDHyperparameter& hp = hyperparam();
    kernels::UpdateArgs args;
    args.lr = hp.lr;
    // A zero-gradient row is unchanged: only the rows used are touched when they are known.
    if (!internal::UpdateSparseRows(kernels::UpdateRule::kSgd, args, param, p, g, {}))
        kernels::Update(kernels::UpdateRule::kSgd, args, p, g, nullptr);
}

}  // namespace optimizers
}  // namespace cnet
