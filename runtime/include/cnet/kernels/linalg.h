// linalg.h — device-agnostic matrix products.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace kernels {

/// out = alpha * op(a) @ op(b) + beta * out for 2-D float arrays (any strides; out contiguous).
/// op(a) is a^T when trans_a. Uses one thread for small products (Eigen's parallel GEMM costs ~10 us).
void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha = 1.0,
          double beta = 0.0);

}  // namespace kernels
}  // namespace cnet
