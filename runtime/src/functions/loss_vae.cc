// loss_vae.cc — the variational autoencoder losses gaussian_kl_divergence, gaussian_nll and bernoulli_nll,
// composed of differentiable functions as in Chainer (so they are differentiable any number of times).
#include <cmath>

#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "functions/loss_internal.h"

namespace cnet {
namespace functions {
namespace {

constexpr double kPi = 3.14159265358979323846;

Variable Reduced(const Variable& loss, const std::string& reduce) {
    return reduce == "sum" ? loss_internal::SumAll(loss) : loss;
}

}  // namespace

// 0.5 (mean^2 + exp(ln_var) - ln_var - 1)
Variable gaussian_kl_divergence(const Variable& mean, const Variable& ln_var, const std::string& reduce) {
    loss_internal::CheckReduce(reduce, {"sum", "no"});
    const Variable var = loss_internal::Exp(ln_var);
    const Variable loss = mul(sub(sub(add(mul(mean, mean), var), ln_var), Scalar(1.0)), Scalar(0.5));
    return Reduced(loss, reduce);
}

// (ln_var + log(2 pi)) / 2 + 0.5 (x - mean)^2 exp(-ln_var)
Variable gaussian_nll(const Variable& x, const Variable& mean, const Variable& ln_var, const std::string& reduce) {
    loss_internal::CheckReduce(reduce, {"sum", "no"});
    const Variable x_prec = loss_internal::Exp(neg(ln_var));
    const Variable x_diff = sub(x, mean);
    const Variable x_power = mul(mul(mul(x_diff, x_diff), x_prec), Scalar(-0.5));
    const Variable loss = sub(mul(add(ln_var, Scalar(std::log(2 * kPi))), Scalar(0.5)), x_power);
    return Reduced(loss, reduce);
}

// softplus(y) - x y
Variable bernoulli_nll(const Variable& x, const Variable& y, const std::string& reduce) {
    loss_internal::CheckReduce(reduce, {"sum", "no"});
    const Variable loss = sub(loss_internal::Softplus(y), mul(x, y));
    return Reduced(loss, reduce);
}

}  // namespace functions
}  // namespace cnet
