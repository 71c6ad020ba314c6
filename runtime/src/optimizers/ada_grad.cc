// ada_grad.cc — AdaGrad's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/ada_grad.h"

#include "optimizers/kernel_util.h"

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
    const Array h = state_at(0);
    const AdaGradHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T lr = static_cast<T>(hp.lr);
        const T eps = static_cast<T>(hp.eps);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto hb = internal::Block<T>(h, b, e);
            auto gb = internal::ConstBlock<T>(g, b, e);
            // h += g^2; p -= lr * g / (sqrt(h) + eps)
            hb += gb.square();
            internal::Block<T>(p, b, e) -= lr * gb / (hb.sqrt() + eps);
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
