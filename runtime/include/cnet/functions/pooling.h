// pooling.h — spatial pooling (chainer.functions.pooling): max/average pooling in 2-d and k-d, unpooling,
// upsampling from max-pooling indexes, spatial pyramid pooling. x is channels first (N, C, d1..dk).
// stride=None means stride = ksize.
#pragma once

#include <optional>
#include <string>
#include <tuple>

#include "cnet/core/variable.h"
#include "cnet/functions/int_tuple.h"

namespace cnet {
namespace functions {

/// F.max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False). Padding counts
/// as -inf. Note cover_all defaults to True (convolution's default is False).
Variable max_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {}, const IntTuple& pad = 0,
                        bool cover_all = true);
/// The return_indices form: (y, indexes), indexes (int64, y's shape) being the window tap (k*kw + l) of
/// each maximum, as upsampling_2d takes them. (Without return_indices the result is y alone.)
std::tuple<Variable, Array> max_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                                           const IntTuple& pad, bool cover_all, bool return_indices);
/// F.max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False).
Variable max_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {}, const IntTuple& pad = 0,
                        bool cover_all = true);
std::tuple<Variable, Array> max_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                                           const IntTuple& pad, bool cover_all, bool return_indices);
/// F.average_pooling_2d(x, ksize, stride=None, pad=0): window means, padding counted as zeros (the
/// divisor is always kh*kw); never cover_all.
Variable average_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {},
                            const IntTuple& pad = 0);
/// F.average_pooling_nd(x, ksize, stride=None, pad=0, pad_value=0): pad_value None leaves the padding
/// out of each window's divisor; 0 counts it (the only two values Chainer accepts).
Variable average_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {},
                            const IntTuple& pad = 0, std::optional<double> pad_value = 0.0);
/// F.unpooling_2d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True): every input value copied
/// over its window (overlaps add); the output size is get_deconv_outsize(h, k, s, p, cover_all).
Variable unpooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {}, const IntTuple& pad = 0,
                      const IntTuple& outsize = {}, bool cover_all = true);
/// F.unpooling_nd(x, ksize, stride=None, pad=0, outsize=None, cover_all=True).
Variable unpooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride = {}, const IntTuple& pad = 0,
                      const IntTuple& outsize = {}, bool cover_all = true);
/// F.upsampling_2d(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True): each value put
/// back at the position its max_pooling_2d index names, zeros elsewhere.
Variable upsampling_2d(const Variable& x, const Array& indexes, const IntTuple& ksize, const IntTuple& stride = {},
                       const IntTuple& pad = 0, const IntTuple& outsize = {}, bool cover_all = true);
/// F.spatial_pyramid_pooling_2d(x, pyramid_height, pooling=None): level i pools 2^i x 2^i bins
/// (k = ceil(size / 2^i), stride k, pad (2^i k - size + 1) / 2) with 'max' (the default) or 'average';
/// the flattened levels are concatenated into (N, C * sum(4^i), 1, 1).
/// F.roi_pooling_2d(x, rois, outh, outw, spatial_scale): max pooling of each region of interest into
/// (outh, outw) bins. rois (R, 5) rows are (batch index, x_min, y_min, x_max, y_max); -> (R, C, outh, outw).
/// Differentiable in x (first order, as Chainer's).
Variable roi_pooling_2d(const Variable& x, const Variable& rois, int64_t outh, int64_t outw, double spatial_scale);
Variable spatial_pyramid_pooling_2d(const Variable& x, int64_t pyramid_height, const std::string& pooling = "max");

}  // namespace functions
}  // namespace cnet
