// random.cu — random generation on CUDA with Philox4x32-10 (philox.cuh). Each call takes a fresh 64-bit key
// from the runtime's default generator (cnet/core/random.h), so CNET_SEED / np.random.seed make GPU draws
// reproducible exactly as they make CPU draws reproducible; element i of the call is a pure function of
// (key, i), independent of the launch configuration.
#include <cmath>
#include <mutex>

#include "cnet/core/random.h"
#include "cuda/copy.cuh"
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/philox.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::Distribution;

uint64_t NextKey() {
    std::lock_guard<std::mutex> lock(random::default_generator_mutex());
    return random::default_generator().next_u64();
}

// Two uniforms of element i (words 0-1 and 2-3 of its Philox block).
__device__ inline void Uniforms(uint64_t key, int64_t i, uint32_t stream, double* u1, double* u2) {
    const Philox4 r =
        Philox4x32_10(static_cast<uint32_t>(i), static_cast<uint32_t>(static_cast<uint64_t>(i) >> 32), 0u, stream, key);
    *u1 = UniformFromWords(r.v[0], r.v[1]);
    *u2 = UniformFromWords(r.v[2], r.v[3]);
}

// Fills a contiguous float64 or float32 buffer.
template <typename T>
void FillTyped(T* out, int64_t n, int device, Distribution distribution, double a, double b) {
    const uint64_t key = NextKey();
    ForEachIndex(device, n, [=] __device__(int64_t i) {
        double u1, u2;
        Uniforms(key, i, 0u, &u1, &u2);
        double v;
        switch (distribution) {
            case Distribution::kUniform:
                v = a + b * u1;
                break;
            case Distribution::kSymmetricUniform:
                v = (2.0 * u1 - 1.0) * a;
                break;
            default: {  // kNormal, Box-Muller on (0, 1] x [0, 1)
                const double r = sqrt(-2.0 * log(1.0 - u1));
                v = a + b * (r * cos(2.0 * M_PI * u2));
                break;
            }
        }
        out[i] = static_cast<T>(v);
    });
}

}  // namespace

void RandomFill(const Array& out, Distribution distribution, double a, double b) {
    const int device = out.device().index();
    if (out.is_contiguous() && out.dtype() == Dtype::kFloat32)
        return FillTyped(DevicePtr<float>(out), out.size(), device, distribution, a, b);
    if (out.is_contiguous() && out.dtype() == Dtype::kFloat64)
        return FillTyped(DevicePtr<double>(out), out.size(), device, distribution, a, b);
    const Array staging = Array::Empty(out.shape(), Dtype::kFloat64, out.device());
    FillTyped(DevicePtr<double>(staging), staging.size(), device, distribution, a, b);
    Copy(staging, out);
}

void RandomInt(const Array& out, int64_t low, int64_t high) {
    CNET_CHECK_AS(ValueError, high > low, "randint: low >= high (", low, " >= ", high, ")");
    const uint64_t range = static_cast<uint64_t>(high - low);
    const uint64_t limit = UINT64_MAX - UINT64_MAX % range;  // rejection keeps the distribution exactly uniform
    const uint64_t key = NextKey();
    int64_t* o = DevicePtr<int64_t>(out);
    ForEachIndex(out.device().index(), out.size(), [=] __device__(int64_t i) {
        for (uint32_t attempt = 0;; ++attempt) {
            const Philox4 r = Philox4x32_10(static_cast<uint32_t>(i),
                                            static_cast<uint32_t>(static_cast<uint64_t>(i) >> 32), attempt, 1u, key);
            const uint64_t c0 = (static_cast<uint64_t>(r.v[0]) << 32) | r.v[1];
            const uint64_t c1 = (static_cast<uint64_t>(r.v[2]) << 32) | r.v[3];
            if (c0 < limit) {
                o[i] = low + static_cast<int64_t>(c0 % range);
                return;
            }
            if (c1 < limit) {
                o[i] = low + static_cast<int64_t>(c1 % range);
                return;
            }
        }
    });
}

namespace {

template <typename T>
void DropoutMaskTyped(T* o, int64_t n, int device, uint64_t key, double ratio, double scale) {
    const T s = static_cast<T>(scale);
    ForEachIndex(device, n, [=] __device__(int64_t i) {
        double u1, u2;
        Uniforms(key, i, 2u, &u1, &u2);
        o[i] = u1 >= ratio ? s : T(0);
    });
}

}  // namespace

void DropoutMask(const Array& out, double ratio, double scale) {
    const uint64_t key = NextKey();
    const int device = out.device().index();
    switch (out.dtype()) {
        case Dtype::kFloat32:
            DropoutMaskTyped(DevicePtr<float>(out), out.size(), device, key, ratio, scale);
            break;
        case Dtype::kFloat64:
            DropoutMaskTyped(DevicePtr<double>(out), out.size(), device, key, ratio, scale);
            break;
        default:
            throw DtypeError(std::string("expected float32 or float64, got ") + DtypeName(out.dtype()));
    }
}

}  // namespace cuda
}  // namespace cnet
