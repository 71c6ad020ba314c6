// activation.cc — the piecewise-linear activations ReLU, LeakyReLU, ClippedReLU, HardSigmoid, and CReLU.
// Forward and backward are one fused pass each (kernels::ActivationForward / ActivationGrad).
#include "cnet/functions/activation.h"

#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/kernels/activation.h"
#include "cnet/np/math.h"

namespace cnet {
namespace functions {
namespace {

using kernels::Activation;

// Note [Piecewise-linear activation gradients]
// For relu, leaky_relu, clipped_relu and hard_sigmoid, f' is piecewise constant, so gx = gy * f'(x) is linear
// in gy with a diagonal that does not change with x (almost everywhere). Its backward is therefore the same
// map applied to the incoming gradient, and x needs no gradient: one node type serves every order.
class PiecewiseLinearGrad : public FunctionNode {
public:
    PiecewiseLinearGrad(Activation op, Array x, double a, const char* label)
        : op_(op), x_(std::move(x)), a_(a), label_(label) {}
    const char* label() const override { return label_; }
    ArrayList forward(const ArrayList& in) override { return {kernels::ActivationGrad(op_, x_, in[0], a_)}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {Apply1<PiecewiseLinearGrad>({gy[0]}, op_, x_, a_, label_)};
    }

private:
    Activation op_;
    Array x_;
    double a_;
    const char* label_;
};

class PiecewiseLinear : public FunctionNode {
public:
    PiecewiseLinear(Activation op, double a, const char* label, const char* grad_label)
        : op_(op), a_(a), label_(label), grad_label_(grad_label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override { type_check::ExpectFloat(label(), in, 0); }
    ArrayList forward(const ArrayList& in) override {
        if (op_ == Activation::kRelu) retain_outputs({0});
        return {kernels::ActivationForward(op_, in[0], a_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        // ReLU reads its mask from the retained output (y > 0 is x > 0), as Chainer does; the others from the
        // input, which the node holds anyway. One fused pass either way (kernels::ActivationGrad).
        const Array& src = op_ == Activation::kRelu ? retained_output_array(0) : input_array(0);
        return {Apply1<PiecewiseLinearGrad>({gy[0]}, op_, src, a_, grad_label_)};
    }

private:
    Activation op_;
    double a_;
    const char* label_;
    const char* grad_label_;
};


// Note [CReLU as a masked linear map]
// crelu(x) = J(x) with J(g) = [g * (x > 0), -g * (x < 0)] stacked along the axis: a linear map whose masks are
// fixed by x (their derivative is zero almost everywhere). Its backward is the adjoint
// J^T(h) = h1 * (x > 0) - h2 * (x < 0), and J and J^T are each other's backward at every order.
Array AxisHalf(const Array& a, int axis, int half) {
    Shape s = a.shape();
    s[axis] /= 2;
    return a.as_strided(s, a.strides(), a.offset() + half * s[axis] * a.strides()[axis]);
}

class CReLUJoin : public FunctionNode {
public:
    CReLUJoin(Array x, int axis) : x_(std::move(x)), axis_(axis) {}
    const char* label() const override { return "CReLU"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectFloat(label(), in, 0);
        const int ndim = in[0].ndim();
        type_check::Expect(label(), ndim > axis_, "in_types[0].ndim > " + std::to_string(axis_),
                           std::to_string(ndim) + " <= " + std::to_string(axis_));
        type_check::Expect(label(), ndim >= -axis_, "in_types[0].ndim >= " + std::to_string(-axis_),
                           std::to_string(ndim) + " < " + std::to_string(-axis_));
    }
    ArrayList forward(const ArrayList& in) override {
        const Array& g = in[0];
        const int ax = NormalizeAxis(axis_, g.ndim());
        Shape shape = g.shape();
        shape[ax] *= 2;
        Array y = Array::Empty(shape, g.dtype(), g.device());
        AxisHalf(y, ax, 0).assign(np::where(x_ > Scalar(0), g, Scalar(0)));
        AxisHalf(y, ax, 1).assign(np::where(x_ < Scalar(0), np::negative(g), Scalar(0)));
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override;

private:
    Array x_;
    int axis_;
};

class CReLUGrad : public FunctionNode {
public:
    CReLUGrad(Array x, int axis) : x_(std::move(x)), axis_(axis) {}
    const char* label() const override { return "CReLUGrad"; }
    ArrayList forward(const ArrayList& in) override {
        const int ax = NormalizeAxis(axis_, in[0].ndim());
        const Array pos = np::where(x_ > Scalar(0), AxisHalf(in[0], ax, 0), Scalar(0));
        return {np::subtract(pos, np::where(x_ < Scalar(0), AxisHalf(in[0], ax, 1), Scalar(0)))};
    }
    VarList backward(const IndexList&, const VarList& gy) override { return {Apply1<CReLUJoin>({gy[0]}, x_, axis_)}; }

private:
    Array x_;
    int axis_;
};

VarList CReLUJoin::backward(const IndexList&, const VarList& gy) { return {Apply1<CReLUGrad>({gy[0]}, x_, axis_)}; }

}  // namespace

Variable relu(const Variable& x) { return Apply1<PiecewiseLinear>({x}, Activation::kRelu, 0.0, "ReLU", "ReLUGrad"); }

Variable leaky_relu(const Variable& x, double slope) {
    return Apply1<PiecewiseLinear>({x}, Activation::kLeakyRelu, slope, "LeakyReLU", "LeakyReLUGrad");
}

Variable clipped_relu(const Variable& x, double z) {
    CNET_CHECK_AS(ValueError, z > 0, "clipped_relu: z must be positive, got ", z);
    return Apply1<PiecewiseLinear>({x}, Activation::kClippedRelu, z, "ClippedReLU", "ClippedReLUGrad");
}

Variable hard_sigmoid(const Variable& x) {
    return Apply1<PiecewiseLinear>({x}, Activation::kHardSigmoid, 0.0, "HardSigmoid", "HardSigmoidGrad");
}

Variable crelu(const Variable& x, int axis) { return Apply1<CReLUJoin>({x}, x.array(), axis); }

}  // namespace functions
}  // namespace cnet
