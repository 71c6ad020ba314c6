// connection.cu — EmbedID on CUDA: the row gather (one thread per output element; ids outside the
// vocabulary are reported through a device flag, read back after the kernel) and the row scatter-add
// (atomicAdd, so repeated ids accumulate; the summation order of a repeated id is not fixed).
#include "cnet/kernels/connection.h"
#include "cuda/copy.cuh"
#include "cuda/families.cuh"
#include "cuda/loop.cuh"

namespace cnet {
namespace cuda {
void EmbedGather(const Array& given_ids, const Array& W, std::optional<int64_t> ignore_label, const Array& y) {
    const Array ids = Int64Indexes(given_ids);
    const int64_t vocab = W.shape()[0], d = W.shape()[1], n = ids.size();
    if (n == 0 || d == 0) return;
    const bool has_ignore = ignore_label.has_value();
    const int64_t ignore = ignore_label.value_or(0);
    Array bad = Array::Empty(Shape{}, Dtype::kInt32, W.device());
    Fill(bad, Scalar(0));
    int* bad_p = DevicePtr<int>(bad);
    const int64_t* id = DevicePtr<const int64_t>(ids);
    CNET_CUDA_DISPATCH_FLOAT(W.dtype(), T, {
        const T* w = DevicePtr<const T>(W);
        T* out = DevicePtr<T>(y);
        ForEachIndex(W.device().index(), n * d, [=] __device__(int64_t i) {
            const int64_t k = i / d, j = i % d, v = id[k];
            if (has_ignore && v == ignore) {
                out[i] = T(0);
            } else if (v < 0 || v >= vocab) {
                *bad_p = 1;
                out[i] = T(0);
            } else {
                out[i] = w[v * d + j];
            }
        });
    });
    if (bad.to_device(Device::Cpu()).item<int32_t>() != 0) {  // name the first offending id, as the CPU does
        const std::vector<int64_t> host_ids = ids.to_vector<int64_t>();
        for (int64_t v : host_ids) {
            if (has_ignore && v == ignore) continue;
            CNET_CHECK_AS(IndexError, v >= 0 && v < vocab, "EmbedID: id ", v, " is out of range for a vocabulary of ",
                          vocab);
        }
    }
}

void EmbedScatterAdd(const Array& given_ids, const Array& gy, std::optional<int64_t> ignore_label,
                     const Array& gW) {
    const Array ids = Int64Indexes(given_ids);
    const int64_t d = gW.shape()[1], n = ids.size();
    if (n == 0 || d == 0) return;
    const bool has_ignore = ignore_label.has_value();
    const int64_t ignore = ignore_label.value_or(0);
    const int64_t* id = DevicePtr<const int64_t>(ids);
    CNET_CUDA_DISPATCH_FLOAT(gy.dtype(), T, {
        const T* g = DevicePtr<const T>(gy);
        T* w = DevicePtr<T>(gW);
        ForEachIndex(gW.device().index(), n * d, [=] __device__(int64_t i) {
            const int64_t k = i / d, j = i % d;
            if (has_ignore && id[k] == ignore) return;
            atomicAdd(w + id[k] * d + j, g[i]);
        });
    });
}

}  // namespace cuda
}  // namespace cnet
