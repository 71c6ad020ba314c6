// convolution_internal.h — pieces of convolution.cc shared with pooling.cc: the differentiable col2im
// (unpooling and upsampling are col2im of a tiled or masked input) and IntTuple helpers.
#pragma once

#include "cnet/core/variable.h"
#include "cnet/kernels/convolution.h"

namespace cnet {
namespace functions {
namespace internal {

/// x (x_shape) = the sum of the entries of col (N, C, k..., o...) that read each pixel; differentiable
/// (its gradient is im2col).
Variable Col2Im(const Variable& col, const kernels::ConvParams& p, const Shape& x_shape);

}  // namespace internal
}  // namespace functions
}  // namespace cnet
