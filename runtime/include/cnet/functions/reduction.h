// reduction.h — differentiable reductions (chainer.functions.math): sum, mean/average, max, min, prod,
// logsumexp; and the non-differentiable argmax/argmin. `axis` is None, an int or a tuple, as in Chainer.
#pragma once

#include "cnet/core/axis.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.sum(x, axis=None, keepdims=False)
Variable sum(const Variable& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// F.average(x, axis=None, weights=None, keepdims=False): weighted mean. With axis None the weights have x's
/// shape; with an int axis they are 1-D of length x.shape[axis]; a tuple axis does not take weights.
Variable average(const Variable& x, const OptionalAxis& axis = {}, const Variable& weights = Variable(),
                 bool keepdims = false);
/// F.mean(x, axis=None, weights=None, keepdims=False): the same as average.
Variable mean(const Variable& x, const OptionalAxis& axis = {}, const Variable& weights = Variable(),
              bool keepdims = false);
/// F.max(x, axis=None, keepdims=False): every position equal to the max receives the gradient.
Variable max(const Variable& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// F.min(x, axis=None, keepdims=False): every position equal to the min receives the gradient.
Variable min(const Variable& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// F.prod(x, axis=None, keepdims=False): exact gradients with zeros in x (no division by x).
Variable prod(const Variable& x, const OptionalAxis& axis = {}, bool keepdims = false);
/// F.logsumexp(x, axis=None): log(sum(exp(x))), computed stably.
Variable logsumexp(const Variable& x, const OptionalAxis& axis = {});
/// F.argmax(x, axis=None), F.argmin(x, axis=None): int32 indices (over the flattened array when axis is
/// None); not differentiable.
Variable argmax(const Variable& x, const OptionalAxis& axis = {});
Variable argmin(const Variable& x, const OptionalAxis& axis = {});

}  // namespace functions
}  // namespace cnet
