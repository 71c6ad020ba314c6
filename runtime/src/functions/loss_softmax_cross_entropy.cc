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
#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "functions/loss_internal.h"
#include "functions/loss_softmax_cross_entropy_kernel.h"

namespace cnet {
namespace functions {
namespace {

using loss_internal::ComputeArray;
using loss_internal::SceGeometry;
using loss_internal::SceLabels;

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

// The labels as contiguous int64 on the CPU. Chainer checks them only in debug mode; an out-of-range label
// would be read out of bounds here, so they are always checked.
Array CheckedLabels(const Array& t, int64_t num_classes, int64_t ignore_label) {
    Array labels = t.to_device(Device::Cpu()).astype(Dtype::kInt64, false).as_contiguous();
    const int64_t* p = labels.data<int64_t>();
    for (int64_t i = 0; i < labels.size(); ++i) {
        if ((p[i] < 0 || p[i] >= num_classes) && p[i] != ignore_label)
            throw ValueError(internal::StrCat("Each label `t` need to satisfy `0 <= t < x.shape[1] or t == ",
                                              ignore_label, "`"));
    }
    return labels;
}

// class_weight as x's compute dtype on the CPU (undefined when None).
Array WeightsFor(const Array& class_weight, const Array& x) {
    if (!class_weight.defined()) return Array();
    CNET_CHECK_AS(ValueError, class_weight.size() == x.shape()[1], "class_weight of shape ", class_weight.shape(),
                  " does not match the ", x.shape()[1], " classes of x");
    return class_weight.to_device(Device::Cpu()).astype(x.dtype(), false).as_contiguous();
}

// 1 / max(count, 1), where count is the number of non-ignored labels (normalize) or N.
double Coefficient(const Array& labels, int64_t ignore_label, bool normalize, int64_t n) {
    int64_t count = n;
    if (normalize) {
        const int64_t* p = labels.data<int64_t>();
        count = std::count_if(p, p + labels.size(), [ignore_label](int64_t v) { return v != ignore_label; });
    }
    return 1.0 / static_cast<double>(std::max<int64_t>(count, 1));
}

// State shared by the forward node and its gradient node.
struct SceState {
    Array labels;  // (N, U) int64, CPU
    Array weights;  // (C,) compute dtype, CPU, or undefined
    Array y;        // cached softmax (compute dtype, CPU), or undefined
    int64_t ignore_label = -1;
    bool reduce_mean = true;
    double coeff = 1.0;

    template <typename T>
    SceLabels<T> Labels() const {
        return {labels.data<int64_t>(), weights.defined() ? weights.data<T>() : nullptr, ignore_label};
    }
};

// Writes softmax(x) into y and the per-sample losses into loss (either may be null); returns their sum.
template <typename T>
double RunForward(const Array& x, const SceState& s, T* y, T* loss) {
    const SceGeometry g = GeometryOf(x.shape());
    if (x.size() == 0) {
        if (loss) std::fill(loss, loss + g.n * g.u, T(0));
        return 0.0;
    }
    const T* xp = x.data<T>();
    return g.u == 1 ? loss_internal::SceForwardRows(xp, s.Labels<T>(), g, y, loss)
                    : loss_internal::SceForwardReplicated(xp, s.Labels<T>(), g, y, loss);
}

class SoftmaxCrossEntropyGrad : public FunctionNode {
public:
    explicit SoftmaxCrossEntropyGrad(const SceState& state) : s_(state) {}
    const char* label() const override { return "SoftmaxCrossEntropyGrad"; }
    // in: x (N, C, ...), gy (() for 'mean', t's shape for 'no')
    ArrayList forward(const ArrayList& in) override {
        const Array x = ComputeArray(in[0]).to_device(Device::Cpu()).as_contiguous();
        const Array gy = in[1].to_device(Device::Cpu()).astype(x.dtype(), false).as_contiguous();
        Array gx = Array::Empty(x.shape(), x.dtype());
        CNET_DISPATCH_FLOAT(x.dtype(), T, {
            T* out = gx.data<T>();
            const T* y = s_.y.defined() ? s_.y.data<T>() : out;
            if (!s_.y.defined()) RunForward<T>(x, s_, out, nullptr);  // softmax recomputed in place
            const T scale = s_.reduce_mean ? static_cast<T>(gy.data<T>()[0] * s_.coeff) : T(0);
            loss_internal::SceBackward(y, s_.Labels<T>(), GeometryOf(x.shape()), scale,
                                       s_.reduce_mean ? nullptr : gy.data<T>(), out);
        });
        return {gx.astype(in[0].dtype(), false).to_device(in[0].device())};
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
        const Array x = ComputeArray(in[0]).to_device(Device::Cpu()).as_contiguous();
        s_.labels = CheckedLabels(in[1], x.shape()[1], s_.ignore_label);
        s_.weights = WeightsFor(class_weight_, x);
        if (cache_score_) s_.y = Array::Empty(x.shape(), x.dtype());
        Array loss = s_.reduce_mean ? Array() : Array::Empty(in[1].shape(), x.dtype());
        double total = 0;
        CNET_DISPATCH_FLOAT(x.dtype(), T, {
            total = RunForward<T>(x, s_, s_.y.defined() ? s_.y.data<T>() : nullptr,
                                  loss.defined() ? loss.data<T>() : nullptr);
        });
        if (!s_.reduce_mean) return {loss.astype(in[0].dtype(), false).to_device(in[0].device())};
        s_.coeff = Coefficient(s_.labels, s_.ignore_label, normalize_, x.shape()[0]);
        return {Array::Full(Shape{}, Scalar(total * s_.coeff), in[0].dtype(), in[0].device())};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
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
    const Array xc = ComputeArray(x.array()).to_device(Device::Cpu());
    const SceGeometry g = GeometryOf(xc.shape());
    const Array labels = CheckedLabels(t.array(), g.c, ignore_label);
    const Array weights = class_weight.defined() ? WeightsFor(class_weight, xc).astype(Dtype::kFloat64) : Array();
    Array mask = Array::Zeros(xc.shape(), Dtype::kFloat64);
    double* m = mask.data<double>();
    const int64_t* lp = labels.data<int64_t>();
    const double* wp = weights.defined() ? weights.data<double>() : nullptr;
    for (int64_t n = 0; n < g.n; ++n) {
        for (int64_t u = 0; u < g.u; ++u) {
            const int64_t label = lp[n * g.u + u];
            if (label != ignore_label) m[(n * g.c + label) * g.u + u] = wp ? wp[label] : 1.0;
        }
    }
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
