// n_step_rnn.cc — the n_step_* RNNs, composed of linear, lstm and elementwise functions per time step
// (Chainer's own CPU implementation): each layer runs over xs once per direction, splitting off the rows of
// h (and c) that a shrinking batch no longer updates.
#include "cnet/functions/n_step_rnn.h"

#include <algorithm>

#include "cnet/core/error.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/lstm.h"
#include "cnet/functions/noise.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace functions {
namespace {

enum class Cell { kLstm, kGru, kRnnTanh, kRnnRelu };

int NumWeights(Cell cell) { return cell == Cell::kLstm ? 8 : cell == Cell::kGru ? 6 : 2; }

/// (N, ...) x k stacked row-interleaved: stack(ws, axis=1).reshape(k N, ...) — F.lstm's gate layout.
Variable StackInterleaved(const VarList& ws) {
    const Variable w = stack(ws, 1);
    Shape s = w.shape();
    Shape r{s[0] * s[1]};
    for (int d = 2; d < s.ndim(); ++d) r.push_back(s[d]);
    return reshape(w, r);
}

// One step of a cell on x (B, I) and h, c (B, N); returns the new (h, c) (c undefined for GRU/RNN).
std::pair<Variable, Variable> Step(Cell cell, const Variable& x, const Variable& h, const Variable& c,
                                   const std::vector<Variable>& w, const std::vector<Variable>& b) {
    switch (cell) {
        case Cell::kLstm: {
            // cuDNN's order (i, f, a, o) reordered to F.lstm's (a, i, f, o).
            const Variable xw = StackInterleaved({w[2], w[0], w[1], w[3]}), hw = StackInterleaved({w[6], w[4], w[5], w[7]});
            const Variable xb = StackInterleaved({b[2], b[0], b[1], b[3]}), hb = StackInterleaved({b[6], b[4], b[5], b[7]});
            auto [c_new, h_new] = lstm(c, linear(x, xw, xb) + linear(h, hw, hb));
            return {h_new, c_new};
        }
        case Cell::kGru: {
            const Variable r = sigmoid(linear(x, w[0], b[0]) + linear(h, w[3], b[3]));
            const Variable z = sigmoid(linear(x, w[1], b[1]) + linear(h, w[4], b[4]));
            const Variable h_bar = tanh(linear(x, w[2], b[2]) + r * linear(h, w[5], b[5]));
            return {(1.0 - z) * h_bar + z * h, Variable()};
        }
        case Cell::kRnnTanh: return {tanh(linear(x, w[0], b[0]) + linear(h, w[1], b[1])), Variable()};
        case Cell::kRnnRelu: return {relu(linear(x, w[0], b[0]) + linear(h, w[1], b[1])), Variable()};
    }
    return {};
}

struct DirectionResult {
    Variable h, c;
    std::vector<Variable> ys;
};

// Runs one direction of one layer over xs (reversed when `backward`); ys are returned in time order.
DirectionResult RunDirection(Cell cell, const std::vector<Variable>& xs, Variable h, Variable c,
                             const std::vector<Variable>& w, const std::vector<Variable>& b, bool backward) {
    DirectionResult r;
    r.ys.resize(xs.size());
    for (size_t s = 0; s < xs.size(); ++s) {
        const size_t t = backward ? xs.size() - 1 - s : s;
        const int64_t batch = xs[t].shape()[0], full = h.shape()[0];
        CNET_CHECK_AS(ValueError, batch <= full, "n_step_rnn: xs[", t, "] has ", batch,
                      " rows, more than the state's ", full, " (xs must be sorted by decreasing length)");
        const bool split = batch < full;
        const Variable h_used = split ? h[Slice(0, batch)] : h;
        // F.lstm updates c's first `batch` rows and passes the rest through itself.
        auto [h_new, c_new] = Step(cell, xs[t], h_used, c, w, b);
        r.ys[t] = h_new;
        h = split ? concat({h_new, h[Slice(batch, {})]}, 0) : h_new;
        if (cell == Cell::kLstm) c = c_new;
    }
    r.h = h;
    r.c = c;
    return r;
}

struct RnnResult {
    Variable hy, cy;
    std::vector<Variable> ys;
};

RnnResult NStepRnn(Cell cell, bool bidirectional, const char* name, int64_t n_layers, double dropout_ratio,
                   const Variable& hx, const Variable& cx, const WeightList& ws, const WeightList& bs,
                   const VarList& xs) {
    const int64_t dirs = bidirectional ? 2 : 1;
    CNET_CHECK_AS(ValueError, n_layers >= 1, name, ": n_layers must be positive, got ", n_layers);
    CNET_CHECK_AS(ValueError, static_cast<int64_t>(ws.size()) == n_layers * dirs &&
                                  static_cast<int64_t>(bs.size()) == n_layers * dirs,
                  name, ": expected ", n_layers * dirs, " weight lists and bias lists, got ", ws.size(), " and ",
                  bs.size());
    for (size_t k = 0; k < ws.size(); ++k) {
        CNET_CHECK_AS(ValueError, static_cast<int>(ws[k].size()) == NumWeights(cell) &&
                                      static_cast<int>(bs[k].size()) == NumWeights(cell),
                      name, ": ws[", k, "] and bs[", k, "] must hold ", NumWeights(cell), " arrays each, got ",
                      ws[k].size(), " and ", bs[k].size());
    }
    CNET_CHECK_AS(ValueError, !xs.empty(), name, ": xs is empty");
    CNET_CHECK_AS(ShapeError, hx.ndim() == 3 && hx.shape()[0] == n_layers * dirs, name, ": hx must be (",
                  n_layers * dirs, ", B, N), got ", hx.shape());
    std::vector<Variable> inputs(xs.begin(), xs.end());
    std::vector<Variable> hy, cy;
    for (int64_t layer = 0; layer < n_layers; ++layer) {
        std::vector<DirectionResult> results;
        for (int64_t d = 0; d < dirs; ++d) {
            const int64_t k = layer * dirs + d;
            // Upper layers' inputs are dropped out, once per direction (Chainer's n_step_rnn_impl).
            std::vector<Variable> in = inputs;
            if (layer > 0 && dropout_ratio > 0)
                for (Variable& x : in) x = dropout(x, dropout_ratio);
            const Variable c0 = cell == Cell::kLstm ? cx[k] : Variable();
            results.push_back(RunDirection(cell, in, hx[k], c0, ws[k], bs[k], d == 1));
            hy.push_back(results.back().h);
            if (cell == Cell::kLstm) cy.push_back(results.back().c);
        }
        if (bidirectional) {
            for (size_t t = 0; t < inputs.size(); ++t) inputs[t] = concat({results[0].ys[t], results[1].ys[t]}, 1);
        } else {
            inputs = results[0].ys;
        }
    }
    RnnResult r;
    r.hy = stack(VarList(hy.begin(), hy.end()), 0);
    if (cell == Cell::kLstm) r.cy = stack(VarList(cy.begin(), cy.end()), 0);
    r.ys = inputs;
    return r;
}

Cell RnnCell(const std::string& activation, const char* name) {
    if (activation == "tanh") return Cell::kRnnTanh;
    if (activation == "relu") return Cell::kRnnRelu;
    throw ValueError(internal::StrCat(name, ": activation must be 'tanh' or 'relu', got '", activation, "'"));
}

}  // namespace

std::tuple<Variable, Variable, std::vector<Variable>> n_step_lstm(int64_t n_layers, double dropout_ratio,
                                                                  const Variable& hx, const Variable& cx,
                                                                  const WeightList& ws, const WeightList& bs,
                                                                  const VarList& xs) {
    CNET_CHECK_AS(ShapeError, cx.defined() && cx.shape() == hx.shape(), "n_step_lstm: cx must have hx's shape ",
                  hx.shape());
    RnnResult r = NStepRnn(Cell::kLstm, false, "n_step_lstm", n_layers, dropout_ratio, hx, cx, ws, bs, xs);
    return {r.hy, r.cy, r.ys};
}

std::tuple<Variable, Variable, std::vector<Variable>> n_step_bilstm(int64_t n_layers, double dropout_ratio,
                                                                    const Variable& hx, const Variable& cx,
                                                                    const WeightList& ws, const WeightList& bs,
                                                                    const VarList& xs) {
    CNET_CHECK_AS(ShapeError, cx.defined() && cx.shape() == hx.shape(), "n_step_bilstm: cx must have hx's shape ",
                  hx.shape());
    RnnResult r = NStepRnn(Cell::kLstm, true, "n_step_bilstm", n_layers, dropout_ratio, hx, cx, ws, bs, xs);
    return {r.hy, r.cy, r.ys};
}

std::tuple<Variable, std::vector<Variable>> n_step_gru(int64_t n_layers, double dropout_ratio, const Variable& hx,
                                                       const WeightList& ws, const WeightList& bs, const VarList& xs) {
    RnnResult r = NStepRnn(Cell::kGru, false, "n_step_gru", n_layers, dropout_ratio, hx, Variable(), ws, bs, xs);
    return {r.hy, r.ys};
}

std::tuple<Variable, std::vector<Variable>> n_step_bigru(int64_t n_layers, double dropout_ratio,
                                                         const Variable& hx, const WeightList& ws,
                                                         const WeightList& bs, const VarList& xs) {
    RnnResult r = NStepRnn(Cell::kGru, true, "n_step_bigru", n_layers, dropout_ratio, hx, Variable(), ws, bs, xs);
    return {r.hy, r.ys};
}

std::tuple<Variable, std::vector<Variable>> n_step_rnn(int64_t n_layers, double dropout_ratio, const Variable& hx,
                                                       const WeightList& ws, const WeightList& bs, const VarList& xs,
                                                       const std::string& activation) {
    RnnResult r = NStepRnn(RnnCell(activation, "n_step_rnn"), false, "n_step_rnn", n_layers, dropout_ratio, hx,
                           Variable(), ws, bs, xs);
    return {r.hy, r.ys};
}

std::tuple<Variable, std::vector<Variable>> n_step_birnn(int64_t n_layers, double dropout_ratio,
                                                         const Variable& hx, const WeightList& ws,
                                                         const WeightList& bs, const VarList& xs,
                                                         const std::string& activation) {
    RnnResult r = NStepRnn(RnnCell(activation, "n_step_birnn"), true, "n_step_birnn", n_layers, dropout_ratio, hx,
                           Variable(), ws, bs, xs);
    return {r.hy, r.ys};
}

}  // namespace functions
}  // namespace cnet
