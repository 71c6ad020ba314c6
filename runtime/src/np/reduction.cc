// reduction.cc — NumPy reductions built on kernels::Reduce / ArgReduce / Cumsum.
#include "cnet/np/reduction.h"

#include "cnet/kernels/reduction.h"
#include "cnet/np/math.h"

namespace cnet {
namespace np {
namespace {

using kernels::ReduceOp;

Array ReduceTo(ReduceOp op, const Array& x, const OptionalAxis& axis, bool keepdims, Dtype out_dtype) {
    const Dims axes = axis.Normalize(x.ndim());
    Array out = Array::Empty(ReducedShape(x.shape(), axes, keepdims), out_dtype, x.device());
    kernels::Reduce(op, x, axes, out);
    return out;
}

Dtype SumDtype(Dtype d) { return IsFloat(d) ? d : Dtype::kInt64; }

int64_t CountReduced(const Array& x, const OptionalAxis& axis) {
    int64_t n = 1;
    for (int64_t a : axis.Normalize(x.ndim())) n *= x.shape()[static_cast<int>(a)];
    return n;
}

Array ArgReduce(bool is_max, const Array& x, const OptionalAxis& axis) {
    if (!axis.has_value()) {
        Array flat = x.reshape(Shape{x.size()});
        Array out = Array::Empty(Shape{}, Dtype::kInt64, x.device());
        kernels::ArgReduce(is_max, flat, 0, out);
        return out;
    }
    CNET_CHECK_AS(ValueError, axis.axes().ndim() == 1, is_max ? "argmax" : "argmin", " takes a single axis");
    const int ax = NormalizeAxis(axis.axes()[0], x.ndim());
    Array out = Array::Empty(ReducedShape(x.shape(), Dims{ax}, false), Dtype::kInt64, x.device());
    kernels::ArgReduce(is_max, x, ax, out);
    return out;
}

}  // namespace

Shape ReducedShape(const Shape& shape, const Dims& axes, bool keepdims) {
    Shape out;
    int j = 0;
    for (int i = 0; i < shape.ndim(); ++i) {
        const bool reduced = j < axes.ndim() && axes[j] == i;
        if (reduced) ++j;
        if (!reduced) out.push_back(shape[i]);
        else if (keepdims) out.push_back(1);
    }
    return out;
}

Array sum(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kSum, x, axis, keepdims, SumDtype(x.dtype()));
}

Array mean(const Array& x, const OptionalAxis& axis, bool keepdims) {
    const Dtype out = IsFloat(x.dtype()) ? x.dtype() : Dtype::kFloat64;
    const Array s = ReduceTo(ReduceOp::kSum, x, axis, keepdims, out == Dtype::kFloat16 ? Dtype::kFloat32 : out);
    const int64_t n = CountReduced(x, axis);
    Array m = s / Scalar(static_cast<double>(n));
    return m.astype(out, false);
}

Array prod(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kProd, x, axis, keepdims, SumDtype(x.dtype()));
}

Array max(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kMax, x, axis, keepdims, x.dtype());
}

Array min(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kMin, x, axis, keepdims, x.dtype());
}

Array amax(const Array& x, const OptionalAxis& axis, bool keepdims) { return max(x, axis, keepdims); }
Array amin(const Array& x, const OptionalAxis& axis, bool keepdims) { return min(x, axis, keepdims); }

Array any(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kAny, x, axis, keepdims, Dtype::kBool);
}

Array all(const Array& x, const OptionalAxis& axis, bool keepdims) {
    return ReduceTo(ReduceOp::kAll, x, axis, keepdims, Dtype::kBool);
}

Array var(const Array& x, const OptionalAxis& axis, bool keepdims, int ddof) {
    const Array xf = IsFloat(x.dtype()) ? x : x.astype(Dtype::kFloat64);
    const Array m = mean(xf, axis, true);
    const Array d = xf - m;
    const Array ss = sum(d * d, axis, keepdims);
    const int64_t n = CountReduced(x, axis);
    return ss / Scalar(static_cast<double>(n - ddof));
}

Array std(const Array& x, const OptionalAxis& axis, bool keepdims, int ddof) {
    return sqrt(var(x, axis, keepdims, ddof));
}

Array argmax(const Array& x, const OptionalAxis& axis) { return ArgReduce(true, x, axis); }
Array argmin(const Array& x, const OptionalAxis& axis) { return ArgReduce(false, x, axis); }

Array cumsum(const Array& x, std::optional<int> axis, std::optional<Dtype> dtype) {
    const Dtype result = dtype ? *dtype : SumDtype(x.dtype());
    const Dtype dt = result == Dtype::kFloat16 ? Dtype::kFloat32 : IsFloat(result) ? result : Dtype::kInt64;
    const Array xin = (axis && x.ndim() > 0 ? x : x.reshape(Shape{x.size()})).astype(dt, false);
    const int ax = axis ? NormalizeAxis(*axis, xin.ndim()) : 0;
    Array out = Array::Empty(xin.shape(), dt, x.device());
    kernels::Cumsum(xin, ax, out);
    return out.astype(result, false);
}

}  // namespace np
}  // namespace cnet
