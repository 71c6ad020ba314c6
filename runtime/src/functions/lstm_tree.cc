// lstm_tree.cc — the tree LSTM cells slstm and tree_lstm, composed of differentiable functions (so their
// double backward comes with them); they run once per tree node, where a fused kernel saves little.
#include <string>

#include "cnet/core/error.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/lstm.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace functions {
namespace {

/// Pre-activations of x (B, n C, ...) as n blocks of (B, C, ...): interleaved (x.reshape(B, C, n, ...)[:, :, k])
/// or thick (x.reshape(B, n, C, ...)[:, k]).
VarList SplitGates(const Variable& x, int64_t n, bool interleaved, const char* label) {
    const Shape& s = x.shape();
    CNET_CHECK_AS(ShapeError, s.ndim() >= 2 && s[1] % n == 0, label, ": x.shape[1] must be a multiple of ", n,
                  ", got x.shape ", s);
    Shape r{s[0]};
    if (interleaved) {
        r.push_back(s[1] / n);
        r.push_back(n);
    } else {
        r.push_back(n);
        r.push_back(s[1] / n);
    }
    for (int d = 2; d < s.ndim(); ++d) r.push_back(s[d]);
    const Variable xr = reshape(x, r);
    VarList gates;
    for (int64_t k = 0; k < n; ++k) gates.push_back(interleaved ? xr[{Slice(), Slice(), k}] : xr[{Slice(), k}]);
    return gates;
}

void CheckCell(const char* label, const Variable& c, const Variable& gate) {
    CNET_CHECK_AS(ShapeError, c.shape() == gate.shape(), label, ": c has shape ", c.shape(),
                  " but each gate of x has shape ", gate.shape());
    CNET_CHECK_AS(DtypeError, c.dtype() == gate.dtype() && IsFloat(c.dtype()), label,
                  ": c and x must have one float dtype, got ", c.dtype(), " and ", gate.dtype());
}

}  // namespace

std::pair<Variable, Variable> slstm(const Variable& c_prev1, const Variable& c_prev2, const Variable& x1,
                                    const Variable& x2) {
    const VarList g1 = SplitGates(x1, 4, true, "SLSTM"), g2 = SplitGates(x2, 4, true, "SLSTM");
    CheckCell("SLSTM", c_prev1, g1[0]);
    CheckCell("SLSTM", c_prev2, g2[0]);
    const Variable c = tanh(g1[0]) * sigmoid(g1[1]) + tanh(g2[0]) * sigmoid(g2[1]) + sigmoid(g1[2]) * c_prev1 +
                       sigmoid(g2[2]) * c_prev2;
    return {c, sigmoid(g1[3] + g2[3]) * tanh(c)};
}

std::pair<Variable, Variable> tree_lstm(const VarList& inputs) {
    CNET_CHECK_AS(ValueError, inputs.size() >= 2, "TreeLSTM: needs at least one cell and x, got ", inputs.size(),
                  " inputs");
    const int64_t n = static_cast<int64_t>(inputs.size()) - 1;
    const VarList g = SplitGates(inputs.back(), 3 + n, false, "TreeLSTM");
    Variable c = tanh(g[0]) * sigmoid(g[1]);
    for (int64_t k = 0; k < n; ++k) {
        CheckCell("TreeLSTM", inputs[k], g[0]);
        c = c + sigmoid(g[3 + k]) * inputs[k];
    }
    return {c, sigmoid(g[2]) * tanh(c)};
}

}  // namespace functions
}  // namespace cnet
