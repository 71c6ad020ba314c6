// linalg.cuh — the CUDA linalg family (signatures of kernels/linalg.h).
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta);
void GemmBatched(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta);

}  // namespace cuda
}  // namespace cnet
