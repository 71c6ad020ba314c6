// connection.cc — CPU EmbedID row gather and row scatter-add.
#include "cnet/kernels/connection.h"

#include "cnet/core/dtype_dispatch.h"

namespace cnet {
namespace native {
namespace {

// Calls f with the ids as int32_t or int64_t pointers (a recursive net's one int32 id per leaf is not worth an
// int64 copy).
template <typename F>
void WithIds(const Array& ids, F&& f) {
    if (ids.dtype() == Dtype::kInt32) f(ids.data<int32_t>());
    else f(ids.data<int64_t>());
}

void EmbedGather(const Array& ids, const Array& W, std::optional<int64_t> ignore_label, const Array& y) {
    const int64_t vocab = W.shape()[0], d = W.shape()[1], n = ids.size();
    WithIds(ids, [&](const auto* id) {
        CNET_DISPATCH_FLOAT(W.dtype(), T, {
            const T* w = W.data<T>();
            T* out = y.data<T>();
            for (int64_t k = 0; k < n; ++k) {
                T* row = out + k * d;
                const int64_t v = id[k];
                if (ignore_label && v == *ignore_label) {
                    for (int64_t j = 0; j < d; ++j) row[j] = T(0);
                    continue;
                }
                CNET_CHECK_AS(IndexError, v >= 0 && v < vocab, "EmbedID: id ", v,
                              " is out of range for a vocabulary of ", vocab);
                const T* src = w + v * d;
                for (int64_t j = 0; j < d; ++j) row[j] = src[j];
            }
        });
    });
}

void EmbedScatterAdd(const Array& ids, const Array& gy, std::optional<int64_t> ignore_label, const Array& gW) {
    const int64_t d = gW.shape()[1], n = ids.size();
    WithIds(ids, [&](const auto* id) {
        CNET_DISPATCH_FLOAT(gy.dtype(), T, {
            const T* g = gy.data<T>();
            T* w = gW.data<T>();
            for (int64_t k = 0; k < n; ++k) {
                if (ignore_label && id[k] == *ignore_label) continue;
                T* row = w + static_cast<int64_t>(id[k]) * d;
                const T* src = g + k * d;
                for (int64_t j = 0; j < d; ++j) row[j] += src[j];
            }
        });
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::ConnectionKernels& kernels::NativeKernels<kernels::ConnectionKernels>() {
    static const ConnectionKernels table{&native::EmbedGather, &native::EmbedScatterAdd};
    return table;
}

}  // namespace cnet
