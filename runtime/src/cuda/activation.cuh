// activation.cuh — the CUDA activation family (signatures of kernels/activation.h).
#pragma once

#include "cnet/kernels/activation.h"

namespace cnet {
namespace cuda {

void ActivationForward(kernels::Activation op, const Array& x, double a, const Array& y);
void ActivationGrad(kernels::Activation op, const Array& src, const Array& gy, double a, const Array& gx);
void Softmax(const Array& x, int axis, bool log, const Array& y);
void SoftmaxGrad(const Array& y, const Array& gy, int axis, bool log, const Array& gx);

}  // namespace cuda
}  // namespace cnet
