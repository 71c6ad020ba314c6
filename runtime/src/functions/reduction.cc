// reduction.cc — Sum, Max/Min, LogSumExp nodes, average/mean built from them, and argmax/argmin. Backward
// broadcasts the output gradient back over the reduced axes (internal::BroadcastReduced).
#include "cnet/functions/reduction.h"

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/math.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

using internal::AxisReduction;

class Sum : public AxisReduction {
public:
    Sum(const OptionalAxis& axis, bool keepdims) : AxisReduction("Sum", axis, keepdims) {}
    ArrayList forward(const ArrayList& in) override {
        NormalizeAxes(in[0]);
        return {np::sum(in[0], OptionalAxis(axes_), keepdims_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {internal::BroadcastReduced(gy[0], input_shape(0), axes_)};
    }
};

// Chainer's SelectorBase: every element equal to the selected value gets the gradient (ties all do).
class Select : public AxisReduction {
public:
    Select(bool is_max, const OptionalAxis& axis, bool keepdims)
        : AxisReduction(is_max ? "Max" : "Min", axis, keepdims), is_max_(is_max) {}
    ArrayList forward(const ArrayList& in) override {
        NormalizeAxes(in[0]);
        retain_outputs({0});
        const OptionalAxis axes(axes_);
        return {is_max_ ? np::max(in[0], axes, keepdims_) : np::min(in[0], axes, keepdims_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Shape kshape = internal::KeepdimsShape(input_shape(0), axes_);
        const Array cond = np::equal(input_array(0), retained_output_array(0).reshape(kshape));
        return {internal::MaskMultiply(reshape(gy[0], kshape), cond)};
    }

private:
    bool is_max_;
};

// y = m + log(sum(exp(x - m))) with m the max (0 where it is not finite, so all -inf slices give -inf).
class LogSumExp : public AxisReduction {
public:
    explicit LogSumExp(const OptionalAxis& axis) : AxisReduction("LogSumExp", axis, false) {}
    ArrayList forward(const ArrayList& in) override {
        NormalizeAxes(in[0]);
        retain_inputs({0});
        retain_outputs({0});
        const OptionalAxis axes(axes_);
        Array m = np::max(in[0], axes, true);
        m = np::where(np::isfinite(m), m, Scalar(0));
        const Array s = np::sum(np::exp(np::subtract(in[0], m)), axes, true);
        const Array y = np::add(np::log(s), m);
        return {y.reshape(np::ReducedShape(in[0].shape(), axes_, false))};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        // gx = gy * exp(x - y), y and gy broadcast back over the reduced axes
        const Shape kshape = internal::KeepdimsShape(input_shape(0), axes_);
        const Variable x = get_retained_inputs()[0], y = get_retained_outputs()[0];
        return {mul(exp(sub(x, reshape(y, kshape))), reshape(gy[0], kshape))};
    }
};

// ArgMax / ArgMin: Chainer's IndexSelectorBase checks, then int32 indices as a constant.
Variable ArgSelect(bool is_max, const Variable& x, const OptionalAxis& axis) {
    const char* label = is_max ? "ArgMax" : "ArgMin";
    CNET_CHECK_AS(ValueError, !axis.has_value() || axis.axes().ndim() == 1, label, ": None or int are required");
    if (config().type_check()) {
        const ArrayList in{x.array()};
        type_check::ExpectFloat(label, in, 0);
        if (axis.has_value()) internal::ExpectAxisInRange(label, axis.axes()[0], x.ndim());
    }
    const Array idx = is_max ? np::argmax(x.array(), axis) : np::argmin(x.array(), axis);
    return Variable(idx.astype(Dtype::kInt32, false), false);
}

}  // namespace

Variable sum(const Variable& x, const OptionalAxis& axis, bool keepdims) { return Apply1<Sum>({x}, axis, keepdims); }

Variable average(const Variable& x, const OptionalAxis& axis, const Variable& weights, bool keepdims) {
    if (!weights.defined()) {
        const Variable s = sum(x, axis, keepdims);  // checks the axes first, with Chainer's messages
        int64_t n = 1;
        for (int64_t a : axis.Normalize(x.ndim())) n *= x.shape()[static_cast<int>(a)];
        return div(s, Scalar(static_cast<double>(n)));
    }
    CNET_CHECK_AS(ValueError, !axis.has_value() || axis.axes().ndim() == 1,
                  "tuple axis is not supported when weights is given");
    const Variable divider = sum(weights);
    Variable w = weights;
    if (axis.has_value()) {  // 1-D weights along `axis`, broadcast over the other axes
        const int a = NormalizeAxis(axis.axes()[0], x.ndim());
        Shape w_shape;
        for (int i = 0; i < x.ndim(); ++i) w_shape.push_back(i == a ? x.shape()[i] : 1);
        w = broadcast_to(reshape(weights, w_shape), x.shape());
    }
    const Variable s = sum(mul(x, w), axis, keepdims);
    return div(s, broadcast_to(divider, s.shape()));
}

Variable mean(const Variable& x, const OptionalAxis& axis, const Variable& weights, bool keepdims) {
    return average(x, axis, weights, keepdims);
}

Variable max(const Variable& x, const OptionalAxis& axis, bool keepdims) {
    return Apply1<Select>({x}, true, axis, keepdims);
}

Variable min(const Variable& x, const OptionalAxis& axis, bool keepdims) {
    return Apply1<Select>({x}, false, axis, keepdims);
}

Variable logsumexp(const Variable& x, const OptionalAxis& axis) { return Apply1<LogSumExp>({x}, axis); }

Variable argmax(const Variable& x, const OptionalAxis& axis) { return ArgSelect(true, x, axis); }
Variable argmin(const Variable& x, const OptionalAxis& axis) { return ArgSelect(false, x, axis); }

}  // namespace functions
}  // namespace cnet
