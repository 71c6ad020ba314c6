// rmsprop_graves.cc — RMSpropGraves' fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/rmsprop_graves.h"

#include "optimizers/kernel_util.h"

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
    const Array grad = cnet::internal::ContiguousGrad(param);
    if (!grad.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const Array n = state_at(0), g = state_at(1), delta = state_at(2);
    const RMSpropGravesHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T alpha = static_cast<T>(hp.alpha);
        const T one_minus_alpha = static_cast<T>(1 - hp.alpha);
        const T momentum = static_cast<T>(hp.momentum);
        const T lr = static_cast<T>(hp.lr);
        const T eps = static_cast<T>(hp.eps);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto gr = internal::ConstBlock<T>(grad, b, e);
            auto nb = internal::Block<T>(n, b, e);
            auto gb = internal::Block<T>(g, b, e);
            auto db = internal::Block<T>(delta, b, e);
            // n = a n + (1 - a) grad^2; g = a g + (1 - a) grad; delta = m delta - lr grad / sqrt(n - g^2 + eps)
            nb = nb * alpha + one_minus_alpha * gr.square();
            gb = gb * alpha + one_minus_alpha * gr;
            db = db * momentum - lr * gr / (nb - gb.square() + eps).sqrt();
            internal::Block<T>(p, b, e) += db;
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
