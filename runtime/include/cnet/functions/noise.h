// noise.h — noise injection (chainer.functions.noise): dropout and gaussian. Random draws come from the
// runtime's one generator (np::random::seed makes them reproducible).
#pragma once

#include <utility>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.dropout(x, ratio=.5, *, mask=None): in train mode (cnet::config().train()) each element is dropped with
/// probability `ratio` and the survivors are scaled by 1 / (1 - ratio); otherwise x is returned unchanged.
/// A given mask (x's shape and dtype, holding 0 or the scale) overrides ratio. Requires 0 <= ratio < 1.
Variable dropout(const Variable& x, double ratio = 0.5, const Array& mask = Array());
/// F.dropout(x, ratio, mask=mask, return_mask=True): (y, mask); the mask is None (undefined) when not in
/// train mode. With return_mask false the mask is left out (None) as well.
std::pair<Variable, Array> dropout(const Variable& x, double ratio, const Array& mask, bool return_mask);

/// F.gaussian(mean, ln_var, *, eps=None): mean + exp(ln_var / 2) * eps with eps ~ N(0, 1) of mean's shape
/// (drawn when not given), differentiable w.r.t. mean and ln_var.
Variable gaussian(const Variable& mean, const Variable& ln_var, const Array& eps = Array());
/// F.gaussian(mean, ln_var, eps=eps, return_eps=True): (y, eps). return_eps false leaves eps out (None).
std::pair<Variable, Array> gaussian(const Variable& mean, const Variable& ln_var, const Array& eps,
                                    bool return_eps);

}  // namespace functions
}  // namespace cnet
