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

/// out[i] = alpha * op(a[i]) @ op(b[i]) + beta * out[i] for every i < out.shape()[0]: 3-D float arrays (count,
/// rows, cols) of any strides, a batch stride of 0 repeating one matrix (a broadcast batch); out C-contiguous.
/// numpy.matmul's stacks: one strided-batched cuBLAS call on a GPU, a Gemm per matrix on the CPU.
void GemmBatched(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha = 1.0,
                 double beta = 0.0);

/// Matrix i of a 3-D stack (count, rows, cols), as a 2-D view.
inline Array StackedMatrix(const Array& stack, int64_t i) {
    return stack.as_strided(Shape{stack.shape()[1], stack.shape()[2]}, Strides{stack.strides()[1], stack.strides()[2]},
                            stack.offset() + i * stack.strides()[0]);
}

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct LinalgKernels {
    static constexpr const char* kFamily = "linalg";
    void (*gemm)(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta) = nullptr;
    void (*gemm_batched)(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                         double beta) = nullptr;
};

template <>
const LinalgKernels& NativeKernels<LinalgKernels>();

}  // namespace kernels
}  // namespace cnet
