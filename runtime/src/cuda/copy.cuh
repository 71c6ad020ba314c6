// copy.cuh — CUDA fill, casting copy (copy.cu) and transfers between devices (transfer.cu).
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace cuda {

/// Every element of out (any strides) = value, converted as the CPU's fill does.
void Fill(const Array& out, Scalar value);
/// out = src broadcast to out's shape and cast to out's dtype (out may be any strided view).
void Copy(const Array& src, const Array& out);
/// dst = src for C-contiguous arrays of one shape and dtype on different devices (at least one a CUDA device).
/// Returns when a host dst may be read.
void Transfer(const Array& src, const Array& dst);

}  // namespace cuda
}  // namespace cnet
