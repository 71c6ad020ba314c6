// linalg.cc — the matrix-product entry point: dispatch to the arrays' backend.
#include "cnet/kernels/linalg.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta) {
    DispatchInFloat32<4>(&LinalgKernels::gemm, "Gemm", {&a, &b, &out}, a, trans_a, b, trans_b, out, alpha, beta);
}

void GemmBatched(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta) {
    CNET_CHECK(a.ndim() == 3 && b.ndim() == 3 && out.ndim() == 3 && out.is_contiguous(),
               "internal: GemmBatched expects 3-D arrays and a contiguous output");
    DispatchInFloat32<4>(&LinalgKernels::gemm_batched, "GemmBatched", {&a, &b, &out}, a, trans_a, b, trans_b, out,
                         alpha, beta);
}

}  // namespace kernels
}  // namespace cnet
