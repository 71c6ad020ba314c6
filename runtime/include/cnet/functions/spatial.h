// spatial.h — image-layout array functions (chainer.functions.array): resize_images, depth2space,
// space2depth. x is (N, C, H, W).
#pragma once

#include <string>

#include "cnet/core/variable.h"
#include "cnet/functions/int_tuple.h"

namespace cnet {
namespace functions {

/// F.resize_images(x, output_shape, mode='bilinear', align_corners=True): (N, C, H, W) -> (N, C, oH, oW).
/// Bilinear: with align_corners the corner pixels map onto each other (source o*(H-1)/(oH-1)); without,
/// pixel centres do ((o+0.5)*H/oH - 0.5, clamped). 'nearest' takes the nearest such source pixel.
Variable resize_images(const Variable& x, const IntTuple& output_shape, const std::string& mode = "bilinear",
                       bool align_corners = true);
/// F.depth2space(X, r): (N, C*r*r, H, W) -> (N, C, H*r, W*r); output pixel (h*r + i, w*r + j) of channel c
/// is input channel (i*r + j)*C + c.
Variable depth2space(const Variable& X, int64_t r);
/// F.space2depth(X, r): the inverse of depth2space, (N, C, H*r, W*r) -> (N, C*r*r, H, W).
Variable space2depth(const Variable& X, int64_t r);

}  // namespace functions
}  // namespace cnet
