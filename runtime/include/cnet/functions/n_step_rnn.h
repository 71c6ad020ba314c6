// n_step_rnn.h — multi-layer, optionally bidirectional RNNs over time-major mini-batches
// (chainer.functions.n_step_lstm, n_step_bilstm, n_step_gru, n_step_bigru, n_step_rnn, n_step_birnn).
//
// xs[t] is (B_t, I) with non-increasing B_t (sequences sorted by decreasing length, then transposed with
// F.transpose_sequence); hx (and cx) is (S, B, N), or (2S, B, N) when bidirectional, B = B_0. ws[k] and
// bs[k] are the weights of layer l and direction d (k = l, or 2l + d with d = 1 the backward direction);
// the W matrices are (N, I) for the input of layer 0 (I = 2N for the upper layers of the bidirectional
// forms) and (N, N) otherwise. Dropout (config.train only) is applied to the inputs of the upper layers.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// ws / bs: one list of Variables per layer and direction. Also built from lists of arrays (constants), as a
/// .cnet program passes them.
class WeightList : public std::vector<std::vector<Variable>> {
public:
    using Base = std::vector<std::vector<Variable>>;
    using Base::Base;
    WeightList(const Base& lists) : Base(lists) {}  // NOLINT(runtime/explicit)
    WeightList(const std::vector<std::vector<Array>>& lists) {  // NOLINT(runtime/explicit)
        for (const auto& l : lists) push_back(std::vector<Variable>(l.begin(), l.end()));
    }
};

/// F.n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs) -> (hy, cy, ys). Eight W and eight b per
/// layer, in cuDNN's gate order: i = sigmoid(W0 x + W4 h + b0 + b4), f with W1/W5, a = tanh(W2.. / W6..),
/// o with W3/W7; c = f c + i a, h = o tanh(c).
std::tuple<Variable, Variable, std::vector<Variable>> n_step_lstm(int64_t n_layers, double dropout_ratio,
                                                                  const Variable& hx, const Variable& cx,
                                                                  const WeightList& ws, const WeightList& bs,
                                                                  const VarList& xs);
/// F.n_step_bilstm(...): as n_step_lstm in both directions; ys[t] is (B_t, 2N) = [forward, backward].
std::tuple<Variable, Variable, std::vector<Variable>> n_step_bilstm(int64_t n_layers, double dropout_ratio,
                                                                    const Variable& hx, const Variable& cx,
                                                                    const WeightList& ws, const WeightList& bs,
                                                                    const VarList& xs);
/// F.n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs) -> (hy, ys). Six W and b per layer:
/// r = sigmoid(W0 x + b0 + W3 h + b3), z = sigmoid(W1 x + b1 + W4 h + b4),
/// h' = tanh(W2 x + b2 + r (W5 h + b5)), h = (1 - z) h' + z h.
std::tuple<Variable, std::vector<Variable>> n_step_gru(int64_t n_layers, double dropout_ratio, const Variable& hx,
                                                       const WeightList& ws, const WeightList& bs, const VarList& xs);
/// F.n_step_bigru(...): n_step_gru in both directions.
std::tuple<Variable, std::vector<Variable>> n_step_bigru(int64_t n_layers, double dropout_ratio,
                                                         const Variable& hx, const WeightList& ws,
                                                         const WeightList& bs, const VarList& xs);
/// F.n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh') -> (hy, ys):
/// h = f(W0 x + b0 + W1 h + b1) with f 'tanh' or 'relu'.
std::tuple<Variable, std::vector<Variable>> n_step_rnn(int64_t n_layers, double dropout_ratio, const Variable& hx,
                                                       const WeightList& ws, const WeightList& bs, const VarList& xs,
                                                       const std::string& activation = "tanh");
/// F.n_step_birnn(...): n_step_rnn in both directions.
std::tuple<Variable, std::vector<Variable>> n_step_birnn(int64_t n_layers, double dropout_ratio,
                                                         const Variable& hx, const WeightList& ws,
                                                         const WeightList& bs, const VarList& xs,
                                                         const std::string& activation = "tanh");

}  // namespace functions
}  // namespace cnet
