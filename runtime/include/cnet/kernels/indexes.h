// indexes.h — the index arrays the loss and connection families take (labels, embedding ids): int32 or int64,
// C-contiguous. The CPU kernels read both as they are (a recursive net's one int32 label per node is not worth an
// int64 copy); the CUDA entries widen int32 themselves.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace kernels {

/// `a` as those kernels take it: int32 and int64 unchanged, other integer dtypes as int64, made contiguous.
inline Array KernelIndexes(const Array& a) {
    const bool taken = a.dtype() == Dtype::kInt32 || a.dtype() == Dtype::kInt64;
    return (taken ? a : a.astype(Dtype::kInt64)).as_contiguous();
}

}  // namespace kernels
}  // namespace cnet
