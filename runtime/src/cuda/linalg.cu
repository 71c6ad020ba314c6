// linalg.cu — GEMM on cuBLAS for row-major arrays. cuBLAS is column-major, and the memory of a row-major
// matrix read column-major is its transpose, so out = op(a) @ op(b) is computed as out^T = op(b)^T @ op(a)^T:
// cuBLAS gets b first, then a, with m and n swapped. A transposed view (unit stride along rows) is passed as
// is with its transpose flag flipped; an operand with no unit stride is made contiguous first.
#include <algorithm>

#include "cuda/check.cuh"
#include "cuda/context.cuh"
#include "cuda/copy.cuh"
#include "cuda/linalg.cuh"

namespace cnet {
namespace cuda {
namespace {

// A matrix operand as cuBLAS sees it: its memory read column-major.
struct Operand {
    Array array;     // the array whose memory is used
    bool col_major;  // unit stride along rows (a transposed view)
    int64_t ld;      // leading dimension
};

Operand AsOperand(const Array& a) {
    const int64_t r = a.shape()[0], c = a.shape()[1];
    if (a.strides()[1] == 1 && a.strides()[0] >= std::max<int64_t>(c, 1)) return {a, false, a.strides()[0]};
    if (a.strides()[0] == 1 && a.strides()[1] >= std::max<int64_t>(r, 1)) return {a, true, a.strides()[1]};
    const Array c_array = a.copy();  // C-contiguous
    return {c_array, false, std::max<int64_t>(c, 1)};
}

cublasOperation_t Op(bool transpose) { return transpose ? CUBLAS_OP_T : CUBLAS_OP_N; }

// A stack (count, rows, cols) as cuBLAS's strided-batched call sees it: each matrix an Operand, `stride`
// elements apart (0: one matrix repeated). A stack whose matrices have no unit stride is made contiguous first.
struct StackOperand {
    Operand matrices;
    int64_t stride;
};

StackOperand AsStackOperand(const Array& a) {
    const int64_t r = a.shape()[1], c = a.shape()[2];
    if (a.strides()[2] == 1 && a.strides()[1] >= std::max<int64_t>(c, 1))
        return {{a, false, a.strides()[1]}, a.strides()[0]};
    if (a.strides()[1] == 1 && a.strides()[2] >= std::max<int64_t>(r, 1))
        return {{a, true, a.strides()[2]}, a.strides()[0]};
    const Array c_array = a.copy();  // C-contiguous
    return {{c_array, false, std::max<int64_t>(c, 1)}, r * c};
}

}  // namespace

void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta) {
    CNET_CHECK(a.ndim() == 2 && b.ndim() == 2 && out.ndim() == 2, "internal: Gemm expects 2-D arrays");
    const int64_t m = out.shape()[0], n = out.shape()[1];
    const int64_t k = trans_a ? a.shape()[0] : a.shape()[1];
    if (m == 0 || n == 0) return;
    // out must be row-major with unit stride; otherwise compute into a contiguous copy and write it back.
    if (!(out.strides()[1] == 1 && out.strides()[0] >= n)) {
        const Array tmp = out.copy();
        Gemm(a, trans_a, b, trans_b, tmp, alpha, beta);
        Copy(tmp, out);
        return;
    }
    const Operand A = AsOperand(a), B = AsOperand(b);
    const int device = out.device().index();
    DeviceGuard guard(device);
    const cublasHandle_t handle = Cublas(device);
    const int M = static_cast<int>(n), N = static_cast<int>(m), K = static_cast<int>(k);
    const int lda = static_cast<int>(B.ld), ldb = static_cast<int>(A.ld), ldc = static_cast<int>(out.strides()[0]);
    const cublasOperation_t op_first = Op(trans_b != B.col_major), op_second = Op(trans_a != A.col_major);
    switch (out.dtype()) {
        case Dtype::kFloat32: {
            const float al = static_cast<float>(alpha), be = static_cast<float>(beta);
            CNET_CUBLAS_CHECK(cublasSgemm(
                handle, op_first, op_second, M, N, K, &al, static_cast<const float*>(B.array.raw_data()), lda,
                static_cast<const float*>(A.array.raw_data()), ldb, &be, static_cast<float*>(out.raw_data()), ldc));
            break;
        }
        case Dtype::kFloat64:
            CNET_CUBLAS_CHECK(cublasDgemm(
                handle, op_first, op_second, M, N, K, &alpha, static_cast<const double*>(B.array.raw_data()), lda,
                static_cast<const double*>(A.array.raw_data()), ldb, &beta, static_cast<double*>(out.raw_data()), ldc));
            break;
        default:
            throw DtypeError(std::string("matmul on CUDA supports float32 and float64, got ") + DtypeName(out.dtype()));
    }
    CountLaunch();
}

void GemmBatched(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta) {
    const int64_t count = out.shape()[0], m = out.shape()[1], n = out.shape()[2];
    const int64_t k = trans_a ? a.shape()[1] : a.shape()[2];
    if (count == 0 || m == 0 || n == 0) return;
    // The same operand swap as Gemm's, with each operand's batch stride; out is C-contiguous.
    const StackOperand A = AsStackOperand(a), B = AsStackOperand(b);
    const int device = out.device().index();
    DeviceGuard guard(device);
    const cublasHandle_t handle = Cublas(device);
    const int M = static_cast<int>(n), N = static_cast<int>(m), K = static_cast<int>(k), batches = static_cast<int>(count);
    const int lda = static_cast<int>(B.matrices.ld), ldb = static_cast<int>(A.matrices.ld), ldc = static_cast<int>(n);
    const cublasOperation_t op_first = Op(trans_b != B.matrices.col_major),
                            op_second = Op(trans_a != A.matrices.col_major);
    switch (out.dtype()) {
        case Dtype::kFloat32: {
            const float al = static_cast<float>(alpha), be = static_cast<float>(beta);
            CNET_CUBLAS_CHECK(cublasSgemmStridedBatched(
                handle, op_first, op_second, M, N, K, &al, static_cast<const float*>(B.matrices.array.raw_data()), lda,
                B.stride, static_cast<const float*>(A.matrices.array.raw_data()), ldb, A.stride, &be,
                static_cast<float*>(out.raw_data()), ldc, m * n, batches));
            break;
        }
        case Dtype::kFloat64:
            CNET_CUBLAS_CHECK(cublasDgemmStridedBatched(
                handle, op_first, op_second, M, N, K, &alpha, static_cast<const double*>(B.matrices.array.raw_data()),
                lda, B.stride, static_cast<const double*>(A.matrices.array.raw_data()), ldb, A.stride, &beta,
                static_cast<double*>(out.raw_data()), ldc, m * n, batches));
            break;
        default:
            throw DtypeError(std::string("matmul on CUDA supports float32 and float64, got ") + DtypeName(out.dtype()));
    }
    CountLaunch();
}

}  // namespace cuda
}  // namespace cnet
