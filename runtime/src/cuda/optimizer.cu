// optimizer.cu — the optimizers' fused updates on CUDA: one kernel per update (every rule's statements run on
// one element in one thread, the formulas of native/optimizer.cc with coefficients computed in double and cast
// to the parameter's dtype), the gradient hooks, and the squared norm of GradientClipping.
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/math.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::GradHook;
using kernels::UpdateArgs;
using kernels::UpdateRule;

// The rule's coefficients in T, computed as the CPU computes them.
template <typename T>
struct Coefficients {
    T lr, momentum, momentum2, grad_coef, eps, rho, one_minus_rho, alpha, one_minus_alpha, c1, c2, eta, wd;
    bool amsgrad, plain;
    explicit Coefficients(const UpdateArgs& hp)
        : lr(static_cast<T>(hp.lr)),
          momentum(static_cast<T>(hp.momentum)),
          momentum2(static_cast<T>(hp.momentum * hp.momentum)),
          grad_coef(static_cast<T>((1 + hp.momentum) * hp.lr)),
          eps(static_cast<T>(hp.eps)),
          rho(static_cast<T>(hp.rho)),
          one_minus_rho(static_cast<T>(1 - hp.rho)),
          alpha(static_cast<T>(hp.alpha)),
          one_minus_alpha(static_cast<T>(1 - hp.alpha)),
          c1(static_cast<T>(1 - hp.beta1)),
          c2(static_cast<T>(1 - hp.beta2)),
          eta(static_cast<T>(hp.eta)),
          wd(static_cast<T>(hp.weight_decay_rate)),
          amsgrad(hp.amsgrad),
          plain(hp.eta == 1.0 && hp.weight_decay_rate == 0.0) {}
};

template <typename T>
__device__ inline void UpdateOne(UpdateRule rule, const Coefficients<T>& k, T* p, T gr, T* s0, T* s1, T* s2) {
    switch (rule) {
        case UpdateRule::kSgd:
            *p -= k.lr * gr;
            return;
        case UpdateRule::kMomentumSgd: {  // v = momentum v - lr g; p += v
            *s0 = *s0 * k.momentum - k.lr * gr;
            *p += *s0;
            return;
        }
        case UpdateRule::kNesterovAg: {  // v = momentum v - lr g; p += momentum^2 v - (1 + momentum) lr g
            *s0 = *s0 * k.momentum - k.lr * gr;
            *p += k.momentum2 * *s0 - k.grad_coef * gr;
            return;
        }
        case UpdateRule::kAdaGrad: {  // h += g^2; p -= lr g / (sqrt(h) + eps)
            *s0 += gr * gr;
            *p -= k.lr * gr / (Math_sqrt(*s0) + k.eps);
            return;
        }
        case UpdateRule::kAdaDelta: {  // msg, msdx
            *s0 = *s0 * k.rho + k.one_minus_rho * (gr * gr);
            const T dx = Math_sqrt((*s1 + k.eps) / (*s0 + k.eps)) * gr;
            *s1 = *s1 * k.rho + k.one_minus_rho * (dx * dx);
            *p -= dx;
            return;
        }
        case UpdateRule::kRmsprop: {  // ms = alpha ms + (1 - alpha) g^2; p -= lr g / (sqrt(ms) + eps)
            *s0 = *s0 * k.alpha + k.one_minus_alpha * (gr * gr);
            *p -= k.lr * gr / (Math_sqrt(*s0) + k.eps);
            return;
        }
        case UpdateRule::kRmspropGraves: {  // n, g, delta
            *s0 = *s0 * k.alpha + k.one_minus_alpha * (gr * gr);
            *s1 = *s1 * k.alpha + k.one_minus_alpha * gr;
            *s2 = *s2 * k.momentum - k.lr * gr / Math_sqrt(*s0 - *s1 * *s1 + k.eps);
            *p += *s2;
            return;
        }
        case UpdateRule::kSmorms3: {  // mem, g, g2
            const T r = T(1) / (*s0 + T(1));
            *s1 = (T(1) - r) * *s1 + r * gr;
            *s2 = (T(1) - r) * *s2 + r * (gr * gr);
            const T x = *s1 * *s1 / (*s2 + k.eps);
            const T step = k.lr < x ? k.lr : x;  // Eigen's min(x, lr)
            *p -= gr * step / (Math_sqrt(*s2) + k.eps);
            *s0 = T(1) + *s0 * (T(1) - x);
            return;
        }
        default: {  // kAdam: m, v, vhat
            *s0 += k.c1 * (gr - *s0);
            *s1 += k.c2 * (gr * gr - *s1);
            T denom = *s1;
            if (k.amsgrad) {
                *s2 = *s2 < *s1 ? *s1 : *s2;  // vhat = max(vhat, v)
                denom = *s2;
            }
            if (k.plain)
                *p -= k.lr * *s0 / (Math_sqrt(denom) + k.eps);
            else
                *p -= k.eta * (k.lr * *s0 / (Math_sqrt(denom) + k.eps) + k.wd * *p);
            return;
        }
    }
}

int StateCount(UpdateRule rule, bool amsgrad) {
    switch (rule) {
        case UpdateRule::kSgd:
            return 0;
        case UpdateRule::kMomentumSgd:
        case UpdateRule::kNesterovAg:
        case UpdateRule::kAdaGrad:
        case UpdateRule::kRmsprop:
            return 1;
        case UpdateRule::kAdaDelta:
            return 2;
        case UpdateRule::kAdam:
            return amsgrad ? 3 : 2;
        default:
            return 3;  // kRmspropGraves, kSmorms3
    }
}

}  // namespace

void Update(UpdateRule rule, const UpdateArgs& hp, const Array& param, const Array& grad, const Array* state) {
    const int n_state = StateCount(rule, hp.amsgrad);
    CNET_CUDA_DISPATCH_FLOAT(param.dtype(), T, {
        const Coefficients<T> k(hp);
        if (rule == UpdateRule::kAdam)
            CNET_CHECK_AS(ValueError, hp.eps == 0 || k.eps != T(0), "eps of Adam optimizer is too small for ",
                          DtypeName(param.dtype()), " (", hp.eps, ")");
        T* p = DevicePtr<T>(param);
        const T* g = DevicePtr<const T>(grad);
        T* s0 = n_state > 0 ? DevicePtr<T>(state[0]) : nullptr;
        T* s1 = n_state > 1 ? DevicePtr<T>(state[1]) : nullptr;
        T* s2 = n_state > 2 ? DevicePtr<T>(state[2]) : nullptr;
        ForEachIndex(param.device().index(), param.size(), [=] __device__(int64_t i) {
            UpdateOne(rule, k, p + i, g[i], s0 ? s0 + i : nullptr, s1 ? s1 + i : nullptr, s2 ? s2 + i : nullptr);
        });
    });
}

void ApplyGradHook(GradHook hook, const Array& grad, const Array& param, double a_in, double b_in) {
    CNET_CUDA_DISPATCH_FLOAT(grad.dtype(), T, {
        const T a = static_cast<T>(a_in), b = static_cast<T>(b_in);
        T* g = DevicePtr<T>(grad);
        const T* p = param.defined() ? DevicePtr<const T>(param) : nullptr;
        ForEachIndex(grad.device().index(), grad.size(), [=] __device__(int64_t i) {
            switch (hook) {
                case GradHook::kWeightDecay:
                    g[i] += a * p[i];
                    break;
                case GradHook::kLasso:
                    g[i] += a * static_cast<T>((p[i] > T(0)) - (p[i] < T(0)));
                    break;
                case GradHook::kHardClip: {
                    const T lo = g[i] < a ? a : g[i];  // Eigen's max(a) then min(b)
                    g[i] = b < lo ? b : lo;
                    break;
                }
                default:
                    g[i] *= a;
                    break;  // kScale
            }
        });
    });
}

double SquaredNorm(const Array& grad) {
    Array squares = Array::Empty(grad.shape(), Dtype::kFloat64, grad.device());
    double* out = DevicePtr<double>(squares);
    CNET_CUDA_DISPATCH_FLOAT(grad.dtype(), T, {
        const T* g = DevicePtr<const T>(grad);
        ForEachIndex(grad.device().index(), grad.size(), [=] __device__(int64_t i) {
            const double v = static_cast<double>(g[i]);
            out[i] = v * v;
        });
    });
    return SumToHost(squares);
}

}  // namespace cuda
}  // namespace cnet
