// linalg.cc — the matrix-product entry point: dispatch to the arrays' backend.
#include "cnet/kernels/linalg.h"

namespace cnet {
namespace kernels {

void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta) {
    Dispatch(&LinalgKernels::gemm, "Gemm", {&a, &b, &out}, a, trans_a, b, trans_b, out, alpha, beta);
}

}  // namespace kernels
}  // namespace cnet
