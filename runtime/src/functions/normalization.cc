// normalization.cc — BatchNormalization: a fused forward and first-order backward (kernels/normalization),
// and, when the backward itself is recorded (double backprop), the same gradient written with
// differentiable functions. The other normalizations are compositions of differentiable functions.
#include "cnet/functions/normalization.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/convolution.h"
#include "cnet/functions/math.h"
#include "cnet/functions/reduction.h"
#include "cnet/kernels/normalization.h"
#include "cnet/np/math.h"

namespace cnet {
namespace functions {
namespace {

// (1, gamma dims..., 1, ...): the shape that broadcasts per-channel values against x.
Shape StatShape(const Shape& x, const Shape& gamma) {
    Shape s{1};
    for (int64_t d : gamma) s.push_back(d);
    while (s.ndim() < x.ndim()) s.push_back(1);
    return s;
}

// Axis 0 and the axes after the channel dims.
Dims ReducedAxes(int x_ndim, int gamma_ndim) {
    Dims axes{0};
    for (int i = gamma_ndim + 1; i < x_ndim; ++i) axes.push_back(i);
    return axes;
}

void CheckChannels(const char* op, const Shape& x, const Shape& gamma) {
    bool ok = x.ndim() >= gamma.ndim() + 1;
    for (int i = 0; ok && i < gamma.ndim(); ++i) ok = x[i + 1] == gamma[i];
    CNET_CHECK_AS(ShapeError, ok, op, ": gamma ", gamma.ToString(), " must match the dims of x ", x.ToString(),
                  " after the batch axis");
}

// Batch mean, biased variance and x_hat = (x - mean) / sqrt(var + eps), all differentiable.
struct BatchStats {
    Variable mean, var, x_hat;
};

BatchStats Normalized(const Variable& x, const Shape& gamma_shape, double eps) {
    const Shape stat = StatShape(x.shape(), gamma_shape);
    const Dims axes = ReducedAxes(x.ndim(), gamma_shape.ndim());
    const double m = static_cast<double>(x.size() / gamma_shape.prod());
    const Variable mean = reshape(sum(x, axes), stat) / m;
    const Variable xc = x - mean;
    const Variable var = reshape(sum(xc * xc, axes), stat) / m;
    return {mean, var, xc * rsqrt(var + eps)};
}

// gx, ggamma, gbeta of batch normalization written with differentiable functions.
VarList CompositeGrad(const Variable& x, const Variable& gamma, const Variable& gy, double eps) {
    const Shape stat = StatShape(x.shape(), gamma.shape());
    const Dims axes = ReducedAxes(x.ndim(), gamma.ndim());
    const double m = static_cast<double>(x.size() / gamma.size());
    const BatchStats s = Normalized(x, gamma.shape(), eps);
    const Variable gbeta = sum(gy, axes), ggamma = sum(gy * s.x_hat, axes);
    const Variable gx =
        reshape(gamma, stat) * rsqrt(s.var + eps) * (gy - (s.x_hat * reshape(ggamma, stat) + reshape(gbeta, stat)) / m);
    return {gx, ggamma, gbeta};
}

// (gx, ggamma, gbeta) in one fused pass; only used when the backward is not itself recorded.
class BatchNormalizationGrad : public FunctionNode {
 public:
    BatchNormalizationGrad(const Array& mean, const Array& inv_std, double eps)
        : mean_(mean), inv_std_(inv_std), eps_(eps) {}
    const char* label() const override { return "BatchNormalizationGrad"; }
    ArrayList forward(const ArrayList& in) override {
        const Array &x = in[0], &gamma = in[1], &gy = in[2];
        Array gx = Array::Empty(x.shape(), x.dtype(), x.device());
        Array ggamma = Array::Empty(gamma.shape(), x.dtype(), x.device());
        Array gbeta = Array::Empty(gamma.shape(), x.dtype(), x.device());
        kernels::BatchNormBackward(x, gamma, gy, mean_, inv_std_, eps_, gx, ggamma, gbeta);
        return {gx, ggamma, gbeta};
    }
    VarList backward(const IndexList&, const VarList&) override {
        throw Error("BatchNormalizationGrad is recorded only without double backprop");
    }

 private:
    Array mean_, inv_std_;
    double eps_;
};

class BatchNormalization : public FunctionNode {
 public:
    BatchNormalization(double eps, Array running_mean, Array running_var, double decay)
        : eps_(eps), running_mean_(running_mean), running_var_(running_var), decay_(decay) {}
    const char* label() const override { return "BatchNormalization"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 3);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectSameDtype(label(), in, 0, 1);
        type_check::ExpectSameDtype(label(), in, 0, 2);
        type_check::ExpectSameShape(label(), in, 1, 2);
        type_check::ExpectEq(label(), in[0].ndim() >= in[1].ndim() + 1, 1, "in_types[0].ndim >= in_types[1].ndim + 1",
                             "True");
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array &x = in[0], &gamma = in[1];
        CheckChannels("batch_normalization", x.shape(), gamma.shape());
        Array y = Array::Empty(x.shape(), x.dtype(), x.device());
        Array gamma_c = gamma.as_contiguous();
        mean_ = Array::Empty(Shape{gamma.size()}, x.dtype(), x.device());
        inv_std_ = Array::Empty(Shape{gamma.size()}, x.dtype(), x.device());
        kernels::BatchNormForward(x, gamma_c.reshape(Shape{gamma.size()}),
                                  in[2].as_contiguous().reshape(Shape{gamma.size()}), eps_, y, mean_, inv_std_);
        if (running_mean_.defined()) UpdateRunning(x.size() / gamma.size(), gamma.shape());
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const VarList in = get_retained_inputs();
        if (config().enable_backprop()) return CompositeGrad(in[0], in[1], gy[0], eps_);
        const Shape& gs = in[1].shape();
        const Shape flat{in[1].size()};
        const VarList g = ApplyN<BatchNormalizationGrad>({in[0], Variable(in[1].array().reshape(flat), false), gy[0]},
                                                         mean_, inv_std_, eps_);
        return {g[0], reshape(g[1], gs), reshape(g[2], gs)};
    }

 private:
    void UpdateRunning(int64_t m, const Shape& gamma_shape) {
        CNET_CHECK_AS(ShapeError, running_mean_.shape() == gamma_shape && running_var_.shape() == gamma_shape,
                      "batch_normalization: running_mean ", running_mean_.shape().ToString(), " and running_var ",
                      running_var_.shape().ToString(), " must have gamma's shape ", gamma_shape.ToString());
        const Array mean = mean_.reshape(gamma_shape).astype(running_mean_.dtype(), false);
        // var = 1 / inv_std^2 - eps, made unbiased.
        const double adjust = m > 1 ? static_cast<double>(m) / static_cast<double>(m - 1) : 1.0;
        Array var = (np::reciprocal(inv_std_ * inv_std_) - eps_) * adjust;
        running_mean_ *= decay_;
        running_mean_ += mean * (1.0 - decay_);
        running_var_ *= decay_;
        running_var_ += var.reshape(gamma_shape).astype(running_var_.dtype(), false) * (1.0 - decay_);
    }

    double eps_;
    Array running_mean_, running_var_;
    double decay_;
    Array mean_, inv_std_;
};

}  // namespace

Variable batch_normalization(const Variable& x, const Variable& gamma, const Variable& beta, double eps,
                             Array running_mean, Array running_var, double decay, const OptionalAxis& axis) {
    CNET_CHECK_AS(ValueError, running_mean.defined() == running_var.defined(),
                  "batch_normalization: give both running_mean and running_var, or neither");
    if (!axis.has_value()) return Apply1<BatchNormalization>({x, gamma, beta}, eps, running_mean, running_var, decay);
    // Reduced axes first, then the kept ones: (A, C) for the kernel, gamma and the running arrays flattened to
    // (C,) (reshapes of the same memory, so the running statistics still update in place).
    const Dims reduced = axis.Normalize(x.ndim());
    Dims perm = reduced, kept_shape;
    for (int i = 0; i < x.ndim(); ++i) {
        if (std::find(reduced.begin(), reduced.end(), i) != reduced.end()) continue;
        perm.push_back(i);
        kept_shape.push_back(x.shape()[i]);
    }
    CNET_CHECK_AS(ShapeError, gamma.shape() == kept_shape, "batch_normalization: gamma ", gamma.shape().ToString(),
                  " must have the shape ", kept_shape.ToString(), " of the axes of x ", x.shape().ToString(),
                  " not in axis ", reduced.ToString());
    const int64_t c = kept_shape.prod(), a = x.size() / c;
    const Shape flat{c};
    const Variable xt = reshape(transpose(x, perm), Shape{a, c});
    const Variable y = Apply1<BatchNormalization>({xt, reshape(gamma, flat), reshape(beta, flat)}, eps,
                                                  running_mean.defined() ? running_mean.reshape(flat) : Array(),
                                                  running_var.defined() ? running_var.reshape(flat) : Array(), decay);
    Dims inverse(perm);
    for (int i = 0; i < perm.ndim(); ++i) inverse[static_cast<int>(perm[i])] = i;
    Shape transposed;
    for (int64_t p : perm) transposed.push_back(x.shape()[static_cast<int>(p)]);
    return transpose(reshape(y, transposed), inverse);
}

Variable fixed_batch_normalization(const Variable& x, const Variable& gamma, const Variable& beta, const Variable& mean,
                                   const Variable& var, double eps) {
    CheckChannels("fixed_batch_normalization", x.shape(), gamma.shape());
    const Shape stat = StatShape(x.shape(), gamma.shape());
    const Variable scale = reshape(gamma * rsqrt(var + eps), stat);
    return (x - reshape(mean, stat)) * scale + reshape(beta, stat);
}

Variable batch_renormalization(const Variable& x, const Variable& gamma, const Variable& beta, double rmax, double dmax,
                               double eps, Array running_mean, Array running_var, double decay,
                               bool update_statistics) {
    CheckChannels("batch_renormalization", x.shape(), gamma.shape());
    CNET_CHECK_AS(ValueError, running_mean.defined() && running_var.defined(),
                  "batch_renormalization: running_mean and running_var are required");
    const Shape stat = StatShape(x.shape(), gamma.shape());
    const BatchStats s = Normalized(x, gamma.shape(), eps);
    // r and d are constants of the graph (Chainer's "stop gradient").
    const Array sigma_batch = np::sqrt(s.var.array() + eps).reshape(gamma.shape());
    const Array sigma_running = np::sqrt(running_var + eps);
    const Array r = np::clip(sigma_batch / sigma_running, 1.0 / rmax, rmax);
    const Array d = np::clip((s.mean.array().reshape(gamma.shape()) - running_mean) / sigma_running, -dmax, dmax);
    const Variable y =
        reshape(gamma, stat) * (s.x_hat * Variable(r.reshape(stat), false) + Variable(d.reshape(stat), false)) +
        reshape(beta, stat);
    if (update_statistics) {
        const int64_t m = x.size() / gamma.size();
        const double adjust = m > 1 ? static_cast<double>(m) / static_cast<double>(m - 1) : 1.0;
        running_mean *= decay;
        running_mean += s.mean.array().reshape(gamma.shape()) * (1.0 - decay);
        running_var *= decay;
        running_var += s.var.array().reshape(gamma.shape()) * ((1.0 - decay) * adjust);
    }
    return y;
}

Variable layer_normalization(const Variable& x, const Variable& gamma, const Variable& beta, double eps) {
    CNET_CHECK_AS(ShapeError,
                  x.ndim() == 2 && gamma.ndim() == 1 && beta.ndim() == 1 && gamma.shape()[0] == x.shape()[1] &&
                      beta.shape()[0] == x.shape()[1],
                  "layer_normalization: expected x (batch, units) with gamma and beta (units,), got x ",
                  x.shape().ToString(), ", gamma ", gamma.shape().ToString(), ", beta ", beta.shape().ToString());
    const Variable mu = mean(x, 1, Variable(), true);
    const Variable xc = x - mu;
    const Variable x_hat = xc * rsqrt(mean(xc * xc, 1, Variable(), true) + eps);
    return x_hat * reshape(gamma, Shape{1, gamma.shape()[0]}) + reshape(beta, Shape{1, beta.shape()[0]});
}

Variable local_response_normalization(const Variable& x, int64_t n, double k, double alpha, double beta) {
    CNET_CHECK_AS(ShapeError, x.ndim() >= 2, "local_response_normalization: expected x with a channel axis, got ",
                  x.shape().ToString());
    CNET_CHECK_AS(ValueError, n > 0, "local_response_normalization: n must be positive, got ", n);
    // The window sum over channels is a convolution of x^2, seen as (N, 1, C, rest), with an (n, 1) box.
    const Shape& s = x.shape();
    const int64_t rest = Shape(s.begin() + 2, s.end()).prod();
    const Variable sq = reshape(x * x, Shape{s[0], 1, s[1], rest});
    const int64_t half = n / 2;  // Chainer's window is 2 * (n / 2) + 1 channels, centred
    const Array box = Array::Ones(Shape{1, 1, 2 * half + 1, 1}, x.dtype(), x.device());
    const Variable window = reshape(convolution_2d(sq, Variable(box, false), Variable(), 1, IntTuple{half, 0}), s);
    return x * functions::pow(window * alpha + k, -beta);
}

Variable normalize(const Variable& x, double eps, int axis) {
    const Variable norm = sqrt(sum(x * x, axis, true));
    return x / (norm + eps);
}

}  // namespace functions
}  // namespace cnet
