// sequence.h — lists of variable-length sequences (chainer.functions.transpose_sequence, pad_sequence).
#pragma once

#include <optional>
#include <vector>

#include "cnet/core/scalar.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.transpose_sequence(xs): xs[i] is (L_i, ...) with non-increasing L_i; returns ys with ys[t] the stack of
/// xs[i][t] over the sequences longer than t, so [(1,1,1), (2,2), (3,)] gives [(1,2,3), (1,2), (1,)].
/// Its gradient is the transposition back (missing output gradients count as zeros).
std::vector<Variable> transpose_sequence(const VarList& xs);

/// F.pad_sequence(xs, length=None, padding=0): stacks xs[i] (L_i, ...) into (len(xs), length, ...), each
/// padded at the end with `padding`; length defaults to max L_i.
Variable pad_sequence(const VarList& xs, std::optional<int64_t> length = std::nullopt, Scalar padding = 0);

}  // namespace functions
}  // namespace cnet
