// optimizer.cc — CPU fused update rules and gradient hooks.
//
// Note [Fused update kernels]
// Each rule makes one pass over memory: the buffers are walked in blocks of kBlock elements that stay in L1,
// and the rule's statements (Eigen array expressions, which allocate nothing and vectorize sqrt, unlike GCC
// loops under -fmath-errno) run on one block before the next is touched. Above kParallelThreshold elements
// the blocks are shared among OpenMP threads. Coefficients are computed in double and cast to the
// parameter's dtype, as NumPy does with a Python float and a float32 array.
//
// Eigen's fast-math packet sqrt (rsqrt + a Newton step) differs from the exact scalar sqrt in the last bits, so
// an element's update would depend on whether it falls in a vector lane: exact sqrt everywhere (as NumPy),
// which also keeps the row-sparse updates identical to the dense ones (Note [Row-sparse gradients]); the
// file is compiled without FMA contraction for the same reason (runtime/CMakeLists.txt).
#define EIGEN_FAST_MATH 0

#include "cnet/kernels/optimizer.h"

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"

namespace cnet {
namespace native {
namespace {

using kernels::GradHook;
using kernels::UpdateArgs;
using kernels::UpdateRule;

// A parallel region is worth it only for large parameters: after one, libgomp's workers spin for a while, and
// on a busy machine they take the CPU from the main thread (the LSTM LM's 64000-element matrices ran 2x slower
// with two threads than with one).
constexpr int64_t kParallelThreshold = 131072;
constexpr int64_t kBlock = 2048;

template <typename T>
using Vec = Eigen::Array<T, Eigen::Dynamic, 1>;
template <typename T>
using VecMap = Eigen::Map<Vec<T>>;
template <typename T>
using ConstVecMap = Eigen::Map<const Vec<T>>;

/// Runs body(begin, end) over [0, n) block by block, on several threads when n > kParallelThreshold.
template <typename Body>
void ForEachBlock(int64_t n, const Body& body) {
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    const int threads = n > kParallelThreshold ? static_cast<int>(std::min<int64_t>(GetNumThreads(), blocks)) : 1;
    if (threads > 1) {
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t b = 0; b < blocks; ++b) body(b * kBlock, std::min(n, (b + 1) * kBlock));
    } else {
        for (int64_t b = 0; b < blocks; ++b) body(b * kBlock, std::min(n, (b + 1) * kBlock));
    }
}

/// A mutable block [begin, end) of a contiguous array of T.
template <typename T>
VecMap<T> Block(const Array& a, int64_t begin, int64_t end) {
    return VecMap<T>(static_cast<T*>(a.raw_data()) + begin, end - begin);
}

template <typename T>
ConstVecMap<T> ConstBlock(const Array& a, int64_t begin, int64_t end) {
    return ConstVecMap<T>(static_cast<const T*>(a.raw_data()) + begin, end - begin);
}

template <typename T>
void Sgd(const UpdateArgs& hp, const Array& p, const Array& g) {
    const T lr = static_cast<T>(hp.lr);
    // p -= lr * g
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) { Block<T>(p, b, e) -= lr * ConstBlock<T>(g, b, e); });
}

template <typename T>
void MomentumSgd(const UpdateArgs& hp, const Array& p, const Array& g, const Array& v) {
    const T lr = static_cast<T>(hp.lr);
    const T momentum = static_cast<T>(hp.momentum);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto vb = Block<T>(v, b, e);
        // v = momentum * v - lr * g; p += v
        vb = vb * momentum - lr * ConstBlock<T>(g, b, e);
        Block<T>(p, b, e) += vb;
    });
}

template <typename T>
void NesterovAg(const UpdateArgs& hp, const Array& p, const Array& g, const Array& v) {
    const T lr = static_cast<T>(hp.lr);
    const T momentum = static_cast<T>(hp.momentum);
    const T momentum2 = static_cast<T>(hp.momentum * hp.momentum);
    const T grad_coef = static_cast<T>((1 + hp.momentum) * hp.lr);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto vb = Block<T>(v, b, e);
        auto gb = ConstBlock<T>(g, b, e);
        // v = momentum * v - lr * g; p += momentum^2 * v - (1 + momentum) * lr * g
        vb = vb * momentum - lr * gb;
        Block<T>(p, b, e) += momentum2 * vb - grad_coef * gb;
    });
}

template <typename T>
void AdaGrad(const UpdateArgs& hp, const Array& p, const Array& g, const Array& h) {
    const T lr = static_cast<T>(hp.lr);
    const T eps = static_cast<T>(hp.eps);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto hb = Block<T>(h, b, e);
        auto gb = ConstBlock<T>(g, b, e);
        // h += g^2; p -= lr * g / (sqrt(h) + eps)
        hb += gb.square();
        Block<T>(p, b, e) -= lr * gb / (hb.sqrt() + eps);
    });
}

template <typename T>
void AdaDelta(const UpdateArgs& hp, const Array& p, const Array& g, const Array& msg, const Array& msdx) {
    const T rho = static_cast<T>(hp.rho);
    const T one_minus_rho = static_cast<T>(1 - hp.rho);
    const T eps = static_cast<T>(hp.eps);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto gb = ConstBlock<T>(g, b, e);
        auto msg_b = Block<T>(msg, b, e);
        auto msdx_b = Block<T>(msdx, b, e);
        // msg = rho msg + (1 - rho) g^2; dx = sqrt((msdx + eps) / (msg + eps)) g;
        // msdx = rho msdx + (1 - rho) dx^2; p -= dx
        msg_b = msg_b * rho + one_minus_rho * gb.square();
        T buffer[kBlock];
        VecMap<T> dx(buffer, e - b);
        dx = ((msdx_b + eps) / (msg_b + eps)).sqrt() * gb;
        msdx_b = msdx_b * rho + one_minus_rho * dx.square();
        Block<T>(p, b, e) -= dx;
    });
}

template <typename T>
void Rmsprop(const UpdateArgs& hp, const Array& p, const Array& g, const Array& ms) {
    const T lr = static_cast<T>(hp.lr);
    const T alpha = static_cast<T>(hp.alpha);
    const T one_minus_alpha = static_cast<T>(1 - hp.alpha);
    const T eps = static_cast<T>(hp.eps);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto mb = Block<T>(ms, b, e);
        auto gb = ConstBlock<T>(g, b, e);
        // ms = alpha * ms + (1 - alpha) * g^2; p -= lr * g / (sqrt(ms) + eps)
        mb = mb * alpha + one_minus_alpha * gb.square();
        Block<T>(p, b, e) -= lr * gb / (mb.sqrt() + eps);
    });
}

template <typename T>
void RmspropGraves(const UpdateArgs& hp, const Array& p, const Array& grad, const Array& n, const Array& g,
                   const Array& delta) {
    const T alpha = static_cast<T>(hp.alpha);
    const T one_minus_alpha = static_cast<T>(1 - hp.alpha);
    const T momentum = static_cast<T>(hp.momentum);
    const T lr = static_cast<T>(hp.lr);
    const T eps = static_cast<T>(hp.eps);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto gr = ConstBlock<T>(grad, b, e);
        auto nb = Block<T>(n, b, e);
        auto gb = Block<T>(g, b, e);
        auto db = Block<T>(delta, b, e);
        // n = a n + (1 - a) grad^2; g = a g + (1 - a) grad; delta = m delta - lr grad / sqrt(n - g^2 + eps)
        nb = nb * alpha + one_minus_alpha * gr.square();
        gb = gb * alpha + one_minus_alpha * gr;
        db = db * momentum - lr * gr / (nb - gb.square() + eps).sqrt();
        Block<T>(p, b, e) += db;
    });
}

template <typename T>
void Smorms3(const UpdateArgs& hp, const Array& p, const Array& grad, const Array& mem, const Array& g,
             const Array& g2) {
    const T lr = static_cast<T>(hp.lr);
    const T eps = static_cast<T>(hp.eps);
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto gr = ConstBlock<T>(grad, b, e);
        auto mb = Block<T>(mem, b, e);
        auto gb = Block<T>(g, b, e);
        auto g2b = Block<T>(g2, b, e);
        T r_buffer[kBlock], x_buffer[kBlock];
        VecMap<T> r(r_buffer, e - b), x(x_buffer, e - b);
        // r = 1 / (mem + 1); g = (1 - r) g + r grad; g2 = (1 - r) g2 + r grad^2; x = g^2 / (g2 + eps)
        r = (mb + T(1)).inverse();
        gb = (T(1) - r) * gb + r * gr;
        g2b = (T(1) - r) * g2b + r * gr.square();
        x = gb.square() / (g2b + eps);
        // W -= grad min(x, lr) / (sqrt(g2) + eps); mem = 1 + mem (1 - x)
        Block<T>(p, b, e) -= gr * x.min(lr) / (g2b.sqrt() + eps);
        mb = T(1) + mb * (T(1) - x);
    });
}

template <typename T>
void Adam(const UpdateArgs& hp, const Array& p, const Array& g, const Array& m, const Array& v, const Array& vhat) {
    const T c1 = static_cast<T>(1 - hp.beta1);
    const T c2 = static_cast<T>(1 - hp.beta2);
    const T eps = static_cast<T>(hp.eps);
    CNET_CHECK_AS(ValueError, hp.eps == 0 || eps != 0, "eps of Adam optimizer is too small for ",
                  DtypeName(p.dtype()), " (", hp.eps, ")");
    const T lr = static_cast<T>(hp.lr);
    const T eta = static_cast<T>(hp.eta);
    const T wd = static_cast<T>(hp.weight_decay_rate);
    const bool plain = hp.eta == 1.0 && hp.weight_decay_rate == 0.0;
    ForEachBlock(p.size(), [&](int64_t b, int64_t e) {
        auto pb = Block<T>(p, b, e);
        auto gb = ConstBlock<T>(g, b, e);
        auto mb = Block<T>(m, b, e);
        auto vb = Block<T>(v, b, e);
        // m += (1 - beta1)(g - m); v += (1 - beta2)(g^2 - v)
        mb += c1 * (gb - mb);
        vb += c2 * (gb.square() - vb);
        if (hp.amsgrad) {
            auto hb = Block<T>(vhat, b, e);
            hb = hb.max(vb);  // vhat = max(vhat, v)
            if (plain) pb -= lr * mb / (hb.sqrt() + eps);
            else pb -= eta * (lr * mb / (hb.sqrt() + eps) + wd * pb);
        } else {
            // p -= eta (lr m / (sqrt(v) + eps) + weight_decay_rate p); eta = 1, wd = 0 is the same in floats
            if (plain) pb -= lr * mb / (vb.sqrt() + eps);
            else pb -= eta * (lr * mb / (vb.sqrt() + eps) + wd * pb);
        }
    });
}

void Update(UpdateRule rule, const UpdateArgs& hp, const Array& p, const Array& g, const Array* s) {
    CNET_DISPATCH_FLOAT(p.dtype(), T, {
        switch (rule) {
            case UpdateRule::kSgd: return Sgd<T>(hp, p, g);
            case UpdateRule::kMomentumSgd: return MomentumSgd<T>(hp, p, g, s[0]);
            case UpdateRule::kNesterovAg: return NesterovAg<T>(hp, p, g, s[0]);
            case UpdateRule::kAdaGrad: return AdaGrad<T>(hp, p, g, s[0]);
            case UpdateRule::kAdaDelta: return AdaDelta<T>(hp, p, g, s[0], s[1]);
            case UpdateRule::kRmsprop: return Rmsprop<T>(hp, p, g, s[0]);
            case UpdateRule::kRmspropGraves: return RmspropGraves<T>(hp, p, g, s[0], s[1], s[2]);
            case UpdateRule::kSmorms3: return Smorms3<T>(hp, p, g, s[0], s[1], s[2]);
            case UpdateRule::kAdam: return Adam<T>(hp, p, g, s[0], s[1], hp.amsgrad ? s[2] : Array());
        }
    });
}

void GradHookKernel(GradHook hook, const Array& g, const Array& p, double a_in, double b_in) {
    CNET_DISPATCH_FLOAT(g.dtype(), T, {
        const T a = static_cast<T>(a_in), b = static_cast<T>(b_in);
        ForEachBlock(g.size(), [&](int64_t begin, int64_t end) {
            auto gb = Block<T>(g, begin, end);
            switch (hook) {
                case GradHook::kWeightDecay: gb += a * ConstBlock<T>(p, begin, end); break;
                case GradHook::kLasso: gb += a * ConstBlock<T>(p, begin, end).sign(); break;
                case GradHook::kHardClip: gb = gb.max(a).min(b); break;
                case GradHook::kScale: gb *= a; break;
            }
        });
    });
}

template <typename T>
double SquaredNormOf(const Array& g) {
    const T* data = static_cast<const T*>(g.raw_data());
    const int64_t n = g.size();
    const int threads = n > kParallelThreshold ? GetNumThreads() : 1;
    double total = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : total) schedule(static) if (threads > 1)
    for (int64_t b = 0; b < n; b += kBlock) {
        const int64_t len = std::min(kBlock, n - b);
        total += ConstVecMap<T>(data + b, len).template cast<double>().square().sum();
    }
    return total;
}

double SquaredNorm(const Array& g) {
    double total = 0;
    CNET_DISPATCH_FLOAT(g.dtype(), T, { total = SquaredNormOf<T>(g); });
    return total;
}

}  // namespace
}  // namespace native

template <>
const kernels::OptimizerKernels& kernels::NativeKernels<kernels::OptimizerKernels>() {
    static const OptimizerKernels table{&native::Update, &native::GradHookKernel, &native::SquaredNorm};
    return table;
}

}  // namespace cnet
