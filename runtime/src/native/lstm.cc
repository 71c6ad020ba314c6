// lstm.cc — CPU LSTM cell kernels: one loop over (row, unit, trailing element) that reads the four
// interleaved gate pre-activations and writes c and h (forward) or the five gradients (backward).
#include "cnet/kernels/lstm.h"

#include <cmath>
#include <cstring>

#include "cnet/core/dtype_dispatch.h"

namespace cnet {
namespace native {
namespace {

template <typename T>
inline T Sigmoid(T v) {
    return T(0.5) * std::tanh(T(0.5) * v) + T(0.5);
}

struct Dims {
    int64_t bc, b, units, r;
};

Dims GetDims(const Array& c_prev, const Array& x) {
    const int64_t bc = c_prev.shape()[0], units = c_prev.shape()[1];
    const int64_t r = units == 0 || bc == 0 ? 1 : c_prev.size() / (bc * units);
    return {bc, x.shape()[0], units, r};
}

void CheckContiguous(const char* what, std::initializer_list<const Array*> arrays) {
    for (const Array* a : arrays)
        CNET_CHECK(!a->defined() || a->is_contiguous(), what, ": the native kernel needs contiguous arrays");
}

template <typename T>
void Forward(const Dims& d, const T* cp, const T* x, T* c, T* h) {
    const int64_t row = d.units * d.r;
    for (int64_t b = 0; b < d.b; ++b) {
        for (int64_t u = 0; u < d.units; ++u) {
            const T* g = x + (b * d.units + u) * 4 * d.r;  // (4, R) block of unit u
            const int64_t base = b * row + u * d.r;
            for (int64_t k = 0; k < d.r; ++k) {
                const T a = std::tanh(g[k]), i = Sigmoid(g[d.r + k]), f = Sigmoid(g[2 * d.r + k]),
                        o = Sigmoid(g[3 * d.r + k]);
                const T cv = a * i + f * cp[base + k];
                c[base + k] = cv;
                h[base + k] = o * std::tanh(cv);
            }
        }
    }
    if (d.bc > d.b) std::memcpy(c + d.b * row, cp + d.b * row, sizeof(T) * (d.bc - d.b) * row);
}

template <typename T>
void Backward(const Dims& d, const T* cp, const T* x, const T* c, const T* gc, const T* gh, T* gcp, T* gx) {
    const int64_t row = d.units * d.r;
    for (int64_t b = 0; b < d.b; ++b) {
        for (int64_t u = 0; u < d.units; ++u) {
            const T* g = x + (b * d.units + u) * 4 * d.r;
            T* out = gx + (b * d.units + u) * 4 * d.r;
            const int64_t base = b * row + u * d.r;
            for (int64_t k = 0; k < d.r; ++k) {
                const int64_t e = base + k;
                const T a = std::tanh(g[k]), i = Sigmoid(g[d.r + k]), f = Sigmoid(g[2 * d.r + k]),
                        o = Sigmoid(g[3 * d.r + k]);
                const T co = std::tanh(c[e]);
                const T ghv = gh ? gh[e] : T(0);
                const T gct = (gc ? gc[e] : T(0)) + ghv * o * (T(1) - co * co);
                out[k] = gct * i * (T(1) - a * a);
                out[d.r + k] = gct * a * i * (T(1) - i);
                out[2 * d.r + k] = gct * cp[e] * f * (T(1) - f);
                out[3 * d.r + k] = ghv * co * o * (T(1) - o);
                gcp[e] = gct * f;
            }
        }
    }
    if (d.bc > d.b) {
        T* rest = gcp + d.b * row;
        const size_t n = static_cast<size_t>((d.bc - d.b) * row);
        if (gc) {
            std::memcpy(rest, gc + d.b * row, sizeof(T) * n);
        } else {
            std::memset(rest, 0, sizeof(T) * n);
        }
    }
}

}  // namespace

void LstmForward(const Array& c_prev, const Array& x, const Array& c, const Array& h) {
    CheckContiguous("LstmForward", {&c_prev, &x, &c, &h});
    const Dims d = GetDims(c_prev, x);
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        Forward<T>(d, c_prev.data<T>(), x.data<T>(), c.data<T>(), h.data<T>());
    });
}

void LstmBackward(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                  const Array& gc_prev, const Array& gx) {
    CheckContiguous("LstmBackward", {&c_prev, &x, &c, &gc, &gh, &gc_prev, &gx});
    const Dims d = GetDims(c_prev, x);
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        Backward<T>(d, c_prev.data<T>(), x.data<T>(), c.data<T>(), gc.defined() ? gc.data<T>() : nullptr,
                    gh.defined() ? gh.data<T>() : nullptr, gc_prev.data<T>(), gx.data<T>());
    });
}

}  // namespace native

template <>
const kernels::LstmKernels& kernels::NativeKernels<kernels::LstmKernels>() {
    static const LstmKernels table{&native::LstmForward, &native::LstmBackward};
    return table;
}

}  // namespace cnet
