// crf1d.h — linear-chain conditional random fields (chainer.functions.crf1d, argmax_crf1d).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.crf1d(cost, xs, ys, reduce='mean'): the negative log-likelihood of the label sequences ys under a
/// linear-chain CRF with transition costs `cost` (K, K) and unary scores xs[t] (B_t, K) (time-major, B_t
/// non-increasing); ys[t] (B_t,) int32. reduce 'mean' sums over the batch and divides by B_0; 'no' gives (B_0,).
Variable crf1d(const Variable& cost, const VarList& xs, const VarList& ys, const std::string& reduce = "mean");

/// F.argmax_crf1d(cost, xs) -> (score, path): the best score per sequence (B_0,) and the Viterbi path as one
/// int array per time step (B_t,).
std::pair<Variable, std::vector<Array>> argmax_crf1d(const Variable& cost, const VarList& xs);

}  // namespace functions
}  // namespace cnet
