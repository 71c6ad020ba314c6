// random.cc — the random-generation entry points: dispatch to the output's backend.
#include "cnet/kernels/random.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void RandomFill(const Array& out, Distribution distribution, double a, double b) {
    CNET_CHECK_AS(DtypeError, IsFloat(out.dtype()), "random values need a float array, got ", DtypeName(out.dtype()));
    Dispatch(&RandomKernels::fill, "RandomFill", {&out}, out, distribution, a, b);
}

void RandomInt(const Array& out, int64_t low, int64_t high) {
    CNET_CHECK(out.dtype() == Dtype::kInt64 && out.is_contiguous(), "internal: RandomInt writes contiguous int64");
    Dispatch(&RandomKernels::randint, "RandomInt", {&out}, out, low, high);
}

void DropoutMask(const Array& out, double ratio, double scale) {
    CNET_CHECK(IsFloat(out.dtype()) && out.is_contiguous(), "internal: DropoutMask writes a contiguous float array");
    DispatchInFloat32<0>(&RandomKernels::dropout_mask, "DropoutMask", {&out}, out, ratio, scale);
}

}  // namespace kernels
}  // namespace cnet
