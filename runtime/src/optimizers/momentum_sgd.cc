// momentum_sgd.cc — MomentumSGD's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/momentum_sgd.h"

#include "optimizers/kernel_util.h"

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
    const Array v = state_at(0);
    const MomentumSGDHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T lr = static_cast<T>(hp.lr);
        const T momentum = static_cast<T>(hp.momentum);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto vb = internal::Block<T>(v, b, e);
            // v = momentum * v - lr * g; p += v
            vb = vb * momentum - lr * internal::ConstBlock<T>(g, b, e);
            internal::Block<T>(p, b, e) += vb;
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
