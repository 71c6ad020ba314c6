// optimizer_hooks.cc — WeightDecay, Lasso, GradientClipping and GradientHardClipping as fused in-place
// kernels on the gradient buffers (kernels/optimizer.h; see Note [Fused update kernels] in native/optimizer.cc).
#include <cmath>

#include "cnet/kernels/optimizer.h"
#include "cnet/optimizer_hooks/optimizer_hooks.h"
#include "cnet/optimizers/optimizer.h"
#include "optimizers/param_util.h"

namespace cnet {
namespace optimizer_hooks {

void WeightDecay::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    kernels::ApplyGradHook(kernels::GradHook::kWeightDecay, g, optimizers::internal::ContiguousParam(param), rate, 0);
}

void Lasso::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    kernels::ApplyGradHook(kernels::GradHook::kLasso, g, optimizers::internal::ContiguousParam(param), rate, 0);
}

void GradientHardClipping::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    kernels::ApplyGradHook(kernels::GradHook::kHardClip, g, Array(), lower_bound, upper_bound);
}

void GradientClipping::operator()(Optimizer& optimizer) {
    CNET_CHECK(optimizer.target != nullptr, "GradientClipping called before setup()");
    std::vector<Parameter> params = optimizer.target->params(/*include_uninit=*/false);
    double sqnorm = 0;
    for (const Parameter& param : params) {
        const Array g = cnet::internal::ContiguousGrad(param);
        if (g.defined()) sqnorm += kernels::SquaredNorm(g);
    }
    const double rate = threshold / std::sqrt(sqnorm);
    if (!(rate < 1)) return;
    for (Parameter& param : params) {
        const Array g = cnet::internal::MutableGrad(param);
        // g *= threshold / norm
        if (g.defined()) kernels::ApplyGradHook(kernels::GradHook::kScale, g, Array(), rate, 0);
    }
}

}  // namespace optimizer_hooks
}  // namespace cnet
