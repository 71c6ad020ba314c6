// copy.cc — the fill and copy entry points: dispatch to the arrays' backend.
#include "cnet/kernels/copy.h"

#include <algorithm>
#include <utility>

namespace cnet {
namespace kernels {
namespace {

// The first and one-past-last byte of the storage that a's elements occupy.
std::pair<int64_t, int64_t> ByteExtent(const Array& a) {
    int64_t lo = a.offset(), hi = a.offset();
    for (int d = 0; d < a.ndim(); ++d) {
        const int64_t reach = (a.shape()[d] - 1) * a.strides()[d];
        (reach < 0 ? lo : hi) += reach;
    }
    const int64_t item = static_cast<int64_t>(a.itemsize());
    return {lo * item, (hi + 1) * item};
}

// Whether writing dst can change what src still has to give: two different views of one storage whose elements
// meet (x[1:] = x[:-1]). The same view (x = x, elementwise in place) is safe.
bool Overlap(const Array& src, const Array& dst) {
    if (src.storage() != dst.storage() || src.size() == 0 || dst.size() == 0) return false;
    if (src.offset() == dst.offset() && src.shape() == dst.shape() && src.strides() == dst.strides() &&
        src.dtype() == dst.dtype())
        return false;
    const auto [slo, shi] = ByteExtent(src);
    const auto [dlo, dhi] = ByteExtent(dst);
    return std::max(slo, dlo) < std::min(shi, dhi);
}

}  // namespace

void Fill(const Array& out, Scalar value) { Dispatch(&CopyKernels::fill, "Fill", {&out}, out, value); }

void Copy(const Array& src, const Array& dst) {
    // NumPy copies overlapping operands through a temporary; a backend's loop (or its threads) would read
    // elements it has already written.
    if (Overlap(src, dst)) {
        Copy(src.copy(), dst);
        return;
    }
    Dispatch(&CopyKernels::copy, "Copy", {&src, &dst}, src, dst);
}

}  // namespace kernels
}  // namespace cnet
