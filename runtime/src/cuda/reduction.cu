// reduction.cu — the reduction family on CUDA. Reduce accumulates as the CPU does (float types in double,
// integers and bool in int64), into a contiguous accumulator that is then cast into out; one block reduces one
// output element (its threads stride over the reduced elements, then a shared-memory tree combines them), or
// one thread does when the reduction is short. ArgReduce, Cumsum and ExclusiveProducts walk one line per thread, in
// order.
#include <limits>
#include <vector>

#include "cuda/copy.cuh"
#include "cuda/families.cuh"
#include "cuda/loop.cuh"
#include "cuda/reduction.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::ReduceOp;

template <typename T>
using AccOf = std::conditional_t<std::is_floating_point<T>::value || std::is_same<T, __half>::value, double, int64_t>;

template <typename Acc>
struct Combiner {
    ReduceOp op;

    __device__ Acc Identity() const {
        switch (op) {
            case ReduceOp::kSum:
            case ReduceOp::kAny:
                return Acc(0);
            case ReduceOp::kProd:
            case ReduceOp::kAll:
                return Acc(1);
            case ReduceOp::kMax:
                return Lowest();
            default:
                return Highest();  // kMin
        }
    }
    __device__ static Acc Lowest() {
        if constexpr (std::is_same<Acc, double>::value)
            return -std::numeric_limits<double>::infinity();
        else
            return std::numeric_limits<Acc>::min();
    }
    __device__ static Acc Highest() {
        if constexpr (std::is_same<Acc, double>::value)
            return std::numeric_limits<double>::infinity();
        else
            return std::numeric_limits<Acc>::max();
    }
    // The CPU's update rules (native/reduction.cc); max/min propagate NaN.
    __device__ Acc operator()(Acc a, Acc v) const {
        switch (op) {
            case ReduceOp::kSum:
                return a + v;
            case ReduceOp::kProd:
                return a * v;
            case ReduceOp::kMax:
                return (v > a || v != v) ? v : a;
            case ReduceOp::kMin:
                return (v < a || v != v) ? v : a;
            case ReduceOp::kAny:
                return static_cast<Acc>(a != 0 || v != 0);
            default:
                return static_cast<Acc>(a != 0 && v != 0);  // kAll
        }
    }
};

constexpr int kShortReduction = 64;  // at most this many elements per output: one thread per output

template <typename T, typename Acc>
__global__ void ReducePerBlockKernel(Combiner<Acc> combine, const T* x, Indexer outer, Indexer inner, int64_t n_out,
                                     int64_t n_red, Acc* acc) {
    __shared__ Acc partial[kThreads];
    for (int64_t j = blockIdx.x; j < n_out; j += gridDim.x) {
        const T* base = x + outer(j);
        Acc a = combine.Identity();
        for (int64_t r = threadIdx.x; r < n_red; r += blockDim.x) a = combine(a, CastTo<Acc>(base[inner(r)]));
        partial[threadIdx.x] = a;
        __syncthreads();
        for (int width = blockDim.x / 2; width > 0; width /= 2) {
            if (static_cast<int>(threadIdx.x) < width)
                partial[threadIdx.x] = combine(partial[threadIdx.x], partial[threadIdx.x + width]);
            __syncthreads();
        }
        if (threadIdx.x == 0) acc[j] = partial[0];
        __syncthreads();  // partial is reused by the next output
    }
}

template <typename T>
void ReduceTyped(ReduceOp op, const Array& x, const Dims& axes, const Array& out) {
    using Acc = AccOf<T>;
    // outer: x's strides over the kept dimensions (reduced ones have extent 1); inner: the reduced dimensions.
    Shape kshape = x.shape(), red_shape;
    Strides red_strides;
    for (int64_t ax : axes) {
        const int d = static_cast<int>(ax);
        red_shape.push_back(x.shape()[d]);
        red_strides.push_back(x.strides()[d]);
        kshape[d] = 1;
    }
    const Indexer outer = IndexerOf(kshape, x.strides());
    const Indexer inner = IndexerOf(red_shape, red_strides);
    const int64_t n_out = kshape.prod(), n_red = red_shape.prod();
    const Device device = out.device();
    Array acc = Array::Empty(kshape, std::is_same<Acc, double>::value ? Dtype::kFloat64 : Dtype::kInt64, device);
    if (n_out > 0) {
        const Combiner<Acc> combine{op};
        const T* xp = DevicePtr<const T>(x);
        Acc* ap = DevicePtr<Acc>(acc);
        if (n_red <= kShortReduction) {
            ForEachIndex(device.index(), n_out, [=] __device__(int64_t j) {
                const T* base = xp + outer(j);
                Acc a = combine.Identity();
                for (int64_t r = 0; r < n_red; ++r) a = combine(a, CastTo<Acc>(base[inner(r)]));
                ap[j] = a;
            });
        } else {
            DeviceGuard guard(device.index());
            const int blocks = static_cast<int>(std::min<int64_t>(n_out, int64_t{1} << 16));
            ReducePerBlockKernel<T, Acc>
                <<<blocks, kThreads, 0, Stream(device.index())>>>(combine, xp, outer, inner, n_out, n_red, ap);
            CNET_CUDA_CHECK_LAUNCH();
            CountLaunch();
        }
    }
    Copy(acc, Array(out).reshape(kshape));
}

}  // namespace

void Reduce(ReduceOp op, const Array& x, const Dims& axes, const Array& out) {
    CNET_CHECK(out.is_contiguous(), "internal: reduction output must be contiguous");
    if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
        for (int64_t ax : axes)
            CNET_CHECK_AS(ValueError, x.shape()[static_cast<int>(ax)] > 0, "zero-size array to reduction operation ",
                          op == ReduceOp::kMax ? "maximum" : "minimum", " which has no identity");
    }
    CNET_CUDA_DISPATCH_ALL(x.dtype(), T, { ReduceTyped<T>(op, x, axes, out); });
}

namespace {

// x's shape and strides without `axis`.
void DropAxis(const Array& x, int axis, Shape* shape, Strides* strides) {
    for (int d = 0; d < x.ndim(); ++d) {
        if (d == axis) continue;
        shape->push_back(x.shape()[d]);
        strides->push_back(x.strides()[d]);
    }
}

}  // namespace

void ArgReduce(bool is_max, const Array& x, int axis, const Array& out) {
    CNET_CHECK_AS(ValueError, x.shape()[axis] > 0, "attempt to get ", is_max ? "argmax" : "argmin",
                  " of an empty sequence");
    Shape outer_shape;
    Strides outer_strides;
    DropAxis(x, axis, &outer_shape, &outer_strides);
    const Indexer outer = IndexerOf(outer_shape, outer_strides);
    const Array out_view = Array(out).reshape(outer_shape);
    const Indexer oi = MakeIndexer(out_view, outer_shape);
    const int64_t n = x.shape()[axis], step = x.strides()[axis];
    int64_t* o = DevicePtr<int64_t>(out_view);
    CNET_CUDA_DISPATCH_ALL(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        ForEachIndex(x.device().index(), outer_shape.prod(), [=] __device__(int64_t j) {
            // The CPU's scan: the first extreme value wins, and the first NaN stops it.
            const T* base = xp + outer(j);
            int64_t best = 0;
            double best_v = CastTo<double>(base[0]);
            for (int64_t i = 1; i < n && best_v == best_v; ++i) {
                const double v = CastTo<double>(base[i * step]);
                if (v != v || (is_max ? v > best_v : v < best_v)) {
                    best = i;
                    best_v = v;
                }
            }
            o[oi(j)] = best;
        });
    });
}

void Cumsum(const Array& x, int axis, const Array& out) {
    CNET_CHECK_AS(DtypeError, x.dtype() == out.dtype(), "internal: cumsum dtypes differ");
    CNET_CHECK_AS(DtypeError, x.dtype() != Dtype::kFloat16, "float16 arithmetic must be computed in float32");
    Shape outer_shape, out_shape;
    Strides x_strides, out_strides;
    DropAxis(x, axis, &outer_shape, &x_strides);
    DropAxis(out, axis, &out_shape, &out_strides);
    const Indexer xi = IndexerOf(outer_shape, x_strides), oi = IndexerOf(outer_shape, out_strides);
    const int64_t n = x.shape()[axis], xs = x.strides()[axis], os = out.strides()[axis];
    CNET_CUDA_DISPATCH_ALL(x.dtype(), T, {
        if constexpr (!std::is_same<T, __half>::value) {
            const T* xp = DevicePtr<const T>(x);
            T* op = DevicePtr<T>(out);
            ForEachIndex(x.device().index(), outer_shape.prod(), [=] __device__(int64_t j) {
                const T* xl = xp + xi(j);
                T* ol = op + oi(j);
                T acc = T(0);
                for (int64_t i = 0; i < n; ++i) {
                    acc = static_cast<T>(acc + xl[i * xs]);
                    ol[i * os] = acc;
                }
            });
        }
    });
}

namespace {

constexpr int kMaxDirections = kernels::kMaxProductDirections;

template <typename T>
struct Directions {
    const T* d[kMaxDirections];
};

// acc *= (x + sum_r e_r d_r) for one element, as the CPU's DualMulInPlace (native/reduction.cc).
template <typename T>
__device__ void DualMulInPlace(T* acc, int k, T x, const T* d) {
    for (int s = (1 << k) - 1; s >= 0; --s) {  // descending: acc[s ^ bit] < s is still the old value
        T v = acc[s] * x;
        for (int r = 0; r < k; ++r)
            if (s & (1 << r)) v += acc[s ^ (1 << r)] * d[r];
        acc[s] = v;
    }
}

}  // namespace

// One thread per column runs the CPU's two passes (Note [Prod gradient without division] in
// functions/reduction_prod.cc); the prefixes' dual coefficients wait in a device temporary.
void ExclusiveProducts(const Array& x, const std::vector<Array>& dirs, const Array& out) {
    CNET_CHECK(static_cast<int>(dirs.size()) <= kMaxDirections, "internal: too many directions for ExclusiveProducts");
    const int64_t n = x.shape()[0], m = x.shape()[1];
    const int k = static_cast<int>(dirs.size()), K = 1 << k;
    CNET_CUDA_DISPATCH_FLOAT(x.dtype(), T, {
        Directions<T> dp{};
        for (int r = 0; r < k; ++r) dp.d[r] = DevicePtr<const T>(dirs[static_cast<size_t>(r)]);
        const Array prefix = Array::Empty(Shape{n * m * K}, x.dtype(), x.device());
        const T* xp = DevicePtr<const T>(x);
        T* op = DevicePtr<T>(out);
        T* pre = DevicePtr<T>(prefix);
        ForEachIndex(x.device().index(), m, [=] __device__(int64_t c) {
            T acc[1 << kMaxDirections];
            T dv[kMaxDirections];
            for (int pass = 0; pass < 2; ++pass) {  // 0: prefixes (stored), 1: suffixes combined with them
                for (int s = 0; s < K; ++s) acc[s] = T(s == 0 ? 1 : 0);
                for (int64_t t = 0; t < n; ++t) {
                    const int64_t i = pass == 0 ? t : n - 1 - t;
                    T* p = pre + (i * m + c) * K;
                    if (pass == 0) {
                        for (int s = 0; s < K; ++s) p[s] = acc[s];
                    } else {
                        T v = T(0);  // coefficient of e_1...e_k in p * acc
                        for (int s = 0; s < K; ++s) v += p[s] * acc[(K - 1) ^ s];
                        op[i * m + c] = v;
                    }
                    for (int r = 0; r < k; ++r) dv[r] = dp.d[r][i * m + c];
                    DualMulInPlace(acc, k, xp[i * m + c], dv);
                }
            }
        });
    });
}

}  // namespace cuda
}  // namespace cnet

namespace cnet {
namespace cuda {

double SumToHost(const Array& x) {
    Dims axes;
    for (int d = 0; d < x.ndim(); ++d) axes.push_back(d);
    const Array total = Array::Empty(Shape{}, Dtype::kFloat64, x.device());
    cuda::Reduce(kernels::ReduceOp::kSum, x, axes, total);
    return total.to_device(Device::Cpu()).item<double>();
}

}  // namespace cuda
}  // namespace cnet
