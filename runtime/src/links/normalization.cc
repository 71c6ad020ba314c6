// normalization.cc — BatchNormalization, BatchRenormalization and LayerNormalization links.
#include "cnet/links/normalization.h"

#include "cnet/core/config.h"
#include "cnet/functions/normalization.h"

namespace cnet {
namespace links {

namespace {

initializers::InitializerArg OrDefault(const initializers::InitializerArg& arg, double value) {
    return arg.is_none() ? initializers::InitializerArg(value) : arg;
}

}  // namespace

BatchNormalization::BatchNormalization(const functions::IntTuple& size, double decay, double eps, Dtype dtype,
                                       bool use_gamma, bool use_beta, const initializers::InitializerArg& initial_gamma,
                                       const initializers::InitializerArg& initial_beta)
    : decay(decay), eps(eps), dtype_(dtype) {
    // An int is the size of axis 1; a tuple the channel dims; None: axis 1 of the first input (Chainer 7).
    if (size.has_value()) size_ = size.is_scalar() ? size.Expand(1, "size") : size.values();
    auto scope = init_scope();
    auto make = [&](const initializers::InitializerArg& init, double value) {
        Parameter p(initializers::get_initializer(OrDefault(init, value)));
        if (size.has_value()) InitParam(p);
        return p;
    };
    if (use_gamma) gamma = add_param("gamma", make(initial_gamma, 1));
    if (use_beta) beta = add_param("beta", make(initial_beta, 0));
    // Saved as None until the size is known.
    add_persistent("avg_mean", size.has_value() ? Array::Zeros(size_, dtype) : Array());
    add_persistent("avg_var", size.has_value() ? Array::Ones(size_, dtype) : Array());
    add_persistent("N", int64_t{0});
}

void BatchNormalization::InitParam(Parameter& p) const {
    p.initialize(size_);
    if (dtype_ != p.dtype()) p.set_array(p.array().astype(dtype_));
}

void BatchNormalization::InitLazily(const Variable& x) {
    if (!size_.empty()) return;
    CNET_CHECK_AS(ShapeError, x.ndim() >= 2, "BatchNormalization: cannot infer the size from a ", x.ndim(), "-d input");
    const Array loaded = avg_mean();
    size_ = loaded.defined() ? loaded.shape() : Shape{x.shape()[1]};
    if (gamma.defined() && !gamma.is_initialized()) InitParam(gamma);
    if (beta.defined() && !beta.is_initialized()) InitParam(beta);
    // The running statistics on x's device (statistics loaded from a file before the first call are moved there).
    persistent("avg_mean") = loaded.defined() ? loaded.to_device(x.device()) : Array::Zeros(size_, dtype_, x.device());
    const Array var = avg_var();
    persistent("avg_var") = var.defined() ? var.to_device(x.device()) : Array::Ones(size_, dtype_, x.device());
}

Array BatchNormalization::avg_mean() { return persistent<Array>("avg_mean"); }
Array BatchNormalization::avg_var() { return persistent<Array>("avg_var"); }
int64_t BatchNormalization::N() { return persistent<int64_t>("N"); }
void BatchNormalization::start_finetuning() { persistent<int64_t>("N") = 0; }

Variable BatchNormalization::Gamma(Device device) const {
    return gamma.defined() ? Variable(gamma) : Variable(Array::Ones(size_, dtype_, device), false);
}

Variable BatchNormalization::Beta(Device device) const {
    return beta.defined() ? Variable(beta) : Variable(Array::Zeros(size_, dtype_, device), false);
}

Variable BatchNormalization::forward(const Variable& x, bool finetune) {
    InitLazily(x);
    if (!config().train())
        return functions::fixed_batch_normalization(x, Gamma(x.device()), Beta(x.device()), avg_mean(), avg_var(),
                                                    eps);
    double d = decay;
    if (finetune) {
        int64_t& n = persistent<int64_t>("N");
        ++n;
        d = 1.0 - 1.0 / static_cast<double>(n);
    }
    return functions::batch_normalization(x, Gamma(x.device()), Beta(x.device()), eps, avg_mean(), avg_var(), d);
}

Variable BatchNormalization::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "BatchNormalization takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> BatchNormalization::clone(const std::string& mode) const {
    auto ret = std::make_shared<BatchNormalization>(*this);
    ret->copy_own_state(mode);
    if (ret->has_param("gamma")) ret->gamma = ret->param("gamma");
    if (ret->has_param("beta")) ret->beta = ret->param("beta");
    return ret;
}

BatchRenormalization::BatchRenormalization(const functions::IntTuple& size, double rmax, double dmax, double decay,
                                           double eps, Dtype dtype, bool use_gamma, bool use_beta,
                                           const initializers::InitializerArg& initial_gamma,
                                           const initializers::InitializerArg& initial_beta,
                                           bool freeze_running_statistics)
    : BatchNormalization(size, decay, eps, dtype, use_gamma, use_beta, initial_gamma, initial_beta),
      rmax(rmax),
      dmax(dmax),
      freeze_running_statistics(freeze_running_statistics) {}

Variable BatchRenormalization::forward(const Variable& x, bool finetune) {
    InitLazily(x);
    if (!config().train())
        return functions::fixed_batch_normalization(x, Gamma(x.device()), Beta(x.device()), avg_mean(), avg_var(),
                                                    eps);
    double d = decay;
    if (finetune) {
        int64_t& n = persistent<int64_t>("N");
        ++n;
        d = 1.0 - 1.0 / static_cast<double>(n);
    }
    return functions::batch_renormalization(x, Gamma(x.device()), Beta(x.device()), rmax, dmax, eps, avg_mean(),
                                            avg_var(), d, !freeze_running_statistics);
}

std::shared_ptr<Link> BatchRenormalization::clone(const std::string& mode) const {
    auto ret = std::make_shared<BatchRenormalization>(*this);
    ret->copy_own_state(mode);
    if (ret->has_param("gamma")) ret->gamma = ret->param("gamma");
    if (ret->has_param("beta")) ret->beta = ret->param("beta");
    return ret;
}

LayerNormalization::LayerNormalization(std::optional<int64_t> size, double eps,
                                       const initializers::InitializerArg& initial_gamma,
                                       const initializers::InitializerArg& initial_beta)
    : eps(eps) {
    auto scope = init_scope();
    gamma = add_param("gamma", Parameter(initializers::get_initializer(OrDefault(initial_gamma, 1))));
    beta = add_param("beta", Parameter(initializers::get_initializer(OrDefault(initial_beta, 0))));
    if (size) {
        gamma.initialize(Shape{*size});
        beta.initialize(Shape{*size});
    }
}

Variable LayerNormalization::forward(const Variable& x) {
    if (!gamma.is_initialized()) {
        CNET_CHECK_AS(ShapeError, x.ndim() == 2, "LayerNormalization: expected x (batch, units), got ",
                      x.shape().ToString());
        gamma.initialize(Shape{x.shape()[1]});
        beta.initialize(Shape{x.shape()[1]});
    }
    return functions::layer_normalization(x, gamma, beta, eps);
}

Variable LayerNormalization::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "LayerNormalization takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> LayerNormalization::clone(const std::string& mode) const {
    auto ret = std::make_shared<LayerNormalization>(*this);
    ret->copy_own_state(mode);
    ret->gamma = ret->param("gamma");
    ret->beta = ret->param("beta");
    return ret;
}

}  // namespace links
}  // namespace cnet
