// connection.h — EmbedID's row gather (forward) and row scatter-add (gradient of W).
#pragma once

#include <cstdint>
#include <optional>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// y[k, :] = W[ids[k], :], or 0 where ids[k] == ignore_label. ids: contiguous int32 or int64 (n,); W: contiguous float
/// (V, d); y: contiguous (n, d) of W's dtype. An id outside [0, V) that is not ignored throws IndexError.
void EmbedGather(const Array& ids, const Array& W, std::optional<int64_t> ignore_label, const Array& y);
/// gW[ids[k], :] += gy[k, :] for every k whose id is not ignore_label (repeated ids accumulate).
/// gW: contiguous (V, d), gy: contiguous (n, d) of one float dtype.
void EmbedScatterAdd(const Array& ids, const Array& gy, std::optional<int64_t> ignore_label, const Array& gW);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct ConnectionKernels {
    static constexpr const char* kFamily = "connection";
    void (*embed_gather)(const Array& ids, const Array& W, std::optional<int64_t> ignore_label,
                         const Array& y) = nullptr;
    void (*embed_scatter_add)(const Array& ids, const Array& gy, std::optional<int64_t> ignore_label,
                              const Array& gW) = nullptr;
};

template <>
const ConnectionKernels& NativeKernels<ConnectionKernels>();

}  // namespace kernels
}  // namespace cnet
