// copy.cu — CUDA fill and the casting, broadcasting copy behind copy()/astype()/assign() for every pair of
// dtypes; and MakeIndexer (loop.cuh).
#include "cuda/copy.cuh"
#include "cuda/loop.cuh"

namespace cnet {
namespace cuda {

Indexer MakeIndexer(const Array& a, const Shape& shape) {
    Indexer ix;
    if (a.shape() == shape && a.is_contiguous()) {
        ix.ndim = 1;
        ix.shape[0] = std::max<int64_t>(shape.prod(), 1);
        ix.strides[0] = 1;
        return ix;
    }
    const int nd = shape.ndim(), lead = nd - a.ndim();
    CNET_CHECK_AS(ShapeError, lead >= 0, "cannot broadcast an array of shape ", a.shape(), " to ", shape);
    ix.ndim = nd;
    for (int d = 0; d < nd; ++d) {
        ix.shape[d] = shape[d];
        if (d < lead) continue;  // stride 0: broadcast leading dimension
        const int64_t extent = a.shape()[d - lead];
        CNET_CHECK_AS(ShapeError, extent == shape[d] || extent == 1, "cannot broadcast an array of shape ", a.shape(),
                      " to ", shape);
        ix.strides[d] = extent == shape[d] ? a.strides()[d - lead] : 0;
    }
    return ix;
}

void Fill(const Array& out, Scalar value) {
    // The CPU converts through double (static_cast<T>(double)); so does CastTo here.
    const double v = value.is_float() ? value.to_double() : static_cast<double>(value.to_int());
    const Indexer oi = MakeIndexer(out, out.shape());
    CNET_CUDA_DISPATCH_ALL(out.dtype(), T, {
        T* o = DevicePtr<T>(out);
        ForEachIndex(out.device().index(), out.size(), [=] __device__(int64_t i) { o[oi(i)] = CastTo<T>(v); });
    });
}

void Copy(const Array& src, const Array& out) {
    const Indexer si = MakeIndexer(src, out.shape());
    const Indexer oi = MakeIndexer(out, out.shape());
    const int device = out.device().index();
    CNET_CUDA_DISPATCH_ALL(out.dtype(), To, {
        CNET_CUDA_DISPATCH_ALL(src.dtype(), From, {
            To* o = DevicePtr<To>(out);
            const From* s = DevicePtr<const From>(src);
            ForEachIndex(device, out.size(), [=] __device__(int64_t i) { o[oi(i)] = CastTo<To>(s[si(i)]); });
        });
    });
}

}  // namespace cuda
}  // namespace cnet
