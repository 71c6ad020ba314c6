// rmsprop.cc — RMSprop's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/rmsprop.h"

#include "optimizers/kernel_util.h"

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
    const Array ms = state_at(0);
    const RMSpropHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T lr = static_cast<T>(hp.lr);
        const T alpha = static_cast<T>(hp.alpha);
        const T one_minus_alpha = static_cast<T>(1 - hp.alpha);
        const T eps = static_cast<T>(hp.eps);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto mb = internal::Block<T>(ms, b, e);
            auto gb = internal::ConstBlock<T>(g, b, e);
            // ms = alpha * ms + (1 - alpha) * g^2; p -= lr * g / (sqrt(ms) + eps)
            mb = mb * alpha + one_minus_alpha * gb.square();
            internal::Block<T>(p, b, e) -= lr * gb / (mb.sqrt() + eps);
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
