// convolution.h — convolutions (chainer.functions.connection): convolution_2d/nd, deconvolution_2d/nd,
// depthwise and dilated convolution, and im2col. Layouts are channels first: x (N, C, d1..dk).
#pragma once

#include "cnet/core/variable.h"
#include "cnet/functions/int_tuple.h"

namespace cnet {
namespace functions {

/// F.convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, *, dilate=1, groups=1).
/// x (N, Ci, H, W), W (Co, Ci/groups, kH, kW), b (Co,) -> (N, Co, hO, wO) with
/// hO = (H + 2p - dk)/s + 1 (rounded up with cover_all), dk = k + (k-1)(d-1).
Variable convolution_2d(const Variable& x, const Variable& W, const Variable& b = Variable(),
                        const IntTuple& stride = 1, const IntTuple& pad = 0, bool cover_all = false,
                        const IntTuple& dilate = 1, int64_t groups = 1);
/// F.convolution_nd(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1): k-d version.
Variable convolution_nd(const Variable& x, const Variable& W, const Variable& b = Variable(),
                        const IntTuple& stride = 1, const IntTuple& pad = 0, bool cover_all = false,
                        const IntTuple& dilate = 1, int64_t groups = 1);
/// F.deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, *, dilate=1, groups=1): the transpose
/// of convolution_2d. W is (Ci, Co/groups, kH, kW); hO = s(H - 1) + dk - 2p unless outsize is given.
Variable deconvolution_2d(const Variable& x, const Variable& W, const Variable& b = Variable(),
                          const IntTuple& stride = 1, const IntTuple& pad = 0, const IntTuple& outsize = {},
                          const IntTuple& dilate = 1, int64_t groups = 1);
/// F.deconvolution_nd(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1).
Variable deconvolution_nd(const Variable& x, const Variable& W, const Variable& b = Variable(),
                          const IntTuple& stride = 1, const IntTuple& pad = 0, const IntTuple& outsize = {},
                          const IntTuple& dilate = 1, int64_t groups = 1);
/// F.depthwise_convolution_2d(x, W, b=None, stride=1, pad=0): W (cM, Ci, kH, kW) -> Ci*cM channels
/// (output channel c*cM + m is input channel c filtered by W[m, c]).
Variable depthwise_convolution_2d(const Variable& x, const Variable& W, const Variable& b = Variable(),
                                  const IntTuple& stride = 1, const IntTuple& pad = 0);
/// F.dilated_convolution_2d(x, W, b=None, stride=1, pad=0, dilate=1, cover_all=False).
Variable dilated_convolution_2d(const Variable& x, const Variable& W, const Variable& b = Variable(),
                                const IntTuple& stride = 1, const IntTuple& pad = 0, const IntTuple& dilate = 1,
                                bool cover_all = false);
/// F.im2col(x, ksize, stride=1, pad=0, cover_all=False, dilate=1): (N, C, H, W) -> (N, C*kH*kW, hO, wO).
Variable im2col(const Variable& x, const IntTuple& ksize, const IntTuple& stride = 1, const IntTuple& pad = 0,
                bool cover_all = false, const IntTuple& dilate = 1);

/// chainer.utils.conv.get_conv_outsize / get_deconv_outsize.
int64_t get_conv_outsize(int64_t size, int64_t k, int64_t s, int64_t p, bool cover_all = false, int64_t d = 1);
int64_t get_deconv_outsize(int64_t size, int64_t k, int64_t s, int64_t p, bool cover_all = false, int64_t d = 1);

}  // namespace functions
}  // namespace cnet
