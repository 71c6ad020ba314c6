// noise.cc — Dropout (y = x * mask, a linear map that is its own backward, so every order works) and
// gaussian (composed of differentiable functions).
#include "cnet/functions/noise.h"

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/math.h"
#include "cnet/kernels/random.h"
#include "cnet/np/math.h"
#include "cnet/np/random.h"

namespace cnet {
namespace functions {
namespace {

// Elementwise product with a constant mask of the input's shape and dtype.
class Dropout : public FunctionNode {
public:
    explicit Dropout(Array mask) : mask_(std::move(mask)) {}
    const char* label() const override { return "Dropout"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectFloat(label(), in, 0);
        const ArrayList both{in[0], mask_};
        type_check::ExpectSameDtype(label(), both, 0, 1);
        type_check::ExpectSameShape(label(), both, 0, 1);
    }
    ArrayList forward(const ArrayList& in) override { return {np::multiply(in[0], mask_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {Apply1<Dropout>({gy[0]}, mask_)}; }

private:
    Array mask_;
};

// scale where a uniform draw is >= ratio, else 0, drawn on x's device (kernels/random.h).
Array DropoutMask(const Shape& shape, Dtype dtype, Device device, double ratio) {
    const Dtype compute = dtype == Dtype::kFloat16 ? Dtype::kFloat32 : dtype;
    Array mask = Array::Empty(shape, compute, device);
    kernels::DropoutMask(mask, ratio, 1.0 / (1.0 - ratio));
    return compute == dtype ? mask : mask.astype(dtype);
}

}  // namespace

std::pair<Variable, Array> dropout(const Variable& x, double ratio, const Array& mask, bool return_mask) {
    CNET_CHECK_AS(ValueError, ratio >= 0.0 && ratio < 1.0, "dropout_ratio must be in the range [0, 1)");
    if (!config().train()) return {x, Array()};
    if (!IsFloat(x.dtype())) {  // before drawing a mask of x's dtype
        const ArrayList in{x.array()};
        type_check::ExpectFloat("Dropout", in, 0);
    }
    const Array m = mask.defined() ? mask : DropoutMask(x.shape(), x.dtype(), x.device(), ratio);
    const Variable y = Apply1<Dropout>({x}, m.to_device(x.device()));
    return {y, return_mask ? m : Array()};
}

Variable dropout(const Variable& x, double ratio, const Array& mask) {
    return dropout(x, ratio, mask, false).first;
}

std::pair<Variable, Array> gaussian(const Variable& mean, const Variable& ln_var, const Array& eps, bool return_eps) {
    const ArrayList in{mean.array(), ln_var.array()};
    type_check::ExpectFloat("Gaussian", in, 0);
    type_check::ExpectSameDtype("Gaussian", in, 0, 1);
    type_check::ExpectSameShape("Gaussian", in, 0, 1);
    Array e = eps;  // drawn by the CPU's generator (the GPU gets the same noise for a seed), moved to mean's device
    if (!e.defined()) e = np::random::randn(mean.shape()).astype(mean.dtype(), false).to_device(mean.device());
    CNET_CHECK_AS(ShapeError, e.shape() == mean.shape(), "gaussian: eps has shape ", e.shape(), ", expected ",
                  mean.shape());
    const Variable y = add(mean, mul(exp(mul(ln_var, Scalar(0.5))), Variable(e.astype(mean.dtype(), false), false)));
    return {y, return_eps ? e : Array()};
}

Variable gaussian(const Variable& mean, const Variable& ln_var, const Array& eps) {
    return gaussian(mean, ln_var, eps, false).first;
}

}  // namespace functions
}  // namespace cnet
