// lstm.h — LSTM cells (chainer.functions.activation.lstm, slstm, tree_lstm), with Chainer's gate layouts.
#pragma once

#include <utility>

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.lstm(c_prev, x) -> (c, h). x is (B, 4C, ...) with the gates interleaved per unit: x.reshape(B, C, 4, ...)
/// [:, :, k] is a, i, f, o for k = 0..3. a = tanh, i/f/o = sigmoid; c = a i + f c_prev; h = o tanh(c).
/// With B < len(c_prev) only c[:B] is updated (the rest is c_prev's), and h has B rows.
std::pair<Variable, Variable> lstm(const Variable& c_prev, const Variable& x);

/// F.slstm(c_prev1, c_prev2, x1, x2) -> (c, h): the binary-tree LSTM of S-LSTM. Gates interleaved as in lstm;
/// c = tanh(a1) sigmoid(i1) + tanh(a2) sigmoid(i2) + sigmoid(f1) c_prev1 + sigmoid(f2) c_prev2,
/// h = sigmoid(o1 + o2) tanh(c) (as Chainer's code computes it; its docstring sums a and i before activating).
std::pair<Variable, Variable> slstm(const Variable& c_prev1, const Variable& c_prev2, const Variable& x1,
                                    const Variable& x2);

/// F.tree_lstm(*inputs) -> (c, h) with inputs (c_1, ..., c_N, x): x is (B, (3 + N) C, ...) cut into contiguous
/// blocks a, i, o, f_1..f_N (not interleaved); c = tanh(a) sigmoid(i) + sum_k sigmoid(f_k) c_k,
/// h = sigmoid(o) tanh(c).
std::pair<Variable, Variable> tree_lstm(const VarList& inputs);

}  // namespace functions
}  // namespace cnet
