// connection.cc — the EmbedID entry points: dispatch to the arrays' backend.
#include "cnet/kernels/connection.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void EmbedGather(const Array& ids, const Array& W, std::optional<int64_t> ignore_label, const Array& y) {
    DispatchInFloat32<3>(&ConnectionKernels::embed_gather, "EmbedGather", {&ids, &W, &y}, ids, W, ignore_label, y);
}

void EmbedScatterAdd(const Array& ids, const Array& gy, std::optional<int64_t> ignore_label, const Array& gW) {
    DispatchInFloat32<3>(&ConnectionKernels::embed_scatter_add, "EmbedScatterAdd", {&ids, &gy, &gW}, ids, gy,
                         ignore_label, gW);
}

}  // namespace kernels
}  // namespace cnet
