// random.cc — CPU random generation from the default generator, one value at a time in C order.
#include "cnet/kernels/random.h"

#include <mutex>
#include <vector>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/random.h"

namespace cnet {
namespace native {
namespace {

using kernels::Distribution;

template <typename T, typename Draw>
void FillBuffer(T* out, int64_t n, const Draw& draw) {
    std::lock_guard<std::mutex> lock(random::default_generator_mutex());
    random::Generator& gen = random::default_generator();
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(draw(gen));
}

template <typename T>
void FillTyped(T* out, int64_t n, Distribution distribution, double a, double b) {
    switch (distribution) {
        case Distribution::kUniform: return FillBuffer(out, n, [a, b](random::Generator& g) { return a + b * g.uniform(); });
        case Distribution::kSymmetricUniform:
            return FillBuffer(out, n, [a](random::Generator& g) { return (2.0 * g.uniform() - 1.0) * a; });
        case Distribution::kNormal: return FillBuffer(out, n, [a, b](random::Generator& g) { return a + b * g.normal(); });
    }
}

// float32/float64 contiguous arrays are filled in place; others through a float64 staging copy.
void Fill(const Array& out, Distribution distribution, double a, double b) {
    const int64_t n = out.size();
    if (out.is_contiguous() && out.dtype() == Dtype::kFloat32)
        return FillTyped(out.data<float>(), n, distribution, a, b);
    if (out.is_contiguous() && out.dtype() == Dtype::kFloat64)
        return FillTyped(out.data<double>(), n, distribution, a, b);
    std::vector<double> values(static_cast<size_t>(n));
    FillTyped(values.data(), n, distribution, a, b);
    Array(out).assign(Array::FromVector(values, out.shape()));
}

void RandomInt(const Array& out, int64_t low, int64_t high) {
    FillBuffer(out.data<int64_t>(), out.size(), [low, high](random::Generator& g) { return g.randint(low, high); });
}

void DropoutMask(const Array& out, double ratio, double scale) {
    CNET_DISPATCH_FLOAT(out.dtype(), T, {
        const T s = static_cast<T>(scale);
        FillBuffer(out.data<T>(), out.size(), [ratio, s](random::Generator& g) { return g.uniform() >= ratio ? s : T(0); });
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::RandomKernels& kernels::NativeKernels<kernels::RandomKernels>() {
    static const RandomKernels table{&native::Fill, &native::RandomInt, &native::DropoutMask};
    return table;
}

}  // namespace cnet
