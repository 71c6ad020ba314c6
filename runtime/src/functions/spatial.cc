// spatial.cc — resize_images as two interpolation-matrix products (one per axis), depth2space and
// space2depth as reshape/transpose; all compositions of differentiable functions.
#include "cnet/functions/spatial.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cnet/functions/array.h"
#include "cnet/functions/connection.h"

namespace cnet {
namespace functions {
namespace {

// A (out, in): row o holds the weights of the source pixels of output pixel o.
Array InterpolationMatrix(int64_t in, int64_t out, const std::string& mode, bool align_corners, Dtype dtype,
                          Device device) {
    std::vector<double> a(static_cast<size_t>(out * in), 0.0);
    for (int64_t o = 0; o < out; ++o) {
        double src = align_corners ? (out > 1 ? static_cast<double>(o) * (in - 1) / (out - 1) : 0.0)
                                   : (o + 0.5) * in / out - 0.5;
        src = std::min(std::max(src, 0.0), static_cast<double>(in - 1));
        if (mode == "nearest") {
            a[o * in + static_cast<int64_t>(std::lround(src))] = 1.0;
            continue;
        }
        const int64_t i0 = static_cast<int64_t>(std::floor(src)), i1 = std::min(i0 + 1, in - 1);
        const double f = src - static_cast<double>(i0);
        a[o * in + i0] += 1.0 - f;
        a[o * in + i1] += f;
    }
    return Array::FromVector(a, Shape{out, in}).astype(dtype).to_device(device);
}

void CheckImage(const char* op, const Variable& x) {
    CNET_CHECK_AS(ShapeError, x.ndim() == 4, op, ": expected a 4-d (N, C, H, W) input, got ", x.shape().ToString());
}

}  // namespace

Variable resize_images(const Variable& x, const IntTuple& output_shape, const std::string& mode, bool align_corners) {
    CheckImage("resize_images", x);
    CNET_CHECK_AS(ValueError, mode == "bilinear" || mode == "nearest",
                  "resize_images: mode must be 'bilinear' or 'nearest', got '", mode, "'");
    const Dims out = output_shape.Expand(2, "output_shape");
    CNET_CHECK_AS(ValueError, out[0] > 0 && out[1] > 0, "resize_images: output_shape must be positive, got ",
                  out.ToString());
    const Shape& s = x.shape();
    const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
    const Variable aw(InterpolationMatrix(w, out[1], mode, align_corners, x.dtype(), x.device()), false);
    const Variable ah(InterpolationMatrix(h, out[0], mode, align_corners, x.dtype(), x.device()), false);
    // Along W: (N*C*H, W) x A_w^T; then along H on the transposed layout.
    Variable y = reshape(linear(reshape(x, Shape{n * c * h, w}), aw), Shape{n, c, h, out[1]});
    y = reshape(transpose(y, Dims{0, 1, 3, 2}), Shape{n * c * out[1], h});
    y = reshape(linear(y, ah), Shape{n, c, out[1], out[0]});
    return transpose(y, Dims{0, 1, 3, 2});
}

Variable depth2space(const Variable& X, int64_t r) {
    CheckImage("depth2space", X);
    const Shape& s = X.shape();
    CNET_CHECK_AS(ValueError, r > 0 && s[1] % (r * r) == 0, "depth2space: channels ", s[1],
                  " must be a multiple of r*r = ", r * r);
    const int64_t c = s[1] / (r * r);
    const Variable y = transpose(reshape(X, Shape{s[0], r, r, c, s[2], s[3]}), Dims{0, 3, 4, 1, 5, 2});
    return reshape(y, Shape{s[0], c, s[2] * r, s[3] * r});
}

Variable space2depth(const Variable& X, int64_t r) {
    CheckImage("space2depth", X);
    const Shape& s = X.shape();
    CNET_CHECK_AS(ValueError, r > 0 && s[2] % r == 0 && s[3] % r == 0, "space2depth: height ", s[2], " and width ",
                  s[3], " must be multiples of r = ", r);
    const int64_t h = s[2] / r, w = s[3] / r;
    const Variable y = transpose(reshape(X, Shape{s[0], s[1], h, r, w, r}), Dims{0, 3, 5, 1, 2, 4});
    return reshape(y, Shape{s[0], r * r * s[1], h, w});
}

}  // namespace functions
}  // namespace cnet
