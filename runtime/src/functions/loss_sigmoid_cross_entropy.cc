// loss_sigmoid_cross_entropy.cc — F.sigmoid_cross_entropy: a fused, numerically stable forward, and a gradient
// node whose own backward is written with differentiable functions (so the loss is twice differentiable).
#include <algorithm>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/kernels/loss.h"
#include "cnet/np/math.h"
#include "functions/loss_internal.h"

namespace cnet {
namespace functions {
namespace {

using loss_internal::ComputeArray;
using loss_internal::Const;

constexpr int64_t kIgnoreLabel = -1;

// gx = gy * (t != -1) * (sigmoid(x) - t) / count; gy is one value (reduce='mean') or x's shape (reduce='no').
class SigmoidCrossEntropyGrad : public FunctionNode {
public:
    SigmoidCrossEntropyGrad(const Array& labels, bool reduce_mean, double count)
        : labels_(labels), reduce_mean_(reduce_mean), count_(count) {}
    const char* label() const override { return "SigmoidCrossEntropyGrad"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array x = ComputeArray(in[0]).as_contiguous();
        const Array gy = in[1].astype(x.dtype(), false).as_contiguous();
        Array gx = Array::Empty(x.shape(), x.dtype(), x.device());
        kernels::SigmoidCrossEntropyBackward(x, labels_, gy, reduce_mean_ ? 1.0 / count_ : 1.0, gx);
        return {gx.astype(in[0].dtype(), false)};
    }
    // d(gx)/dx = gy * mask * y (1 - y) / count;  d(gx)/d(gy) = mask * (y - t) / count (summed for 'mean').
    VarList backward(const IndexList& targets, const VarList& ggx) override {
        const VarList in = get_retained_inputs();
        const Variable &x = in[0], &gy = in[1];
        const Dtype dtype = input_dtype(0);
        const Array mask_array = (labels_ != Scalar(kIgnoreLabel)).astype(dtype);
        const Variable masked_ggx = mul(ggx[0], Const(mask_array));
        const Variable y = loss_internal::Sigmoid(x);
        VarList grads(2);
        for (int i : targets) {
            if (i == 0) {
                const Variable yp = mul(y, rsub(y, Scalar(1.0)));
                grads[0] = mul(mul(yp, broadcast_to(gy, yp.shape())), masked_ggx);
                if (reduce_mean_) grads[0] = mul(grads[0], Scalar(1.0 / count_));
            } else {
                const Variable t = Const(labels_.astype(dtype));
                grads[1] = mul(sub(y, t), masked_ggx);
                if (reduce_mean_) grads[1] = mul(loss_internal::SumAll(grads[1]), Scalar(1.0 / count_));
            }
        }
        return grads;
    }

private:
    Array labels_;  // int64, x's shape and device
    bool reduce_mean_;
    double count_;
};

class SigmoidCrossEntropy : public FunctionNode {
public:
    SigmoidCrossEntropy(bool normalize, bool reduce_mean) : normalize_(normalize), reduce_mean_(reduce_mean) {}
    const char* label() const override { return "SigmoidCrossEntropy"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 2);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectKind(label(), in, 1, 'i');
        type_check::ExpectSameShape(label(), in, 0, 1);
    }
    // loss = -(t != -1) * (x * (t - (x >= 0)) - log1p(exp(-|x|)))
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        const Array x = ComputeArray(in[0]).as_contiguous();
        labels_ = in[1].astype(Dtype::kInt64, false).to_device(x.device()).as_contiguous();
        Array loss = Array::Empty(x.shape(), x.dtype(), x.device());
        const kernels::LossTotal total = kernels::SigmoidCrossEntropyForward(x, labels_, loss);
        if (!reduce_mean_) return {loss.astype(in[0].dtype(), false)};
        int64_t count = x.ndim() > 0 ? x.shape()[0] : 1;
        if (normalize_) count = total.count;
        count_ = static_cast<double>(std::max<int64_t>(count, 1));
        return {Array::Full(Shape{}, Scalar(total.sum / count_), in[0].dtype(), in[0].device())};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable x = get_retained_inputs()[0];
        return {Apply1<SigmoidCrossEntropyGrad>({x, gy[0]}, labels_, reduce_mean_, count_), Variable()};
    }

private:
    bool normalize_, reduce_mean_;
    Array labels_;
    double count_ = 1.0;
};

}  // namespace

Variable sigmoid_cross_entropy(const Variable& x, const Variable& t, bool normalize, const std::string& reduce) {
    loss_internal::CheckReduce(reduce, {"mean", "no"});
    return Apply1<SigmoidCrossEntropy>({x, t}, normalize, reduce == "mean");
}

}  // namespace functions
}  // namespace cnet
