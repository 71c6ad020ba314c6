// loss.h — loss functions (chainer.functions.loss): softmax/sigmoid cross entropy, squared and absolute
// errors, hinge, Huber, contrastive, triplet, and the VAE losses (Gaussian KL/NLL, Bernoulli NLL).
#pragma once

#include <cstdint>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.softmax_cross_entropy(x, t, normalize=True, cache_score=True, class_weight=None, ignore_label=-1,
/// reduce='mean', enable_double_backprop=False).
/// x (N, C, ...) holds unnormalized log probabilities (a "replicated" softmax over the trailing axes); t
/// (N, ...) holds signed integer labels. With reduce='mean' the sum of -log softmax(x)[t] is divided by the
/// number of non-ignored targets (normalize) or by N; reduce='no' gives the per-sample loss (0 where
/// ignored). class_weight (C,) multiplies the log-softmax per class (an undefined Array is None).
/// Differentiable w.r.t. x only. See Note [Softmax cross entropy] in loss_softmax_cross_entropy.cc: the
/// default path is one fused node whose gradient cannot be differentiated again; pass
/// enable_double_backprop=true for higher-order gradients.
Variable softmax_cross_entropy(const Variable& x, const Variable& t, bool normalize = true, bool cache_score = true,
                               const Array& class_weight = Array(), int64_t ignore_label = -1,
                               const std::string& reduce = "mean", bool enable_double_backprop = false);

/// F.sigmoid_cross_entropy(x, t, normalize=True, reduce='mean'): t in {0, 1} with -1 ignored, same shape as
/// x; computed stably. normalize divides by the number of non-ignored elements, otherwise by N.
/// Differentiable w.r.t. x only (twice differentiable).
Variable sigmoid_cross_entropy(const Variable& x, const Variable& t, bool normalize = true,
                               const std::string& reduce = "mean");

/// F.mean_squared_error(x0, x1): sum((x0 - x1)^2) / size, a 0-d result (no 1/2 factor).
Variable mean_squared_error(const Variable& x0, const Variable& x1);
/// F.squared_error(x0, x1): (x0 - x1)^2 elementwise.
Variable squared_error(const Variable& x0, const Variable& x1);
/// F.mean_absolute_error(x0, x1): sum(|x0 - x1|) / size.
Variable mean_absolute_error(const Variable& x0, const Variable& x1);
/// F.absolute_error(x0, x1): |x0 - x1| elementwise.
Variable absolute_error(const Variable& x0, const Variable& x1);

/// F.hinge(x, t, norm='L1', reduce='mean'): x (N, K), t (N,) in [0, K). The loss of (n, k) is
/// max(0, 1 - d x_nk)^p with d = 1 for k == t_n and -1 otherwise, p = 1 ('L1') or 2 ('L2'); 'mean' sums
/// and divides by N.
Variable hinge(const Variable& x, const Variable& t, const std::string& norm = "L1",
               const std::string& reduce = "mean");

/// F.huber_loss(x, t, delta, reduce='sum_along_second_axis'): 0.5 a^2 where |a| <= delta, else
/// delta (|a| - delta / 2), with a = x - t; summed over axis 1 by default, elementwise with reduce='no'.
Variable huber_loss(const Variable& x, const Variable& t, double delta,
                    const std::string& reduce = "sum_along_second_axis");

/// F.contrastive(x0, x1, y, margin=1, reduce='mean'): x0, x1 (N, K), y (N,) in {0, 1};
/// 0.5 (y d^2 + (1 - y) max(margin - d, 0)^2) with d = ||x0 - x1||, averaged over N ('mean').
/// Differentiable w.r.t. x0 and x1.
Variable contrastive(const Variable& x0, const Variable& x1, const Variable& y, double margin = 1.0,
                     const std::string& reduce = "mean");

/// F.triplet(anchor, positive, negative, margin=0.2, reduce='mean'):
/// max(||a - p||^2 - ||a - n||^2 + margin, 0) per sample, averaged over N ('mean').
Variable triplet(const Variable& anchor, const Variable& positive, const Variable& negative, double margin = 0.2,
                 const std::string& reduce = "mean");

/// F.gaussian_kl_divergence(mean, ln_var, reduce='sum'): KL(N(mean, exp(ln_var)) || N(0, I)) elementwise,
/// 0.5 (mean^2 + exp(ln_var) - ln_var - 1), summed with reduce='sum'.
Variable gaussian_kl_divergence(const Variable& mean, const Variable& ln_var, const std::string& reduce = "sum");
/// F.gaussian_nll(x, mean, ln_var, reduce='sum'): -log N(x; mean, exp(ln_var)) elementwise,
/// (ln_var + log(2 pi)) / 2 + (x - mean)^2 exp(-ln_var) / 2, summed with reduce='sum'.
Variable gaussian_nll(const Variable& x, const Variable& mean, const Variable& ln_var,
                      const std::string& reduce = "sum");
/// F.bernoulli_nll(x, y, reduce='sum'): -log B(x; sigmoid(y)) = softplus(y) - x y elementwise, summed with
/// reduce='sum'.
Variable bernoulli_nll(const Variable& x, const Variable& y, const std::string& reduce = "sum");

}  // namespace functions
}  // namespace cnet
