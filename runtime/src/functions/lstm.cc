// lstm.cc — the LSTM node: forward and first-order backward are the fused kernels of kernels/lstm.h; when
// the backward pass itself is recorded (double backprop) the gradient is built from differentiable
// functions instead. See Note [Fused LSTM backward].
#include "cnet/functions/lstm.h"

#include <string>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/kernels/lstm.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace functions {
namespace {

// Note [Fused LSTM backward]
// A plain backward pass (enable_backprop off, the common case) computes gc_prev and gx with one fused
// kernel. Under enable_double_backprop the same formulas are spelled with differentiable functions so the
// gradient can itself be differentiated; both paths are gradient-checked against central differences.

/// The four gates of x (B, 4C, ...) as (B, C, ...) Variables, pre-activation: x.reshape(B, C, 4, ...)[:, :, k].
VarList InterleavedGates(const Variable& x) {
    Shape s = x.shape();
    Shape r{s[0], s[1] / 4, 4};
    for (int d = 2; d < s.ndim(); ++d) r.push_back(s[d]);
    const Variable xr = reshape(x, r);
    VarList gates;
    for (int64_t k = 0; k < 4; ++k) gates.push_back(xr[{Slice(), Slice(), k}]);
    return gates;
}

/// Inverse of InterleavedGates: (B, C, ...) x 4 -> (B, 4C, ...).
Variable JoinInterleaved(const VarList& gates, const Shape& x_shape) {
    return reshape(stack(gates, 2), x_shape);
}

class LSTM : public FunctionNode {
public:
    const char* label() const override { return "LSTM"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 2);
        const Array &c = in[0], &x = in[1];
        auto expect = [&](bool ok, const std::string& what, const std::string& actual) {
            type_check::Expect(label(), ok, what, actual);
        };
        expect(IsFloat(c.dtype()), "c.dtype.kind == f", std::string(1, DtypeKind(c.dtype())) + " != f");
        expect(x.dtype() == c.dtype(), "x.dtype == c.dtype",
               std::string(DtypeName(x.dtype())) + " != " + DtypeName(c.dtype()));
        expect(c.ndim() >= 2, "c.ndim >= 2", std::to_string(c.ndim()) + " < 2");
        expect(x.ndim() == c.ndim(), "c.ndim == x.ndim", std::to_string(c.ndim()) + " != " + std::to_string(x.ndim()));
        expect(x.shape()[0] <= c.shape()[0], "x.shape[0] <= c.shape[0]",
               std::to_string(x.shape()[0]) + " > " + std::to_string(c.shape()[0]));
        expect(x.shape()[1] == 4 * c.shape()[1], "x.shape[1] == 4 * c.shape[1]",
               std::to_string(x.shape()[1]) + " != " + std::to_string(4 * c.shape()[1]));
        for (int i = 2; i < c.ndim(); ++i) {
            const std::string d = std::to_string(i);
            expect(x.shape()[i] == c.shape()[i], "x.shape[" + d + "] == c.shape[" + d + "]",
                   std::to_string(x.shape()[i]) + " != " + std::to_string(c.shape()[i]));
        }
    }
    ArrayList forward(const ArrayList& in) override {
        const Array c_prev = in[0].as_contiguous(), x = in[1].as_contiguous();
        Array c = Array::Empty(c_prev.shape(), c_prev.dtype(), c_prev.device());
        Shape h_shape = c_prev.shape();
        h_shape[0] = x.shape()[0];
        Array h = Array::Empty(h_shape, c_prev.dtype(), c_prev.device());
        kernels::LstmForward(c_prev, x, c, h);
        retain_inputs({0, 1});
        retain_outputs({0});
        return {c, h};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        if (!config().enable_backprop()) return FusedBackward(gy);
        const VarList in = get_retained_inputs();
        const Variable &c_prev = in[0], &x = in[1];
        const int64_t b = x.shape()[0], bc = c_prev.shape()[0];
        const VarList g = InterleavedGates(x);
        const Variable a = tanh(g[0]), i = sigmoid(g[1]), f = sigmoid(g[2]), o = sigmoid(g[3]);
        const Variable cp = b < bc ? c_prev[Slice(0, b)] : c_prev;
        const Variable co = tanh(a * i + f * cp);
        Variable gct;
        if (gy[0].defined()) gct = b < bc ? gy[0][Slice(0, b)] : gy[0];
        Variable go = zeros_like_(co);
        if (gy[1].defined()) {
            const Variable t = gy[1] * o * (1.0 - co * co);
            gct = gct.defined() ? gct + t : t;
            go = gy[1] * co * o * (1.0 - o);
        }
        if (!gct.defined()) gct = zeros_like_(co);
        const Variable ga = gct * i * (1.0 - a * a), gi = gct * a * i * (1.0 - i), gf = gct * cp * f * (1.0 - f);
        Variable gc_prev = gct * f;
        if (b < bc) {
            Shape rest_shape = c_prev.shape();
            rest_shape[0] = bc - b;
            const Variable rest = gy[0].defined() ? gy[0][Slice(b, {})]
                                                  : Variable(Array::Zeros(rest_shape, c_prev.dtype(), c_prev.device()), false);
            gc_prev = concat({gc_prev, rest}, 0);
        }
        return {gc_prev, JoinInterleaved({ga, gi, gf, go}, x.shape())};
    }

private:
    static Variable zeros_like_(const Variable& v) {
        return Variable(Array::Zeros(v.shape(), v.dtype(), v.device()), false);
    }
    VarList FusedBackward(const VarList& gy) {
        const Array c_prev = input_array(0).as_contiguous(), x = input_array(1).as_contiguous();
        const Array& c = retained_output_array(0);
        const Array gc = gy[0].defined() ? gy[0].array().as_contiguous() : Array();
        const Array gh = gy[1].defined() ? gy[1].array().as_contiguous() : Array();
        Array gc_prev = Array::Empty(c_prev.shape(), c_prev.dtype(), c_prev.device());
        Array gx = Array::Empty(x.shape(), x.dtype(), x.device());
        kernels::LstmBackward(c_prev, x, c.as_contiguous(), gc, gh, gc_prev, gx);
        return {Variable(gc_prev, false), Variable(gx, false)};
    }
};

}  // namespace

std::pair<Variable, Variable> lstm(const Variable& c_prev, const Variable& x) {
    const VarList out = ApplyN<LSTM>({c_prev, x});
    return {out[0], out[1]};
}

}  // namespace functions
}  // namespace cnet
