// linalg.h — device-agnostic matrix products.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// out = alpha * op(a) @ op(b) + beta * out for 2-D float arrays (any strides; out contiguous).
/// op(a) is a^T when trans_a. Uses one thread for small products (Eigen's parallel GEMM costs ~10 us).
void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha = 1.0,
          double beta = 0.0);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct LinalgKernels {
    static constexpr const char* kFamily = "linalg";
    void (*gemm)(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta) = nullptr;
};

template <>
const LinalgKernels& NativeKernels<LinalgKernels>();

}  // namespace kernels
}  // namespace cnet
