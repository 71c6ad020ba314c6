// ada_delta.cc — AdaDelta's fused update kernel (see Note [Fused update kernels] in kernel_util.h).
#include "cnet/optimizers/ada_delta.h"

#include "optimizers/kernel_util.h"

namespace cnet {
namespace optimizers {

double* AdaDeltaHyperparameter::Field(AdaDeltaHyperparameter& hp, const std::string& name) {
    if (name == "rho") return &hp.rho;
    if (name == "eps") return &hp.eps;
    return nullptr;
}

void AdaDeltaRule::update_core(Parameter& param) {
    const Array g = cnet::internal::ContiguousGrad(param);
    if (!g.defined()) return;
    const Array p = internal::ContiguousParam(param);
    const Array msg = state_at(0);
    const Array msdx = state_at(1);
    const AdaDeltaHyperparameter& hp = hyperparam();
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        using Vec = Eigen::Array<T, Eigen::Dynamic, 1>;
        const T rho = static_cast<T>(hp.rho);
        const T one_minus_rho = static_cast<T>(1 - hp.rho);
        const T eps = static_cast<T>(hp.eps);
        internal::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            auto gb = internal::ConstBlock<T>(g, b, e);
            auto msg_b = internal::Block<T>(msg, b, e);
            auto msdx_b = internal::Block<T>(msdx, b, e);
            // msg = rho msg + (1 - rho) g^2; dx = sqrt((msdx + eps) / (msg + eps)) g;
            // msdx = rho msdx + (1 - rho) dx^2; p -= dx
            msg_b = msg_b * rho + one_minus_rho * gb.square();
            T buffer[internal::kBlock];
            Eigen::Map<Vec> dx(buffer, e - b);
            dx = ((msdx_b + eps) / (msg_b + eps)).sqrt() * gb;
            msdx_b = msdx_b * rho + one_minus_rho * dx.square();
            internal::Block<T>(p, b, e) -= dx;
        });
    });
}

}  // namespace optimizers
}  // namespace cnet
