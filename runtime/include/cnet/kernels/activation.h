// activation.h — fused activation kernels: one-pass elementwise forward and gradient of the common
// activations, and softmax / log-softmax (and their gradients) along one axis.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

enum class Activation {
    kRelu,         // max(0, x)
    kLeakyRelu,    // x >= 0 ? x : a*x
    kClippedRelu,  // min(max(0, x), a)
    kHardSigmoid,  // clip(0.2x + 0.5, 0, 1)
    kElu,          // x >= 0 ? x : a*(exp(x) - 1)
    kSigmoid,      // tanh(x/2)/2 + 1/2
    kTanh,
    kSoftplus,     // log(1 + exp(a*x)) / a, computed as (max(a*x, 0) + log1p(exp(-|a*x|))) / a
};

/// y = f(x; a). x and y have one shape and one float dtype (float16 is computed in float32).
void ActivationForward(Activation op, const Array& x, double a, const Array& y);

/// gx = gy * f'(.; a), with the derivative read from `src`: the output y for relu, sigmoid and tanh, the
/// input x for the others. src, gy and gx have one shape and one float dtype.
void ActivationGrad(Activation op, const Array& src, const Array& gy, double a, const Array& gx);

/// Allocating forms of the two above (the result has the shape and dtype of x / gy).
Array ActivationForward(Activation op, const Array& x, double a);
Array ActivationGrad(Activation op, const Array& src, const Array& gy, double a);

/// y = softmax(x) along `axis` (normalized), or log(softmax(x)) when `log`; computed stably (max shifted).
void Softmax(const Array& x, int axis, bool log, const Array& y);

/// Gradient of softmax from its output y:   gx = y * (gy - sum(y * gy))
/// or of log-softmax from its output y:     gx = gy - exp(y) * sum(gy), the sums along `axis`.
void SoftmaxGrad(const Array& y, const Array& gy, int axis, bool log, const Array& gx);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct ActivationKernels {
    static constexpr const char* kFamily = "activation";
    void (*forward)(Activation op, const Array& x, double a, const Array& y) = nullptr;
    void (*grad)(Activation op, const Array& src, const Array& gy, double a, const Array& gx) = nullptr;
    void (*softmax)(const Array& x, int axis, bool log, const Array& y) = nullptr;
    void (*softmax_grad)(const Array& y, const Array& gy, int axis, bool log, const Array& gx) = nullptr;
};

template <>
const ActivationKernels& NativeKernels<ActivationKernels>();

}  // namespace kernels
}  // namespace cnet
