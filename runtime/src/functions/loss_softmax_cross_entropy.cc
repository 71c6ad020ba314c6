// loss_softmax_cross_entropy.cc — F.softmax_cross_entropy: the fused single-backprop node (the classifier hot
// path) and the differentiable composition used with enable_double_backprop=True.
//
// Note [Softmax cross entropy]
// The default path is one SoftmaxCrossEntropy node. Its forward makes one pass over each softmax row (C values,
// strided by U = prod(x.shape[2:]) for the replicated softmax) computing the max, the sum of exponentials, the
// picked log-probability and, with cache_score, the softmax itself for backward. Its backward applies
// SoftmaxCrossEntropyGrad, whose forward writes gx = (softmax - onehot(t)) * w[t] * gy * coeff in one pass. As in
// Chainer, that gradient node is not differentiable: backprop through it raises cnet::Error.
// enable_double_backprop=True builds the loss from LogSoftmax, a constant mask holding w[t] at the target
// classes, and sums, all of which are differentiable any number of times.
#include <algorithm>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/kernels/indexes.h"
#include "cnet/kernels/loss.h"
#include "cnet/np/creation.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "functions/loss_internal.h"

namespace cnet {
namespace functions {
namespace {

using loss_internal::ComputeArray;

// x viewed as (N, C, U): softmax runs over C, strided by U = prod(x.shape[2:]).
struct SceGeometry {
    int64_t n, c, u;
};

SceGeometry GeometryOf(const Shape& s) {
    int64_t u = 1;
    for (int i = 2; i < s.ndim(); ++i) u *= s[i];
    return {s[0], s[1], u};
}

void CheckTypes(const char* label, const ArrayList& in) {
    type_check::ExpectSize(label, in, 2);
    type_check::ExpectFloat(label, in, 0);
    type_check::ExpectKind(label, in, 1, 'i');
    const Array &x = in[0], &t = in[1];
    type_check::ExpectEq(label, t.ndim(), x.ndim() - 1, "in_types[1].ndim", "in_types[0].ndim - 1");
    type_check::ExpectNdimAtLeast(label, in, 0, 2);
    type_check::ExpectEq(label, x.shape()[0], t.shape()[0], "in_types[0].shape[0]", "in_types[1].shape[0]");
    const Shape xs(x.shape().begin() + 2, x.shape().end()), ts(t.shape().begin() + 1, t.shape().end());
    if (xs != ts)
        type_check::Expect(label, false, "in_types[0].shape[2:] == in_types[1].shape[1:]",
                           xs.ToString() + " != " + ts.ToString());
}

void CheckClassWeight(const Array& w) {
    if (!w.defined()) return;
    CNET_CHECK_AS(ValueError, w.ndim() == 1, "class_weight.ndim should be 1");
    CNET_CHECK_AS(ValueError, IsFloat(w.dtype()), "The dtype of class_weight should be 'f'");
}

// The labels as contiguous int32 or int64 on x's device (the kernels check their range).
Array Labels(const Array& t, const Array& x) {
    return kernels::KernelIndexes(t.to_device(x.device()));
}

// class_weight as x's compute dtype on x's device (undefined when None).
Array WeightsFor(const Array& class_weight, const Array& x) {
    if (!class_weight.defined()) return Array();
    CNET_CHECK_AS(ValueError, class_weight.size() == x.shape()[1], "class_weight of shape ", class_weight.shape(),
                  " does not match the ", x.shape()[1], " classes of x");
    return class_weight.to_device(x.device()).astype(x.dtype(), false).as_contiguous();
}

// 1 / max(count, 1), where count is the number of non-ignored labels (normalize) or N.
double Coefficient(const Array& labels, int64_t ignore_label, bool normalize, int64_t n) {
    const int64_t count = normalize ? np::sum(labels != Scalar(ignore_label)).item<int64_t>() : n;
    return 1.0 / static_cast<double>(std::max<int64_t>(count, 1));
}

// State shared by the forward node and its gradient node (arrays on x's device).
struct SceState {
    Array labels;   // int64, t's shape
    Array weights;  // (C,) compute dtype, or undefined
    Array y;        // cached softmax (compute dtype), or undefined
    int64_t ignore_label = -1;
    bool reduce_mean = true;
    double coeff = 1.0;
};

class SoftmaxCrossEntropyGrad : public FunctionNode {
public:
    explicit SoftmaxCrossEntropyGrad(const SceState& state) : s_(state) {}
    const char* label() const override { return "SoftmaxCrossEntropyGrad"; }
    // in: x (N, C, ...), gy (() for 'mean', t's shape for 'no')
    ArrayList forward(const ArrayList& in) override { return {Compute(s_, in[0], in[1])}; }
    static Array Compute(const SceState& s, const Array& x_in, const Array& gy_in) {
        const Array x = ComputeArray(x_in).as_contiguous();
        const Array gy = gy_in.astype(x.dtype(), false).as_contiguous();
        Array gx = Array::Empty(x.shape(), x.dtype(), x.device());
        kernels::SoftmaxCrossEntropyBackward(x, s.y, s.labels, s.weights, s.ignore_label, gy,
                                             s.reduce_mean ? s.coeff : 1.0, gx);
        return gx.astype(x_in.dtype(), false);
    }
    VarList backward(const IndexList&, const VarList&) override {
        throw Error(
            "F.softmax_cross_entropy was called with 'enable_double_backprop=False' argument, but double-backprop "
            "is actually being performed. Please specify 'enable_double_backprop=True' explicitly.");
    }

private:
    SceState s_;
};

class SoftmaxCrossEntropy : public FunctionNode {
public:
    SoftmaxCrossEntropy(bool normalize, bool cache_score, const Array& class_weight, int64_t ignore_label,
                        bool reduce_mean)
        : normalize_(normalize), cache_score_(cache_score), class_weight_(class_weight) {
        s_.ignore_label = ignore_label;
        s_.reduce_mean = reduce_mean;
    }
    const char* label() const override { return "SoftmaxCrossEntropy"; }
    void check_type_forward(const ArrayList& in) const override { CheckTypes(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        const Array x = ComputeArray(in[0]).as_contiguous();
        s_.labels = Labels(in[1], x);
        s_.weights = WeightsFor(class_weight_, x);
        if (cache_score_) s_.y = Array::Empty(x.shape(), x.dtype(), x.device());
        Array loss = s_.reduce_mean ? Array() : Array::Empty(in[1].shape(), x.dtype(), x.device());
        const kernels::LossTotal total =
            kernels::SoftmaxCrossEntropyForward(x, s_.labels, s_.weights, s_.ignore_label, s_.y, loss);
        if (!s_.reduce_mean) return {loss.astype(in[0].dtype(), false)};
        s_.coeff = 1.0 / static_cast<double>(std::max<int64_t>(normalize_ ? total.count : x.shape()[0], 1));
        return {Array::Full(Shape{}, Scalar(total.sum * s_.coeff), in[0].dtype(), in[0].device())};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        if (!config().enable_backprop())  // not recorded: the gradient node's kernel without the node
            return {Variable(SoftmaxCrossEntropyGrad::Compute(s_, input_array(0), gy[0].array())), Variable()};
        return {Apply1<SoftmaxCrossEntropyGrad>({get_retained_inputs()[0], gy[0]}, s_), Variable()};
    }

private:
    bool normalize_, cache_score_;
    Array class_weight_;
    SceState s_;
};

// The double-backprop-capable form: -sum_c(log_softmax(x) * mask) per sample, mask[n, c, ...] = w[c] at c == t.
Variable DoubleBackpropSoftmaxCrossEntropy(const Variable& x, const Variable& t, bool normalize,
                                           const Array& class_weight, int64_t ignore_label, bool reduce_mean) {
    if (config().type_check()) CheckTypes("SoftmaxCrossEntropy", ArrayList{x.array(), t.array()});
    const Array xc = ComputeArray(x.array());
    const SceGeometry g = GeometryOf(xc.shape());
    const Array labels = Labels(t.array(), xc).reshape(Shape{g.n, 1, g.u});
    const std::vector<int64_t> host_labels = labels.to_vector<int64_t>();  // range check, as the fused kernel does
    for (int64_t label : host_labels)
        CNET_CHECK_AS(ValueError, (label >= 0 && label < g.c) || label == ignore_label,
                      "Each label `t` need to satisfy `0 <= t < x.shape[1] or t == ", ignore_label, "`");
    // mask[n, c, u] = w[c] (or 1) where c == t[n, u] and t is not ignored, else 0.
    const Array classes = np::arange(Scalar(g.c), Dtype::kInt64).to_device(xc.device()).reshape(Shape{1, g.c, 1});
    Array mask = np::logical_and(np::equal(classes, labels), labels != Scalar(ignore_label)).astype(Dtype::kFloat64);
    if (class_weight.defined())
        mask = mask * WeightsFor(class_weight, xc).astype(Dtype::kFloat64).reshape(Shape{1, g.c, 1});
    mask = mask.reshape(xc.shape());
    const Variable picked = loss_internal::SumAxis1(
        mul(loss_internal::LogSoftmax(x), loss_internal::Const(mask.astype(x.dtype()).to_device(x.device()))));
    const Variable loss = neg(picked);
    if (!reduce_mean) return loss;
    return mul(loss_internal::SumAll(loss), Scalar(Coefficient(labels, ignore_label, normalize, g.n)));
}

}  // namespace

Variable softmax_cross_entropy(const Variable& x, const Variable& t, bool normalize, bool cache_score,
                               const Array& class_weight, int64_t ignore_label, const std::string& reduce,
                               bool enable_double_backprop) {
    CheckClassWeight(class_weight);
    loss_internal::CheckReduce(reduce, {"mean", "no"});
    const bool reduce_mean = reduce == "mean";
    if (enable_double_backprop)
        return DoubleBackpropSoftmaxCrossEntropy(x, t, normalize, class_weight, ignore_label, reduce_mean);
    return Apply1<SoftmaxCrossEntropy>({x, t}, normalize, cache_score, class_weight, ignore_label, reduce_mean);
}

}  // namespace functions
}  // namespace cnet
