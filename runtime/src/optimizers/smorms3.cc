// smorms3.cc — SMORMS3's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/smorms3.h"

#include "optimizers/kernel_util.h"

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
    const Array grad = cnet::internal::ContiguousGrad(param);
    if (!grad.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const Array mem = state_at(0), g = state_at(1), g2 = state_at(2);
    const SMORMS3Hyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        using Vec = Eigen::Array<T, Eigen::Dynamic, 1>;
        const T lr = static_cast<T>(hp.lr);
        const T eps = static_cast<T>(hp.eps);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto gr = internal::ConstBlock<T>(grad, b, e);
            auto mb = internal::Block<T>(mem, b, e);
            auto gb = internal::Block<T>(g, b, e);
            auto g2b = internal::Block<T>(g2, b, e);
            T r_buffer[internal::kBlock], x_buffer[internal::kBlock];
            Eigen::Map<Vec> r(r_buffer, e - b), x(x_buffer, e - b);
            // r = 1 / (mem + 1); g = (1 - r) g + r grad; g2 = (1 - r) g2 + r grad^2; x = g^2 / (g2 + eps)
            r = (mb + T(1)).inverse();
            gb = (T(1) - r) * gb + r * gr;
            g2b = (T(1) - r) * g2b + r * gr.square();
            x = gb.square() / (g2b + eps);
            // W -= grad min(x, lr) / (sqrt(g2) + eps); mem = 1 + mem (1 - x)
            internal::Block<T>(p, b, e) -= gr * x.min(lr) / (g2b.sqrt() + eps);
            mb = T(1) + mb * (T(1) - x);
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
