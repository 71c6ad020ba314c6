// linalg.cc — CPU GEMM through Eigen maps over strided arrays (no copies for transposed views).
#include "cnet/kernels/linalg.h"

#include <algorithm>

#include <Eigen/Core>

#include "cnet/core/threading.h"

namespace cnet {
namespace native {
namespace {

// Eigen's parallel GEMM costs about 10 us of synchronisation per call: only products above ~4M
// multiply-adds per thread are split.
constexpr int64_t kMinGemmWorkPerThread = int64_t{1} << 21;
// Up to this many multiply-adds SmallGemm's loops beat Eigen's GEMM/GEMV (measured on the tree RNN).
constexpr int64_t kMaxSmallGemmWork = 16384;

template <typename T>
using RowMap = Eigen::Map<const Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>, 0,
                          Eigen::OuterStride<>>;
template <typename T>
using ColMap = Eigen::Map<const Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>, 0,
                          Eigen::OuterStride<>>;
template <typename T>
using OutMap = Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>, 0, Eigen::OuterStride<>>;

// Calls f with an Eigen expression for op(a): a (rows x cols) with unit stride along one axis.
template <typename T, typename F>
void WithMatrix(const Array& a, bool trans, F&& f) {
    const T* p = static_cast<const T*>(a.raw_data());
    const int64_t r = a.shape()[0], c = a.shape()[1];
    if (a.strides()[1] == 1 || c == 1) {
        RowMap<T> m(p, r, c, Eigen::OuterStride<>(a.strides()[0]));
        if (trans) f(m.transpose()); else f(m);
    } else {
        ColMap<T> m(p, r, c, Eigen::OuterStride<>(a.strides()[1]));
        if (trans) f(m.transpose()); else f(m);
    }
}

// op(x) of a 2-D array as (row stride, column stride) in elements: the transposition folded into the strides.
struct OpStrides {
    int64_t row, col;
};
OpStrides StridesOf(const Array& x, bool trans) {
    return trans ? OpStrides{x.strides()[1], x.strides()[0]} : OpStrides{x.strides()[0], x.strides()[1]};
}

// Small products with plain loops (no packing buffers, no cache blocking): the tree RNN's (1, 64) x (64, 32)
// products and their outer-product gradients spend more in Eigen's GEMM/GEMV set-up than in arithmetic.
// Two vectorizable forms: dot products when both operands are contiguous along k (x @ W.T), rows of b
// scaled and added when b and out are contiguous along n (gy @ W, gy.T @ x). Returns false for other layouts.
template <typename T>
bool SmallGemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, T alpha, T beta) {
    const int64_t m = out.shape()[0], n = out.shape()[1];
    const int64_t k = trans_a ? a.shape()[0] : a.shape()[1];
    const OpStrides sa = StridesOf(a, trans_a), sb = StridesOf(b, trans_b);
    const T* pa = static_cast<const T*>(a.raw_data());
    const T* pb = static_cast<const T*>(b.raw_data());
    T* po = static_cast<T*>(out.raw_data());
    const int64_t so = out.strides()[0];
    constexpr int kLanes = 32 / static_cast<int>(sizeof(T));  // one 256-bit vector
    using Lane = Eigen::Array<T, kLanes, 1>;
    using LaneMap = Eigen::Map<const Lane>;
    using OutLane = Eigen::Map<Lane>;
    if (sa.col == 1 && sb.row == 1 && k > 1) {
        // Four dot products at a time: each vector of a row of a is loaded once for four rows of b.
        const int64_t k_full = k / kLanes * kLanes;
        for (int64_t i = 0; i < m; ++i) {
            const T* ai = pa + i * sa.row;
            for (int64_t j = 0; j < n; j += 4) {
                const int rows = static_cast<int>(std::min<int64_t>(4, n - j));
                const T* bj[4];
                for (int q = 0; q < 4; ++q) bj[q] = pb + (j + std::min(q, rows - 1)) * sb.col;
                Lane acc0 = Lane::Zero(), acc1 = Lane::Zero(), acc2 = Lane::Zero(), acc3 = Lane::Zero();
                for (int64_t p = 0; p < k_full; p += kLanes) {
                    const Lane x = LaneMap(ai + p);
                    acc0 += x * LaneMap(bj[0] + p);
                    acc1 += x * LaneMap(bj[1] + p);
                    acc2 += x * LaneMap(bj[2] + p);
                    acc3 += x * LaneMap(bj[3] + p);
                }
                T dots[4] = {acc0.sum(), acc1.sum(), acc2.sum(), acc3.sum()};
                for (int64_t p = k_full; p < k; ++p)
                    for (int q = 0; q < 4; ++q) dots[q] += ai[p] * bj[q][p];
                for (int q = 0; q < rows; ++q) {
                    T& o = po[i * so + j + q];
                    o = beta == T(0) ? alpha * dots[q] : beta * o + alpha * dots[q];
                }
            }
        }
        return true;
    }
    if (sb.col != 1 && n != 1) return false;
    // Columns in blocks of kBlock whose sums stay in registers over p: one load and store of out per element
    // instead of one per p (the (1, 32) x (32, 64) gradient is otherwise bound on those stores).
    // (Four separate one-vector sums: GCC keeps those in registers, but zeroes a 128-byte array on the stack.)
    constexpr int kBlock = 4 * kLanes;
    const int64_t full = n / kBlock * kBlock;
    for (int64_t i = 0; i < m; ++i) {
        T* __restrict oi = po + i * so;
        const T* ai = pa + i * sa.row;
        for (int64_t j0 = 0; j0 < full; j0 += kBlock) {
            Lane acc0 = Lane::Zero(), acc1 = Lane::Zero(), acc2 = Lane::Zero(), acc3 = Lane::Zero();
            for (int64_t p = 0; p < k; ++p) {
                const T s = ai[p * sa.col];
                const T* bp = pb + p * sb.row + j0;
                acc0 += s * LaneMap(bp);
                acc1 += s * LaneMap(bp + kLanes);
                acc2 += s * LaneMap(bp + 2 * kLanes);
                acc3 += s * LaneMap(bp + 3 * kLanes);
            }
            const Lane* sums[4] = {&acc0, &acc1, &acc2, &acc3};
            for (int q = 0; q < 4; ++q) {
                OutLane o(oi + j0 + q * kLanes);
                if (beta == T(0)) o = alpha * *sums[q];
                else o = alpha * *sums[q] + beta * o;
            }
        }
        if (full == n) continue;
        for (int64_t j = full; j < n; ++j) oi[j] = beta == T(0) ? T(0) : beta * oi[j];
        for (int64_t p = 0; p < k; ++p) {
            const T s = alpha * ai[p * sa.col];
            const T* __restrict bp = pb + p * sb.row;
            for (int64_t j = full; j < n; ++j) oi[j] += s * bp[j];
        }
    }
    return true;
}

template <typename T>
void GemmTyped(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
               double beta) {
    const int64_t m = out.shape()[0], n = out.shape()[1];
    const int64_t k = trans_a ? a.shape()[0] : a.shape()[1];
    if (m * n * k <= kMaxSmallGemmWork &&
        SmallGemm<T>(a, trans_a, b, trans_b, out, static_cast<T>(alpha), static_cast<T>(beta)))
        return;
    OutMap<T> o(static_cast<T*>(out.raw_data()), m, n, Eigen::OuterStride<>(out.strides()[0]));
    Eigen::setNbThreads(ThreadsFor(m * n * k, kMinGemmWorkPerThread));
    WithMatrix<T>(a, trans_a, [&](const auto& am) {
        WithMatrix<T>(b, trans_b, [&](const auto& bm) {
            if (beta == 0.0) {
                if (alpha == 1.0) o.noalias() = am * bm;
                else o.noalias() = static_cast<T>(alpha) * (am * bm);
            } else {
                if (beta != 1.0) o *= static_cast<T>(beta);
                o.noalias() += static_cast<T>(alpha) * (am * bm);
            }
        });
    });
}

// Whether `a` has no unit stride (e.g. a strided slice): then it is made contiguous first.
bool LacksUnitStride(const Array& a) {
    return a.strides()[1] != 1 && a.strides()[0] != 1 && a.shape()[0] != 1 && a.shape()[1] != 1;
}

void GemmOf(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta) {
    switch (out.dtype()) {
        case Dtype::kFloat32: GemmTyped<float>(a, trans_a, b, trans_b, out, alpha, beta); break;
        case Dtype::kFloat64: GemmTyped<double>(a, trans_a, b, trans_b, out, alpha, beta); break;
        default: throw DtypeError(std::string("matmul on the CPU supports float32 and float64, got ") +
                                  DtypeName(out.dtype()));
    }
}

}  // namespace

void Gemm(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha, double beta) {
    CNET_CHECK(a.ndim() == 2 && b.ndim() == 2 && out.ndim() == 2, "internal: Gemm expects 2-D arrays");
    CNET_CHECK(out.strides()[1] == 1 || out.shape()[1] == 1, "internal: Gemm output must be row-contiguous");
    // (No Array or optional<Array> for the copies on the common path: both are zeroed when constructed, which
    // showed on the tree RNN's small products.)
    if (LacksUnitStride(a) || LacksUnitStride(b)) {
        GemmOf(LacksUnitStride(a) ? a.copy() : a, trans_a, LacksUnitStride(b) ? b.copy() : b, trans_b, out, alpha,
               beta);
        return;
    }
    GemmOf(a, trans_a, b, trans_b, out, alpha, beta);
}

void GemmBatched(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
                 double beta) {
    for (int64_t i = 0; i < out.shape()[0]; ++i)
        Gemm(kernels::StackedMatrix(a, i), trans_a, kernels::StackedMatrix(b, i), trans_b,
             kernels::StackedMatrix(out, i), alpha, beta);
}

}  // namespace native

template <>
const kernels::LinalgKernels& kernels::NativeKernels<kernels::LinalgKernels>() {
    static const LinalgKernels table{&native::Gemm, &native::GemmBatched};
    return table;
}

}  // namespace cnet
