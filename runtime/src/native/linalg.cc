// linalg.cc — CPU GEMM through Eigen maps over strided arrays (no copies for transposed views).
#include "cnet/kernels/linalg.h"

#include <Eigen/Core>

#include "cnet/core/threading.h"

namespace cnet {
namespace native {
namespace {

// Eigen's parallel GEMM costs about 10 us of synchronisation per call: only products above ~4M
// multiply-adds per thread are split.
constexpr int64_t kMinGemmWorkPerThread = int64_t{1} << 21;

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

template <typename T>
void GemmTyped(const Array& a, bool trans_a, const Array& b, bool trans_b, const Array& out, double alpha,
               double beta) {
    const int64_t m = out.shape()[0], n = out.shape()[1];
    const int64_t k = trans_a ? a.shape()[0] : a.shape()[1];
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

// Arrays with no unit stride (e.g. strided slices) are made contiguous first.
Array UnitStride(const Array& a) {
    if (a.strides()[1] == 1 || a.strides()[0] == 1 || a.shape()[0] == 1 || a.shape()[1] == 1) return a;
    return a.copy();
}

}  // namespace

void Gemm(const Array& a_in, bool trans_a, const Array& b_in, bool trans_b, const Array& out, double alpha,
          double beta) {
    CNET_CHECK(a_in.ndim() == 2 && b_in.ndim() == 2 && out.ndim() == 2, "internal: Gemm expects 2-D arrays");
    CNET_CHECK(out.strides()[1] == 1 || out.shape()[1] == 1, "internal: Gemm output must be row-contiguous");
    Array a = UnitStride(a_in), b = UnitStride(b_in);
    switch (out.dtype()) {
        case Dtype::kFloat32: GemmTyped<float>(a, trans_a, b, trans_b, out, alpha, beta); break;
        case Dtype::kFloat64: GemmTyped<double>(a, trans_a, b, trans_b, out, alpha, beta); break;
        default: throw DtypeError(std::string("matmul on the CPU supports float32 and float64, got ") +
                                  DtypeName(out.dtype()));
    }
}

}  // namespace native

template <>
const kernels::LinalgKernels& kernels::NativeKernels<kernels::LinalgKernels>() {
    static const LinalgKernels table{&native::Gemm};
    return table;
}

}  // namespace cnet
