// loss_margin.cc — margin-based losses: hinge, contrastive and triplet. Their backward passes are written with
// differentiable functions; the active-margin masks are constants (so they are twice differentiable).
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/np/creation.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "functions/loss_internal.h"

namespace cnet {
namespace functions {
namespace {

using loss_internal::Const;

// The per-sample gradient scale as an (N, 1) variable: gy / N for 'mean', gy reshaped for 'no'.
Variable SampleScale(const Variable& gy, int64_t n, bool reduce_mean) {
    if (!reduce_mean) return reshape(gy, Shape{n, 1});
    return mul(broadcast_to(reshape(gy, Shape{1, 1}), Shape{n, 1}), Scalar(1.0 / static_cast<double>(n)));
}

// sum(loss) / N for 'mean', else loss itself, in dtype.
Array Reduce(const Array& loss, bool reduce_mean, Dtype dtype) {
    if (!reduce_mean) return loss.astype(dtype, false);
    const double n = static_cast<double>(loss.shape()[0]);
    return Array::Full(Shape{}, Scalar(np::sum(loss.astype(Dtype::kFloat64)).item<double>() / n), dtype,
                       loss.device());
}

// s[n, k] = -1 at k == t[n], +1 elsewhere (x's dtype, on t's device). Labels outside [0, K) raise IndexError as
// NumPy does (checked on the host).
Array HingeSigns(const Array& t, const Shape& x_shape, Dtype dtype) {
    const int64_t k = x_shape[1];
    const Array labels = t.astype(Dtype::kInt64, false);
    for (int64_t label : labels.to_vector<int64_t>())
        CNET_CHECK_AS(IndexError, label >= -k && label < k, "index ", label, " is out of bounds for axis 1 with size ",
                      k);
    const Array wrapped = np::where(labels < Scalar(0), labels + Scalar(k), labels).reshape(Shape{-1, 1});
    const Array classes = np::arange(Scalar(k), Dtype::kInt64).to_device(t.device()).reshape(Shape{1, k});
    const Array hit = np::equal(classes, wrapped).astype(Dtype::kFloat64);
    return (1.0 - 2.0 * hit).astype(dtype);
}

class Hinge : public FunctionNode {
public:
    explicit Hinge(bool l2, bool reduce_mean) : l2_(l2), reduce_mean_(reduce_mean) {}
    const char* label() const override { return "Hinge"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 2);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectKind(label(), in, 1, 'i');
        type_check::ExpectNdim(label(), in, 0, 2);
        type_check::ExpectNdim(label(), in, 1, 1);
        type_check::ExpectEq(label(), in[0].shape()[0], in[1].shape()[0], "in_types[0].shape[0]",
                             "in_types[1].shape[0]");
    }
    // bottom_diff = max(0, 1 + s x); loss = bottom_diff (L1) or bottom_diff^2 (L2)
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        const Array x = loss_internal::ComputeArray(in[0]);
        signs_ = HingeSigns(in[1], x.shape(), x.dtype()).to_device(x.device());
        const Array bottom = np::binary(kernels::BinaryOp::kMaximum, (signs_ * x) + 1.0, Scalar(0.0));
        active_ = bottom > Scalar(0.0);
        const Array loss = l2_ ? np::multiply(bottom, bottom) : bottom;
        return {Reduce(loss, reduce_mean_, in[0].dtype())};
    }
    // L1: gx = g s [active];  L2: gx = 2 g s (1 + s x) [active] = 2 g (x + s) [active]
    VarList backward(const IndexList&, const VarList& gy) override {
        const Dtype dtype = input_dtype(0);
        const Shape& shape = input_shape(0);
        const Variable g = reduce_mean_ ? broadcast_to(SampleScale(gy[0], shape[0], true), shape) : gy[0];
        const Array mask = active_.astype(dtype);
        if (!l2_) return {mul(g, Const(np::multiply(mask, signs_.astype(dtype, false)))), Variable()};
        const Variable x = get_retained_inputs()[0];
        const Variable local = mul(add(x, Const(signs_.astype(dtype, false))), Const(mask * 2.0));
        return {mul(g, local), Variable()};
    }

private:
    bool l2_, reduce_mean_;
    Array signs_;   // (N, K) of -1 / +1
    Array active_;  // (N, K) bool: 1 + s x > 0
};

class Contrastive : public FunctionNode {
public:
    Contrastive(double margin, bool reduce_mean) : margin_(margin), reduce_mean_(reduce_mean) {}
    const char* label() const override { return "Contrastive"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 3);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectSameDtype(label(), in, 0, 1);
        type_check::ExpectKind(label(), in, 2, 'i');
        type_check::ExpectNdim(label(), in, 0, 2);
        type_check::ExpectNdim(label(), in, 1, 2);
        type_check::ExpectNdim(label(), in, 2, 1);
        type_check::ExpectSameShape(label(), in, 0, 1);
        type_check::ExpectEq(label(), in[1].shape()[0], in[2].shape()[0], "in_types[1].shape[0]",
                             "in_types[2].shape[0]");
        type_check::Expect(label(), in[1].shape()[0] > 0, "in_types[1].shape[0] > 0",
                           std::to_string(in[1].shape()[0]) + " <= 0");
    }
    // loss = 0.5 (y d^2 + (1 - y) max(margin - d, 0)^2), d = ||x0 - x1||
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array diff = np::subtract(in[0].astype(Dtype::kFloat64), in[1].astype(Dtype::kFloat64));
        const Array dist_sq = np::sum(np::multiply(diff, diff), OptionalAxis(1));
        const Array dist = np::sqrt(dist_sq);
        const Array md = np::binary(kernels::BinaryOp::kMaximum, margin_ - dist, Scalar(0.0));
        y_ = in[2].astype(Dtype::kFloat64);
        const Array loss = (y_ * dist_sq + (1.0 - y_) * md * md) * 0.5;
        return {Reduce(loss, reduce_mean_, in[0].dtype())};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override;

private:
    double margin_;
    bool reduce_mean_;
    Array y_;  // (N,) labels as float64
};

// gx0 = alpha (y diff + (1 - y) max(margin - d, 0) (-diff / max(d, 1e-8))), gx1 = -gx0. The max() choices are
// constant masks; diff and d stay differentiable.
VarList Contrastive::backward(const IndexList& targets, const VarList& gy) {
    const VarList x = get_retained_inputs();
    const Dtype dtype = input_dtype(0);
    const int64_t n = input_shape(0)[0];
    const Variable alpha = SampleScale(gy[0], n, reduce_mean_);  // (N, 1)
    const Variable diff = sub(x[0], x[1]);
    const Variable dist = functions::pow(loss_internal::SumAxis1Keep(mul(diff, diff)), Scalar(0.5));  // (N, 1)
    const Array d = dist.array().astype(Dtype::kFloat64);
    const Array positive = (margin_ - d) > Scalar(0.0);
    const Array floor = (d < Scalar(1e-8)).astype(Dtype::kFloat64);
    const Variable md = mul(rsub(dist, Scalar(margin_)), Const(positive.astype(dtype)));
    const Variable dist_c = add(mul(dist, Const((1.0 - floor).astype(dtype))), Const((floor * 1e-8).astype(dtype)));
    const Array y = y_.reshape(Shape{n, 1});
    const Variable similar = mul(mul(alpha, Const(y.astype(dtype))), diff);
    const Variable dissimilar = mul(mul(mul(alpha, Const((1.0 - y).astype(dtype))), md), neg(div(diff, dist_c)));
    const Variable g = add(similar, dissimilar);
    VarList gx(3);
    for (int i : targets) gx[i] = i == 0 ? g : (i == 1 ? neg(g) : Variable());
    return gx;
}

class Triplet : public FunctionNode {
public:
    Triplet(double margin, bool reduce_mean) : margin_(margin), reduce_mean_(reduce_mean) {}
    const char* label() const override { return "Triplet"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 3);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectSameDtype(label(), in, 0, 1);
        type_check::ExpectSameDtype(label(), in, 0, 2);
        type_check::ExpectNdim(label(), in, 0, 2);
        type_check::ExpectSameShape(label(), in, 0, 1);
        type_check::ExpectSameShape(label(), in, 0, 2);
        type_check::Expect(label(), in[0].shape()[0] > 0, "in_types[0].shape[0] > 0",
                           std::to_string(in[0].shape()[0]) + " <= 0");
    }
    // loss = max(sum((a - p)^2 - (a - n)^2, axis=1) + margin, 0)
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1, 2});
        const Array a = in[0].astype(Dtype::kFloat64), p = in[1].astype(Dtype::kFloat64),
                    ng = in[2].astype(Dtype::kFloat64);
        const Array dp = a - p, dn = a - ng;
        const Array dist = np::sum(dp * dp - dn * dn, OptionalAxis(1)) + margin_;
        const Array hinge = np::binary(kernels::BinaryOp::kMaximum, dist, Scalar(0.0));
        active_ = hinge > Scalar(0.0);
        return {Reduce(hinge, reduce_mean_, in[0].dtype())};
    }
    // With k = 2 g [active]: ga = k (n - p), gp = k (p - a), gn = k (a - n).
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        const int64_t n = input_shape(0)[0];
        const Array mask = active_.astype(input_dtype(0)).reshape(Shape{n, 1}) * 2.0;
        const Variable k = mul(SampleScale(gy[0], n, reduce_mean_), Const(mask));
        VarList gx(3);
        for (int i : targets) {
            if (i == 0) gx[0] = mul(k, sub(x[2], x[1]));
            else if (i == 1) gx[1] = mul(k, sub(x[1], x[0]));
            else gx[2] = mul(k, sub(x[0], x[2]));
        }
        return gx;
    }

private:
    double margin_;
    bool reduce_mean_;
    Array active_;  // (N,) bool
};

}  // namespace

Variable hinge(const Variable& x, const Variable& t, const std::string& norm, const std::string& reduce) {
    CNET_CHECK_AS(ValueError, norm == "L1" || norm == "L2", "norm should be either 'L1' or 'L2'");
    loss_internal::CheckReduce(reduce, {"mean", "no"});
    return Apply1<Hinge>({x, t}, norm == "L2", reduce == "mean");
}

Variable contrastive(const Variable& x0, const Variable& x1, const Variable& y, double margin,
                     const std::string& reduce) {
    CNET_CHECK_AS(ValueError, margin > 0, "margin should be positive value.");
    loss_internal::CheckReduce(reduce, {"mean", "no"});
    return Apply1<Contrastive>({x0, x1, y}, margin, reduce == "mean");
}

Variable triplet(const Variable& anchor, const Variable& positive, const Variable& negative, double margin,
                 const std::string& reduce) {
    CNET_CHECK_AS(ValueError, margin > 0, "margin should be positive value.");
    loss_internal::CheckReduce(reduce, {"mean", "no"});
    return Apply1<Triplet>({anchor, positive, negative}, margin, reduce == "mean");
}

}  // namespace functions
}  // namespace cnet
