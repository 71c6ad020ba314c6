// activation.cu — the activation family on CUDA: the CPU's formulas (native/activation.cc) in one
// elementwise pass each, and softmax / log-softmax with one thread per (outer, inner) line walking the axis.
#include <initializer_list>

#include "cuda/activation.cuh"
#include "cuda/loop.cuh"
#include "cuda/math.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::Activation;

template <typename T>
__device__ inline T Min(T a, T b) {
    return b < a ? b : a;  // std::min's rule (the first when equal or NaN-unordered)
}
template <typename T>
__device__ inline T Max(T a, T b) {
    return a < b ? b : a;  // std::max's rule
}

template <typename T>
__device__ inline T Forward(Activation op, T v, T a) {
    switch (op) {
        case Activation::kRelu:
            return v > T(0) ? v : T(0);
        case Activation::kLeakyRelu:
            return v >= T(0) ? v : a * v;
        case Activation::kClippedRelu:
            return Min(Max(v, T(0)), a);
        case Activation::kHardSigmoid:
            return Min(Max(T(0.2) * v + T(0.5), T(0)), T(1));
        case Activation::kElu:
            return v >= T(0) ? v : a * Math_expm1(v);
        case Activation::kSigmoid:
            return Math_tanh(v * T(0.5)) * T(0.5) + T(0.5);
        case Activation::kTanh:
            return Math_tanh(v);
        default: {  // kSoftplus
            const T av = a * v;
            return (Max(av, T(0)) + Math_log1p(Math_exp(av < T(0) ? av : -av))) / a;
        }
    }
}

template <typename T>
__device__ inline T Grad(Activation op, T s, T g, T a) {
    switch (op) {
        case Activation::kRelu:
            return s > T(0) ? g : T(0);
        case Activation::kLeakyRelu:
            return s < T(0) ? a * g : g;
        case Activation::kClippedRelu:
            return (T(0) < s && s < a) ? g : T(0);
        case Activation::kHardSigmoid:
            return (T(-2.5) < s && s < T(2.5)) ? T(0.2) * g : T(0);
        case Activation::kElu:
            return s < T(0) ? g * a * Math_exp(s) : g;
        case Activation::kSigmoid:
            return g * s * (T(1) - s);
        case Activation::kTanh:
            return g * (T(1) - s * s);
        default:
            return g * (Math_tanh(a * s * T(0.5)) * T(0.5) + T(0.5));  // kSoftplus: g * sigmoid(a*x)
    }
}

// body(inputs, out) once the operands agree (float16 never reaches these kernels: the entry points compute it in
// float32, Note [float16 in the kernels] in kernels/float32_compute.h).
template <typename Body>
void WithOperands(std::initializer_list<Array> inputs, const Array& out, Body body) {
    for (const Array& a : inputs)
        CNET_CHECK_AS(DtypeError, a.dtype() == out.dtype() && a.shape() == out.shape(),
                      "internal: activation kernel operands differ: ", a.shape(), " ", DtypeName(a.dtype()), " vs ",
                      out.shape(), " ", DtypeName(out.dtype()));
    body(inputs.begin(), out);
}

// (outer, n, inner) of a C-contiguous shape around `axis`.
struct AxisBlocks {
    int64_t outer = 1, n = 1, inner = 1;
    AxisBlocks(const Shape& shape, int axis) {
        for (int d = 0; d < shape.ndim(); ++d) {
            if (d < axis)
                outer *= shape[d];
            else if (d == axis)
                n = shape[d];
            else
                inner *= shape[d];
        }
    }
};

}  // namespace

void ActivationForward(Activation op, const Array& x, double a, const Array& y) {
    WithOperands({x}, y, [op, a](const Array* in, const Array& out) {
        const Indexer xi = MakeIndexer(in[0], out.shape()), oi = MakeIndexer(out, out.shape());
        CNET_CUDA_DISPATCH_FLOAT(out.dtype(), T, {
            const T av = static_cast<T>(a);
            const T* xp = DevicePtr<const T>(in[0]);
            T* o = DevicePtr<T>(out);
            ForEachIndex(out.device().index(), out.size(),
                         [=] __device__(int64_t i) { o[oi(i)] = Forward(op, xp[xi(i)], av); });
        });
    });
}

void ActivationGrad(Activation op, const Array& src, const Array& gy, double a, const Array& gx) {
    WithOperands({src, gy}, gx, [op, a](const Array* in, const Array& out) {
        const Indexer si = MakeIndexer(in[0], out.shape()), gi = MakeIndexer(in[1], out.shape());
        const Indexer oi = MakeIndexer(out, out.shape());
        CNET_CUDA_DISPATCH_FLOAT(out.dtype(), T, {
            const T av = static_cast<T>(a);
            const T* sp = DevicePtr<const T>(in[0]);
            const T* gp = DevicePtr<const T>(in[1]);
            T* o = DevicePtr<T>(out);
            ForEachIndex(out.device().index(), out.size(),
                         [=] __device__(int64_t i) { o[oi(i)] = Grad(op, sp[si(i)], gp[gi(i)], av); });
        });
    });
}

void Softmax(const Array& x, int axis, bool log, const Array& y) {
    CNET_CHECK(y.is_contiguous(), "internal: softmax output must be contiguous");
    WithOperands({x}, y, [axis, log](const Array* in, const Array& out) {
        const Array xc = in[0].as_contiguous();
        const AxisBlocks b(xc.shape(), axis);
        const int64_t n = b.n, inner = b.inner;
        CNET_CUDA_DISPATCH_FLOAT(out.dtype(), T, {
            const T* xp = DevicePtr<const T>(xc);
            T* yp = DevicePtr<T>(out);
            ForEachIndex(out.device().index(), b.outer * inner, [=] __device__(int64_t line) {
                const int64_t base = (line / inner) * n * inner + line % inner;
                T m = -INFINITY;
                for (int64_t i = 0; i < n; ++i) m = Max(m, xp[base + i * inner]);
                if (IsNan(m) || IsInf(m)) m = T(0);  // all -inf (or inf) rows: no shift, as scipy's logsumexp
                T s = T(0);
                for (int64_t i = 0; i < n; ++i) {
                    const T e = Math_exp(xp[base + i * inner] - m);
                    s += e;
                    if (!log) yp[base + i * inner] = e;
                }
                s = log ? m + Math_log(s) : T(1) / s;
                for (int64_t i = 0; i < n; ++i) {
                    const int64_t k = base + i * inner;
                    yp[k] = log ? xp[k] - s : yp[k] * s;
                }
            });
        });
    });
}

void SoftmaxGrad(const Array& y, const Array& gy, int axis, bool log, const Array& gx) {
    CNET_CHECK(gx.is_contiguous(), "internal: softmax gradient output must be contiguous");
    WithOperands({y, gy}, gx, [axis, log](const Array* in, const Array& out) {
        const Array yc = in[0].as_contiguous(), gc = in[1].as_contiguous();
        const AxisBlocks b(yc.shape(), axis);
        const int64_t n = b.n, inner = b.inner;
        CNET_CUDA_DISPATCH_FLOAT(out.dtype(), T, {
            const T* yp = DevicePtr<const T>(yc);
            const T* gp = DevicePtr<const T>(gc);
            T* o = DevicePtr<T>(out);
            ForEachIndex(out.device().index(), b.outer * inner, [=] __device__(int64_t line) {
                const int64_t base = (line / inner) * n * inner + line % inner;
                T s = T(0);
                for (int64_t i = 0; i < n; ++i) {
                    const int64_t k = base + i * inner;
                    s += log ? gp[k] : yp[k] * gp[k];
                }
                for (int64_t i = 0; i < n; ++i) {
                    const int64_t k = base + i * inner;
                    o[k] = log ? gp[k] - Math_exp(yp[k]) * s : yp[k] * (gp[k] - s);
                }
            });
        });
    });
}

}  // namespace cuda
}  // namespace cnet
