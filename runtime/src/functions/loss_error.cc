// loss_error.cc — regression losses: mean_squared_error, squared_error, mean_absolute_error, absolute_error and
// huber_loss. Backward passes are written with differentiable functions (so they are twice differentiable).
#include <cmath>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "functions/loss_internal.h"

namespace cnet {
namespace functions {
namespace {

using loss_internal::ComputeArray;
using loss_internal::Const;

// Chainer v4 accepts only float32 here; any float dtype is accepted so that gradients can be checked in float64.
void CheckPair(const char* label, const ArrayList& in) {
    type_check::ExpectSize(label, in, 2);
    type_check::ExpectFloat(label, in, 0);
    type_check::ExpectSameDtype(label, in, 0, 1);
    type_check::ExpectSameShape(label, in, 0, 1);
}

// sum((x0 - x1)^2) or sum(|x0 - x1|): the difference in the compute dtype, the rest in double.
double SumOfDiff(const Array& x0, const Array& x1, bool squared) {
    const Array d = np::subtract(ComputeArray(x0), ComputeArray(x1)).astype(Dtype::kFloat64);
    return np::sum(squared ? np::square(d) : np::absolute(d)).item<double>();
}

// Returns {g, -g} restricted to the requested inputs.
VarList PlusMinus(const IndexList& targets, const Variable& g) {
    VarList gx(2);
    for (int i : targets) gx[i] = i == 0 ? g : neg(g);
    return gx;
}

// The sign of x0 - x1, as a constant of x0's dtype.
Variable SignOfDiff(const Array& x0, const Array& x1) { return Const(np::sign(np::subtract(x0, x1))); }

class MeanSquaredError : public FunctionNode {
public:
    const char* label() const override { return "MeanSquaredError"; }
    void check_type_forward(const ArrayList& in) const override { CheckPair(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const double total = SumOfDiff(in[0], in[1], true);
        return {Array::Full(Shape{}, Scalar(total / static_cast<double>(in[0].size())), in[0].dtype(),
                            in[0].device())};
    }
    // gx0 = gy * (x0 - x1) * 2 / size
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        const Variable diff = sub(x[0], x[1]);
        const Variable g = mul(mul(broadcast_to(gy[0], diff.shape()), diff), Scalar(2.0 / diff.size()));
        return PlusMinus(targets, g);
    }
};

class SquaredError : public FunctionNode {
public:
    const char* label() const override { return "SquaredError"; }
    void check_type_forward(const ArrayList& in) const override { CheckPair(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array diff = np::subtract(in[0], in[1]);
        return {np::multiply(diff, diff)};
    }
    // gx0 = 2 gy (x0 - x1)
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        return PlusMinus(targets, mul(mul(gy[0], sub(x[0], x[1])), Scalar(2.0)));
    }
};

class MeanAbsoluteError : public FunctionNode {
public:
    const char* label() const override { return "MeanAbsoluteError"; }
    void check_type_forward(const ArrayList& in) const override { CheckPair(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        const double total = SumOfDiff(in[0], in[1], false);
        return {Array::Full(Shape{}, Scalar(total / static_cast<double>(in[0].size())), in[0].dtype(),
                            in[0].device())};
    }
    // gx0 = gy * sign(x0 - x1) / size
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const Variable sign = SignOfDiff(input_array(0), input_array(1));
        const Variable g = mul(mul(broadcast_to(gy[0], sign.shape()), sign), Scalar(1.0 / sign.size()));
        return PlusMinus(targets, g);
    }
};

class AbsoluteError : public FunctionNode {
public:
    const char* label() const override { return "AbsoluteError"; }
    void check_type_forward(const ArrayList& in) const override { CheckPair(label(), in); }
    ArrayList forward(const ArrayList& in) override { return {np::absolute(np::subtract(in[0], in[1]))}; }
    // gx0 = gy * sign(x0 - x1)
    VarList backward(const IndexList& targets, const VarList& gy) override {
        return PlusMinus(targets, mul(gy[0], SignOfDiff(input_array(0), input_array(1))));
    }
};

// y = 0.5 a^2 where |a| <= delta, else delta (|a| - delta / 2), with a = x - t; summed over axis 1 unless 'no'.
class HuberLoss : public FunctionNode {
public:
    HuberLoss(double delta, bool sum_axis1) : delta_(delta), sum_axis1_(sum_axis1) {}
    const char* label() const override { return "HuberLoss"; }
    void check_type_forward(const ArrayList& in) const override {
        CheckPair(label(), in);
        if (sum_axis1_) type_check::ExpectNdimAtLeast(label(), in, 0, 2);
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array a = np::subtract(ComputeArray(in[0]), ComputeArray(in[1]));
        const Array abs_a = np::absolute(a);
        const Array quadratic = np::multiply(a, a) * 0.5;
        const Array linear = (abs_a - delta_ * 0.5) * delta_;
        Array y = np::where(abs_a <= Scalar(delta_), quadratic, linear);
        if (sum_axis1_) y = np::sum(y, OptionalAxis(1));
        return {y.astype(in[0].dtype(), false)};
    }
    // gx = gy * (a where |a| <= delta, else delta * sign(a)); the masks are constants, a is differentiable.
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        const Array a = np::subtract(input_array(0), input_array(1));
        const Array inside = np::absolute(a) <= Scalar(delta_);
        const Dtype dtype = a.dtype();
        const Array outside_value = np::where(inside, Scalar(0.0), np::sign(a) * delta_).astype(dtype, false);
        const Variable local =
            add(mul(sub(x[0], x[1]), Const(inside.astype(dtype))), Const(outside_value));
        Variable g = gy[0];
        if (sum_axis1_) {
            Shape keep = a.shape();
            keep[1] = 1;
            g = broadcast_to(reshape(g, keep), a.shape());
        }
        return PlusMinus(targets, mul(g, local));
    }

private:
    double delta_;
    bool sum_axis1_;
};

}  // namespace

Variable mean_squared_error(const Variable& x0, const Variable& x1) { return Apply1<MeanSquaredError>({x0, x1}); }
Variable squared_error(const Variable& x0, const Variable& x1) { return Apply1<SquaredError>({x0, x1}); }
Variable mean_absolute_error(const Variable& x0, const Variable& x1) { return Apply1<MeanAbsoluteError>({x0, x1}); }
Variable absolute_error(const Variable& x0, const Variable& x1) { return Apply1<AbsoluteError>({x0, x1}); }

Variable huber_loss(const Variable& x, const Variable& t, double delta, const std::string& reduce) {
    loss_internal::CheckReduce(reduce, {"sum_along_second_axis", "no"});
    return Apply1<HuberLoss>({x, t}, delta, reduce == "sum_along_second_axis");
}

}  // namespace functions
}  // namespace cnet
