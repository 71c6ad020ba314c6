// nesterov_ag.cc — NesterovAG's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/nesterov_ag.h"

#include "optimizers/kernel_util.h"

namespace cnet {
namespace optimizers {

double* NesterovAGHyperparameter::Field(NesterovAGHyperparameter& hp, const std::string& name) {
    if (name == "lr") return &hp.lr;
    if (name == "momentum") return &hp.momentum;
    return nullptr;
}

void NesterovAGRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const Array v = state_at(0);
    const NesterovAGHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T lr = static_cast<T>(hp.lr);
        const T momentum = static_cast<T>(hp.momentum);
        const T momentum2 = static_cast<T>(hp.momentum * hp.momentum);
        const T grad_coef = static_cast<T>((1 + hp.momentum) * hp.lr);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto vb = internal::Block<T>(v, b, e);
            auto gb = internal::ConstBlock<T>(g, b, e);
            // v = momentum * v - lr * g; p += momentum^2 * v - (1 + momentum) * lr * g
            vb = vb * momentum - lr * gb;
            internal::Block<T>(p, b, e) += momentum2 * vb - grad_coef * gb;
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
