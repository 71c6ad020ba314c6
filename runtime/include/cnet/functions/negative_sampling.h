// negative_sampling.h — chainer.functions.negative_sampling: the word2vec negative-sampling loss.
#pragma once

#include <functional>
#include <string>

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// Draws an int array of negative samples of the given shape (e.g. utils::WalkerAlias).
using Sampler = std::function<Array(const Shape&)>;

/// F.negative_sampling(x, t, W, sampler, sample_size, reduce='sum'): for each row i with t[i] != -1, the ids
/// k = (t[i], sampler((B, sample_size))[i]...) and f_k = W[k] . x[i]; the loss is softplus(-f_0) +
/// sum_{k>0} softplus(f_k). x (B, D), t (B,) int, W (V, D). reduce 'sum' gives a scalar, 'no' one loss per
/// row (0 for ignored rows).
Variable negative_sampling(const Variable& x, const Variable& t, const Variable& W, const Sampler& sampler,
                           int64_t sample_size, const std::string& reduce = "sum");

}  // namespace functions
}  // namespace cnet
