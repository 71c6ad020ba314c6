// optimizer.h — the optimizers' fused in-place updates and the gradient hooks (WeightDecay, Lasso, clipping):
// one pass over each parameter's memory (see Note [Fused update kernels] in native/optimizer.cc).
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// The update rules. State arrays, in order (all contiguous, param's shape and dtype):
///   kSgd: none                    kMomentumSgd, kNesterovAg: v       kAdaGrad: h
///   kAdaDelta: msg, msdx          kRmsprop: ms                        kRmspropGraves: n, g, delta
///   kSmorms3: mem, g, g2          kAdam: m, v (and vhat when amsgrad)
enum class UpdateRule { kSgd, kMomentumSgd, kNesterovAg, kAdaGrad, kAdaDelta, kRmsprop, kRmspropGraves, kSmorms3, kAdam };

/// Hyperparameters of one update; each rule reads only its own (Chainer's names). For kAdam, lr is the
/// bias-corrected step size (AdamRule::lr()).
struct UpdateArgs {
    double lr = 0, momentum = 0, eps = 0, rho = 0, alpha = 0, beta1 = 0, beta2 = 0, eta = 1, weight_decay_rate = 0;
    bool amsgrad = false;
};

/// The number of state arrays `rule` has (the list above).
int UpdateStateCount(UpdateRule rule, bool amsgrad);

/// Updates param (contiguous, float) in place from grad (contiguous, same shape and dtype) and the rule's
/// state arrays (`state` points at as many as the rule has).
void Update(UpdateRule rule, const UpdateArgs& args, const Array& param, const Array& grad, const Array* state);

enum class GradHook {
    kWeightDecay,  // g += a * p
    kLasso,        // g += a * sign(p)
    kHardClip,     // g = clip(g, a, b)
    kScale,        // g *= a
};
/// Applies a hook in place to grad (contiguous); param (contiguous, same shape) is read by the decays only.
void ApplyGradHook(GradHook hook, const Array& grad, const Array& param, double a, double b);
/// sum(grad^2) accumulated in double (GradientClipping's norm).
double SquaredNorm(const Array& grad);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct OptimizerKernels {
    static constexpr const char* kFamily = "optimizer";
    void (*update)(UpdateRule rule, const UpdateArgs& args, const Array& param, const Array& grad,
                   const Array* state) = nullptr;
    void (*grad_hook)(GradHook hook, const Array& grad, const Array& param, double a, double b) = nullptr;
    double (*squared_norm)(const Array& grad) = nullptr;
};

template <>
const OptimizerKernels& NativeKernels<OptimizerKernels>();

}  // namespace kernels
}  // namespace cnet
