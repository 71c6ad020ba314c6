// activation_smooth.cc — Sigmoid, Tanh, ELU (and selu), Softplus, swish. Forward and first backward are one
// fused pass each; the gradient node takes (src, gy) as inputs so its own backward reaches x for double backprop.
#include <string>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/kernels/activation.h"
#include "cnet/np/math.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

using kernels::Activation;

const char* GradLabel(Activation op) {
    switch (op) {
        case Activation::kSigmoid: return "SigmoidGrad";
        case Activation::kTanh: return "TanhGrad";
        case Activation::kElu: return "ELUGrad";
        default: return "SoftplusGrad";
    }
}

// gx = gy * f'(src) with src = y (sigmoid, tanh) or x (elu, softplus). Linear in gy, so the gy-gradient is this
// node again; the src-gradient g * gy * d(f'(src))/d(src) is written with differentiable functions.
class SmoothGrad : public FunctionNode {
public:
    SmoothGrad(Activation op, double a) : op_(op), a_(a) {}
    const char* label() const override { return GradLabel(op_); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        return {kernels::ActivationGrad(op_, in[0], in[1], a_)};
    }
    VarList backward(const IndexList& targets, const VarList& g) override {
        const VarList in = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) {
            if (i == 1) gx[1] = Apply1<SmoothGrad>({in[0], g[0]}, op_, a_);
            else gx[0] = SrcGrad(in[0], mul(g[0], in[1]));
        }
        return gx;
    }

private:
    // h * d(f'(s))/ds, where h = g * gy.
    Variable SrcGrad(const Variable& s, const Variable& h) const {
        switch (op_) {
            case Activation::kSigmoid: return mul(h, rsub(mul(s, Scalar(2.0)), Scalar(1.0)));  // y' = y(1-y)
            case Activation::kTanh: return mul(h, mul(s, Scalar(-2.0)));                        // y' = 1-y^2
            case Activation::kElu:  // alpha*exp(x) on x < 0: this node on h, minus its x >= 0 part (h itself)
                return sub(Apply1<SmoothGrad>({s, h}, op_, a_), internal::MaskMultiply(h, s.array() >= Scalar(0)));
            default: {  // softplus: f' = sigmoid(a x), f'' = a * sigmoid'(a x)
                const Variable ax = mul(s, Scalar(a_));
                return mul(Apply1<SmoothGrad>({sigmoid(ax), h}, Activation::kSigmoid, 0.0), Scalar(a_));
            }
        }
    }

    Activation op_;
    double a_;
};

class SmoothActivation : public FunctionNode {
public:
    SmoothActivation(Activation op, double a, const char* label) : op_(op), a_(a), label_(label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override { type_check::ExpectFloat(label(), in, 0); }
    ArrayList forward(const ArrayList& in) override {
        // sigmoid and tanh differentiate from their output, elu and softplus from their input.
        if (FromOutput()) retain_outputs({0});
        else retain_inputs({0});
        return {kernels::ActivationForward(op_, in[0], a_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        if (!config().enable_backprop())  // not recorded: SmoothGrad's kernel without its node
            return {Variable(kernels::ActivationGrad(op_, FromOutput() ? retained_output_array(0) : input_array(0),
                                                     gy[0].array(), a_))};
        const Variable src = FromOutput() ? get_retained_outputs()[0] : get_retained_inputs()[0];
        return {Apply1<SmoothGrad>({src, gy[0]}, op_, a_)};
    }

private:
    bool FromOutput() const { return op_ == Activation::kSigmoid || op_ == Activation::kTanh; }

    Activation op_;
    double a_;
    const char* label_;
};

// Chainer's Swish checks, on (x, beta): x is float, beta has x's dtype and beta.shape == x.shape[1:1+beta.ndim].
void CheckSwish(const Array& x, const Array& beta) {
    const ArrayList in{x, beta};
    type_check::ExpectFloat("Swish", in, 0);
    type_check::ExpectSameDtype("Swish", in, 0, 1);
    type_check::Expect("Swish", x.ndim() >= beta.ndim() + 1, "in_types[0].ndim >= in_types[1].ndim + 1",
                       std::to_string(x.ndim()) + " < " + std::to_string(beta.ndim() + 1));
    const Shape sub(x.shape().begin() + 1, x.shape().begin() + 1 + beta.ndim());
    type_check::Expect("Swish", sub == beta.shape(),
                       "in_types[0].shape[1:" + std::to_string(1 + beta.ndim()) + "] == in_types[1].shape",
                       sub.ToString() + " != " + beta.shape().ToString());
}

}  // namespace

Variable sigmoid(const Variable& x) { return Apply1<SmoothActivation>({x}, Activation::kSigmoid, 0.0, "Sigmoid"); }

Variable tanh(const Variable& x) { return Apply1<SmoothActivation>({x}, Activation::kTanh, 0.0, "Tanh"); }

Variable elu(const Variable& x, double alpha) {
    return Apply1<SmoothActivation>({x}, Activation::kElu, alpha, "ELU");
}

// As Chainer: a scaled ELU, so type errors name ELU.
Variable selu(const Variable& x, double alpha, double scale) { return mul(elu(x, alpha), Scalar(scale)); }

Variable softplus(const Variable& x, double beta) {
    CNET_CHECK_AS(ValueError, beta != 0, "softplus: beta must not be 0");
    return Apply1<SmoothActivation>({x}, Activation::kSoftplus, beta, "Softplus");
}

Variable swish(const Variable& x, const Variable& beta) {
    CheckSwish(x.array(), beta.array());
    // beta: (s1..sM) -> (1, s1..sM, 1..1) -> x.shape
    Shape b_shape{1};
    for (int64_t d : beta.shape()) b_shape.push_back(d);
    while (b_shape.ndim() < x.ndim()) b_shape.push_back(1);
    const Variable b = broadcast_to(reshape(beta, b_shape), x.shape());
    return mul(x, sigmoid(mul(b, x)));
}

}  // namespace functions
}  // namespace cnet
