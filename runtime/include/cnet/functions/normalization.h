// normalization.h — chainer.functions.normalization: batch (re)normalization, its test-mode form, layer
// normalization, local response normalization and L2 normalization.
#pragma once

#include "cnet/core/axis.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.batch_normalization(x, gamma, beta, eps=2e-05, running_mean=None, running_var=None, decay=0.9).
/// The channel dims are gamma's (starting at axis 1); axis 0 and the dims after the channels are reduced.
/// Normalizes with the batch mean and biased variance. running_mean/running_var, when given, are updated
/// in place: r = decay * r + (1 - decay) * stat, the variance with the unbiased m / (m - 1) factor.
/// axis (Chainer 7): the reduced axes when given (e.g. (0, 1, 2) for channels-last images); gamma then has
/// the shape of the remaining axes, in order.
Variable batch_normalization(const Variable& x, const Variable& gamma, const Variable& beta, double eps = 2e-5,
                             Array running_mean = Array(), Array running_var = Array(), double decay = 0.9,
                             const OptionalAxis& axis = {});
/// F.fixed_batch_normalization(x, gamma, beta, mean, var, eps=2e-05): the test-mode form,
/// gamma * (x - mean) / sqrt(var + eps) + beta; differentiable in all five inputs.
Variable fixed_batch_normalization(const Variable& x, const Variable& gamma, const Variable& beta, const Variable& mean,
                                   const Variable& var, double eps = 2e-5);
/// F.batch_renormalization(x, gamma, beta, rmax, dmax, eps=2e-05, running_mean=None, running_var=None,
/// decay=0.9, update_statistics=False): gamma * (x_hat * r + d) + beta with the batch-normalized x_hat,
/// r = clip(sigma_batch / sigma_running, 1/rmax, rmax) and d = clip((mu_batch - mu_running) / sigma_running,
/// -dmax, dmax) held constant. The running statistics are updated only with update_statistics.
Variable batch_renormalization(const Variable& x, const Variable& gamma, const Variable& beta, double rmax, double dmax,
                               double eps = 2e-5, Array running_mean = Array(), Array running_var = Array(),
                               double decay = 0.9, bool update_statistics = false);
/// F.layer_normalization(x, gamma, beta, eps=1e-05): x (batch, units) normalized over axis 1 (biased
/// variance), then scaled by gamma (units,) and shifted by beta (units,).
Variable layer_normalization(const Variable& x, const Variable& gamma, const Variable& beta, double eps = 1e-5);
/// F.local_response_normalization(x, n=5, k=2, alpha=0.0001, beta=0.75): across channels,
/// y_c = x_c / (k + alpha * sum_{|c' - c| <= n/2} x_c'^2)^beta (n/2 rounded down).
Variable local_response_normalization(const Variable& x, int64_t n = 5, double k = 2, double alpha = 1e-4,
                                      double beta = 0.75);
/// F.normalize(x, eps=1e-05, axis=1): x / (||x||_2 + eps) along axis.
Variable normalize(const Variable& x, double eps = 1e-5, int axis = 1);

}  // namespace functions
}  // namespace cnet
