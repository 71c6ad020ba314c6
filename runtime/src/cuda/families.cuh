// families.cuh — the CUDA implementations of the optimizer, loss, connection and random families
// (signatures of kernels/optimizer.h, loss.h, connection.h, random.h), and the device-side helpers they share.
#pragma once

#include <cstdint>
#include <optional>

#include "cnet/kernels/loss.h"
#include "cnet/kernels/optimizer.h"
#include "cnet/kernels/random.h"
#include "cnet/kernels/user_kernel.h"

namespace cnet {
namespace cuda {

// Labels and embedding ids reach the loss and connection entries as int32 or int64 (cnet/kernels/indexes.h); the
// CUDA kernels index with int64, so an int32 array becomes an int64 copy first.
inline Array Int64Indexes(const Array& a) { return a.dtype() == Dtype::kInt64 ? a : a.astype(Dtype::kInt64); }

// optimizer.cu
void Update(kernels::UpdateRule rule, const kernels::UpdateArgs& args, const Array& param, const Array& grad,
            const Array* state);
void ApplyGradHook(kernels::GradHook hook, const Array& grad, const Array& param, double a, double b);
double SquaredNorm(const Array& grad);

// loss.cu
kernels::LossTotal SoftmaxCrossEntropyForward(const Array& x, const Array& t, const Array& class_weight,
                                              int64_t ignore_label, const Array& y, const Array& loss);
void SoftmaxCrossEntropyBackward(const Array& x, const Array& y, const Array& t, const Array& class_weight,
                                 int64_t ignore_label, const Array& gy, double coeff, const Array& gx);
kernels::LossTotal SigmoidCrossEntropyForward(const Array& x, const Array& t, const Array& loss);
void SigmoidCrossEntropyBackward(const Array& x, const Array& t, const Array& gy, double coeff, const Array& gx);

// connection.cu
void EmbedGather(const Array& ids, const Array& W, std::optional<int64_t> ignore_label, const Array& y);
void EmbedScatterAdd(const Array& ids, const Array& gy, std::optional<int64_t> ignore_label, const Array& gW);

// user_kernel.cu
void RunUserKernel(const kernels::UserKernelCode& code, const std::vector<Array>& operands,
                   const std::vector<int64_t>& step, int64_t n, int64_t size);

// random.cu
void RandomFill(const Array& out, kernels::Distribution distribution, double a, double b);
void RandomInt(const Array& out, int64_t low, int64_t high);
void DropoutMask(const Array& out, double ratio, double scale);

/// sum of x's elements (contiguous float32/float64) in double, read back to the host (synchronises).
double SumToHost(const Array& x);

}  // namespace cuda
}  // namespace cnet

namespace cnet {
namespace cuda {

// lstm.cu (kernels/lstm.h)
void LstmForward(const Array& c_prev, const Array& x, const Array& c, const Array& h);
void LstmBackward(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                  const Array& gc_prev, const Array& gx);

// normalization.cu (kernels/normalization.h)
void BatchNormForward(const Array& x, const Array& gamma, const Array& beta, double eps, const Array& y,
                      const Array& mean, const Array& inv_std);
void BatchNormBackward(const Array& x, const Array& gamma, const Array& gy, const Array& mean, const Array& inv_std,
                       double eps, const Array& gx, const Array& ggamma, const Array& gbeta);

}  // namespace cuda
}  // namespace cnet
