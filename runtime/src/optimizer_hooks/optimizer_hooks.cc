// optimizer_hooks.cc — WeightDecay, Lasso, GradientClipping and GradientHardClipping as fused in-place
// kernels on the gradient buffers (see Note [Fused update kernels] in optimizers/kernel_util.h).
#include <cmath>

#include "cnet/optimizer_hooks/optimizer_hooks.h"
#include "cnet/optimizers/optimizer.h"
#include "optimizers/kernel_util.h"

namespace cnet {
namespace optimizer_hooks {

namespace oi = optimizers::internal;

void WeightDecay::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    const Array p = oi::ContiguousParam(param);
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T r = static_cast<T>(rate);
        // g += rate * W
        oi::ForEachBlock(p.size(), [&](int64_t b, int64_t e) { oi::Block<T>(g, b, e) += r * oi::ConstBlock<T>(p, b, e); });
    });
}

void Lasso::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    const Array p = oi::ContiguousParam(param);
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        const T r = static_cast<T>(rate);
        // g += rate * sign(W)
        oi::ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
            oi::Block<T>(g, b, e) += r * oi::ConstBlock<T>(p, b, e).sign();
        });
    });
}

void GradientHardClipping::operator()(UpdateRule&, Parameter& param) {
    if (!param.is_initialized()) return;
    const Array g = cnet::internal::MutableGrad(param);
    if (!g.defined()) return;
    CNET_DISPATCH_FLOAT(g.dtype(), T, {
        const T lo = static_cast<T>(lower_bound);
        const T hi = static_cast<T>(upper_bound);
        // g = clip(g, lower_bound, upper_bound)
        oi::ForEachBlock(g.size(), [&](int64_t b, int64_t e) {
            auto gb = oi::Block<T>(g, b, e);
            gb = gb.max(lo).min(hi);
        });
    });
}

namespace {

template <typename T>
double SquaredNormOf(const Array& g) {
    const T* data = static_cast<const T*>(g.raw_data());
    const int64_t n = g.size();
    const int threads = n > oi::kParallelThreshold ? GetNumThreads() : 1;
    double total = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : total) schedule(static) if (threads > 1)
    for (int64_t b = 0; b < n; b += oi::kBlock) {
        const int64_t len = std::min(oi::kBlock, n - b);
        total += oi::ConstVecMap<T>(data + b, len).template cast<double>().square().sum();
    }
    return total;
}

double SquaredNorm(const Array& g) {
    double total = 0;
    CNET_DISPATCH_FLOAT(g.dtype(), T, { total = SquaredNormOf<T>(g); });
    return total;
}

}  // namespace

void GradientClipping::operator()(Optimizer& optimizer) {
    CNET_CHECK(optimizer.target != nullptr, "GradientClipping called before setup()");
    std::vector<Parameter> params = optimizer.target->params(/*include_uninit=*/false);
    double sqnorm = 0;
    for (const Parameter& param : params) {
        const Array g = cnet::internal::ContiguousGrad(param);
        if (g.defined()) sqnorm += SquaredNorm(g);
    }
    const double rate = threshold / std::sqrt(sqnorm);
    if (!(rate < 1)) return;
    for (Parameter& param : params) {
        const Array g = cnet::internal::MutableGrad(param);
        if (!g.defined()) continue;
        CNET_DISPATCH_FLOAT(g.dtype(), T, {
            const T r = static_cast<T>(rate);
            // g *= threshold / norm
            oi::ForEachBlock(g.size(), [&](int64_t b, int64_t e) { oi::Block<T>(g, b, e) *= r; });
        });
    }
}

}  // namespace optimizer_hooks
}  // namespace cnet
