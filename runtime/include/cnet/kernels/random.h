// random.h — random generation on the arrays' device. The CPU backend draws from the runtime's default
// generator (cnet/core/random.h) under its lock, in C order, so CNET_SEED makes runs reproducible; the CUDA
// backend uses a counter-based generator seeded from the same seed.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// u is uniform in [0, 1), n standard normal.
enum class Distribution {
    kUniform,           // a + b * u   (numpy.random.uniform(low=a, high=a+b), rand: a=0, b=1)
    kSymmetricUniform,  // (2u - 1) * a  (initializers.Uniform(scale=a))
    kNormal,            // a + b * n   (numpy.random.normal(loc=a, scale=b), initializers.Normal: a=0)
};

/// Fills out (float, any layout) with draws converted to its dtype.
void RandomFill(const Array& out, Distribution distribution, double a, double b);
/// Fills out (int64, contiguous) with integers uniform in [low, high).
void RandomInt(const Array& out, int64_t low, int64_t high);
/// Dropout's mask: out (float, contiguous) = scale where u >= ratio, else 0.
void DropoutMask(const Array& out, double ratio, double scale);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct RandomKernels {
    static constexpr const char* kFamily = "random";
    void (*fill)(const Array& out, Distribution distribution, double a, double b) = nullptr;
    void (*randint)(const Array& out, int64_t low, int64_t high) = nullptr;
    void (*dropout_mask)(const Array& out, double ratio, double scale) = nullptr;
};

template <>
const RandomKernels& NativeKernels<RandomKernels>();

}  // namespace kernels
}  // namespace cnet
