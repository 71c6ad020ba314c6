// lstm.cu — the fused LSTM cell on CUDA (kernels/lstm.h): one thread per (row, unit, trailing element) reads
// the four interleaved gate pre-activations and writes c and h (forward) or the five gradients (backward),
// with the formulas of native/lstm.cc; rows past the shrunk batch are copied (the shrinking-batch rule).
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/math.cuh"

namespace cnet {
namespace cuda {
namespace {

template <typename T>
__device__ inline T Sigmoid(T v) {
    return T(0.5) * Math_tanh(T(0.5) * v) + T(0.5);
}

struct LstmDims {
    int64_t bc, b, units, r;
};

LstmDims GetDims(const Array& c_prev, const Array& x) {
    const int64_t bc = c_prev.shape()[0], units = c_prev.shape()[1];
    const int64_t r = units == 0 || bc == 0 ? 1 : c_prev.size() / (bc * units);
    return {bc, x.shape()[0], units, r};
}

void CheckContiguous(const char* what, std::initializer_list<const Array*> arrays) {
    for (const Array* a : arrays)
        CNET_CHECK(!a->defined() || a->is_contiguous(), what, ": the CUDA kernel needs contiguous arrays");
}

}  // namespace

void LstmForward(const Array& c_prev, const Array& x, const Array& c, const Array& h) {
    CheckContiguous("LstmForward", {&c_prev, &x, &c, &h});
    const LstmDims d = GetDims(c_prev, x);
    const int device = x.device().index();
    const int64_t row = d.units * d.r, R = d.r;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* cp = DevicePtr<const T>(c_prev);
        const T* xp = DevicePtr<const T>(x);
        T* cv = DevicePtr<T>(c);
        T* hv = DevicePtr<T>(h);
        ForEachIndex(device, d.b * row, [=] __device__(int64_t e) {
            const int64_t b = e / row, u = (e % row) / R, k = e % R;
            const T* g = xp + (b * (row / R) + u) * 4 * R;  // the (4, R) block of unit u
            const T a = Math_tanh(g[k]), i = Sigmoid(g[R + k]), f = Sigmoid(g[2 * R + k]), o = Sigmoid(g[3 * R + k]);
            const T cnew = a * i + f * cp[e];
            cv[e] = cnew;
            hv[e] = o * Math_tanh(cnew);
        });
        const int64_t done = d.b * row;
        ForEachIndex(device, (d.bc - d.b) * row, [=] __device__(int64_t e) { cv[done + e] = cp[done + e]; });
    });
}

void LstmBackward(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                  const Array& gc_prev, const Array& gx) {
    CheckContiguous("LstmBackward", {&c_prev, &x, &c, &gc, &gh, &gc_prev, &gx});
    const LstmDims d = GetDims(c_prev, x);
    const int device = x.device().index();
    const int64_t row = d.units * d.r, R = d.r;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        const T* cp = DevicePtr<const T>(c_prev);
        const T* xp = DevicePtr<const T>(x);
        const T* cv = DevicePtr<const T>(c);
        const T* gcv = gc.defined() ? DevicePtr<const T>(gc) : nullptr;
        const T* ghv = gh.defined() ? DevicePtr<const T>(gh) : nullptr;
        T* gcp = DevicePtr<T>(gc_prev);
        T* gxp = DevicePtr<T>(gx);
        ForEachIndex(device, d.b * row, [=] __device__(int64_t e) {
            const int64_t b = e / row, u = (e % row) / R, k = e % R;
            const T* g = xp + (b * (row / R) + u) * 4 * R;
            T* out = gxp + (b * (row / R) + u) * 4 * R;
            const T a = Math_tanh(g[k]), i = Sigmoid(g[R + k]), f = Sigmoid(g[2 * R + k]), o = Sigmoid(g[3 * R + k]);
            const T co = Math_tanh(cv[e]);
            const T gho = ghv ? ghv[e] : T(0);
            const T gct = (gcv ? gcv[e] : T(0)) + gho * o * (T(1) - co * co);
            out[k] = gct * i * (T(1) - a * a);
            out[R + k] = gct * a * i * (T(1) - i);
            out[2 * R + k] = gct * cp[e] * f * (T(1) - f);
            out[3 * R + k] = gho * co * o * (T(1) - o);
            gcp[e] = gct * f;
        });
        const int64_t done = d.b * row;
        ForEachIndex(device, (d.bc - d.b) * row,
                     [=] __device__(int64_t e) { gcp[done + e] = gcv ? gcv[done + e] : T(0); });
    });
}

}  // namespace cuda
}  // namespace cnet
