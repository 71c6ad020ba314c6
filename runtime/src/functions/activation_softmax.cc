// activation_softmax.cc — Softmax and LogSoftmax along an axis: one fused kernel pass forward and backward;
// the gradient node's own backward (for double backprop) is written with differentiable functions.
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/math.h"
#include "cnet/functions/reduction.h"
#include "cnet/kernels/activation.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

// From inputs (y, gy), y the forward output:
//   softmax:      gx = y * gy - y * sum(y * gy)
//   log-softmax:  gx = gy - exp(y) * sum(gy)          (sums along the axis, kept for broadcasting)
class SoftmaxGradNode : public FunctionNode {
public:
    SoftmaxGradNode(int axis, bool log) : axis_(axis), log_(log) {}
    const char* label() const override { return log_ ? "LogSoftmaxGrad" : "SoftmaxGrad"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        Array gx = Array::Empty(in[0].shape(), in[0].dtype(), in[0].device());
        kernels::SoftmaxGrad(in[0], in[1], axis_, log_, gx);
        return {gx};
    }
    VarList backward(const IndexList& targets, const VarList& g) override {
        const VarList in = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) gx[i] = log_ ? LogSoftmaxGrad(i, in[0], in[1], g[0]) : SoftmaxGrad(i, in[0], in[1], g[0]);
        return gx;
    }

private:
    Variable Sum(const Variable& v) const { return sum(v, axis_, true); }

    // d/dy: g * (gy - sum(y gy)) - gy * sum(g y);   d/dgy: the same map on g (J is symmetric).
    Variable SoftmaxGrad(int i, const Variable& y, const Variable& gy, const Variable& g) const {
        if (i == 1) return Apply1<SoftmaxGradNode>({y, g}, axis_, log_);
        return sub(mul(g, sub(gy, Sum(mul(y, gy)))), mul(gy, Sum(mul(g, y))));
    }

    // d/dy: -g * exp(y) * sum(gy);   d/dgy: g - sum(g * exp(y)).
    Variable LogSoftmaxGrad(int i, const Variable& y, const Variable& gy, const Variable& g) const {
        const Variable ey = exp(y);
        if (i == 1) return sub(g, Sum(mul(g, ey)));
        return neg(mul(mul(g, ey), Sum(gy)));
    }

    int axis_;
    bool log_;
};

class SoftmaxNode : public FunctionNode {
public:
    SoftmaxNode(int axis, bool log) : axis_(axis), log_(log) {}
    const char* label() const override { return log_ ? "LogSoftmax" : "Softmax"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectFloat(label(), in, 0);
        internal::ExpectAxisInRange(label(), axis_, in[0].ndim());
    }
    ArrayList forward(const ArrayList& in) override {
        axis_ = NormalizeAxis(axis_, in[0].ndim());
        retain_outputs({0});
        Array y = Array::Empty(in[0].shape(), in[0].dtype(), in[0].device());
        kernels::Softmax(in[0], axis_, log_, y);
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {Apply1<SoftmaxGradNode>({get_retained_outputs()[0], gy[0]}, axis_, log_)};
    }

private:
    int axis_;
    bool log_;
};

}  // namespace

Variable softmax(const Variable& x, int axis) { return Apply1<SoftmaxNode>({x}, axis, false); }

Variable log_softmax(const Variable& x, int axis) { return Apply1<SoftmaxNode>({x}, axis, true); }

}  // namespace functions
}  // namespace cnet
