// loss.h — the fused loss loops: softmax cross entropy (forward with the optional cached softmax, and its
// gradient) and sigmoid cross entropy (forward and gradient). See Note [Softmax cross entropy] in
// functions/loss_softmax_cross_entropy.cc.
#pragma once

#include <cstdint>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// What a fused loss forward returns to the host: the sum of the per-label losses (accumulated in double) and the
/// number of labels that are not ignored (the 'mean' normalizer).
struct LossTotal {
    double sum = 0;
    int64_t count = 0;
};

/// x: C-contiguous float (N, C, U...), softmax over axis 1; t: C-contiguous int32 or int64 with N * U labels, each in
/// [0, C) or ignore_label (else ValueError with Chainer's message); class_weight: undefined or (C,) of x's dtype.
/// Writes y = softmax(x) when y is defined (x's shape and dtype) and the per-label losses
/// -log(softmax(x)[n, t, u]) * w[t] (0 where ignored) when loss is defined (N * U elements of x's dtype).
LossTotal SoftmaxCrossEntropyForward(const Array& x, const Array& t, const Array& class_weight, int64_t ignore_label,
                                  const Array& y, const Array& loss);
/// gx = (softmax(x) - onehot(t)) * w[t] * scale, 0 where ignored, with scale = gy[0] * coeff when gy is 0-d
/// (reduce='mean') or gy[n, u] (N * U elements, reduce='no'). y is the cached softmax, or undefined to
/// recompute it from x. gy and gx have x's dtype; gx is C-contiguous with x's shape.
void SoftmaxCrossEntropyBackward(const Array& x, const Array& y, const Array& t, const Array& class_weight,
                                 int64_t ignore_label, const Array& gy, double coeff, const Array& gx);

/// loss = -(t != -1) * (x * (t - (x >= 0)) - log1p(exp(-|x|))) elementwise; x, t (int64), loss C-contiguous of
/// one shape.
LossTotal SigmoidCrossEntropyForward(const Array& x, const Array& t, const Array& loss);
/// gx = (t != -1) * (sigmoid(x) - t) * scale, scale = gy[0] * coeff when gy is 0-d, else gy[i] * coeff.
void SigmoidCrossEntropyBackward(const Array& x, const Array& t, const Array& gy, double coeff, const Array& gx);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct LossKernels {
    static constexpr const char* kFamily = "loss";
    LossTotal (*softmax_cross_entropy_forward)(const Array& x, const Array& t, const Array& class_weight,
                                               int64_t ignore_label, const Array& y, const Array& loss) = nullptr;
    void (*softmax_cross_entropy_backward)(const Array& x, const Array& y, const Array& t, const Array& class_weight,
                                           int64_t ignore_label, const Array& gy, double coeff,
                                           const Array& gx) = nullptr;
    LossTotal (*sigmoid_cross_entropy_forward)(const Array& x, const Array& t, const Array& loss) = nullptr;
    void (*sigmoid_cross_entropy_backward)(const Array& x, const Array& t, const Array& gy, double coeff,
                                           const Array& gx) = nullptr;
};

template <>
const LossKernels& NativeKernels<LossKernels>();

}  // namespace kernels
}  // namespace cnet
