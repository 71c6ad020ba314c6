// optimizer.cc — the fused-update entry points: dispatch to the arrays' backend.
#include "cnet/kernels/optimizer.h"

namespace cnet {
namespace kernels {

int UpdateStateCount(UpdateRule rule, bool amsgrad) {
    switch (rule) {
        case UpdateRule::kSgd: return 0;
        case UpdateRule::kAdaDelta: return 2;
        case UpdateRule::kRmspropGraves:
        case UpdateRule::kSmorms3: return 3;
        case UpdateRule::kAdam: return amsgrad ? 3 : 2;
        default: return 1;
    }
}

void Update(UpdateRule rule, const UpdateArgs& args, const Array& param, const Array& grad, const Array* state) {
    const int n = UpdateStateCount(rule, args.amsgrad);
    const Device device = CommonDevice<OptimizerKernels>(
        "Update", {&param, &grad, n > 0 ? &state[0] : nullptr, n > 1 ? &state[1] : nullptr,
                   n > 2 ? &state[2] : nullptr});
    CallKernel(&OptimizerKernels::update, "Update", device, rule, args, param, grad, state);
}

void ApplyGradHook(GradHook hook, const Array& grad, const Array& param, double a, double b) {
    Dispatch(&OptimizerKernels::grad_hook, "ApplyGradHook", {&grad, &param}, hook, grad, param, a, b);
}

double SquaredNorm(const Array& grad) {
    return Dispatch(&OptimizerKernels::squared_norm, "SquaredNorm", {&grad}, grad);
}

}  // namespace kernels
}  // namespace cnet
