// optimizer.cc — the fused-update entry points: dispatch to the arrays' backend.
#include "cnet/kernels/optimizer.h"

#include <vector>

#include "kernels/float32_compute.h"

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
    // A float16 parameter: Chainer (without use_fp32_update) updates it and its float16 state with NumPy float16
    // arithmetic, rounding after every operation; here the step is computed in float32 on float32 copies of the
    // parameter, gradient and state, which are stored back rounded to float16 once (Note [float16 in the
    // kernels]). The state stays float16, as Chainer's.
    if (IsFloat16(param) || IsFloat16(grad)) {
        Float32Copies copies;
        std::vector<Array> state32;
        for (int i = 0; i < n; ++i) state32.push_back(copies.Out(state[i]));
        CallKernel(&OptimizerKernels::update, "Update", device, rule, args, copies.Out(param), Float32Copies::In(grad),
                   state32.data());
        copies.StoreBack();
        return;
    }
    CallKernel(&OptimizerKernels::update, "Update", device, rule, args, param, grad, state);
}

void ApplyGradHook(GradHook hook, const Array& grad, const Array& param, double a, double b) {
    DispatchInFloat32<1>(&OptimizerKernels::grad_hook, "ApplyGradHook", {&grad, &param}, hook, grad, param, a, b);
}

double SquaredNorm(const Array& grad) {
    return DispatchInFloat32<>(&OptimizerKernels::squared_norm, "SquaredNorm", {&grad}, grad);
}

}  // namespace kernels
}  // namespace cnet
