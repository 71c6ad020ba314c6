// sgd.cc — SGD's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/sgd.h"

#include "optimizers/kernel_util.h"

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
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T lr = static_cast<T>(hp.lr);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            // p -= lr * g
            internal::Block<T>(p, b, e) -= lr * internal::ConstBlock<T>(g, b, e);
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
