// pooling_roi.cc — CPU ROI max pooling (kernels/pooling.h): Chainer's ROIPooling2D bin boundaries
// (floor/ceil of the scaled bin edges, clipped to the input), first maximum in row-major order.
#include "native/pooling_roi.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cnet/core/dtype_dispatch.h"

namespace cnet {
namespace native {
namespace {

// Chainer's _roi_pooling_slice: [start, end) of bin `i` of a ROI starting at `offset`, clipped to [0, size].
void BinRange(int64_t i, double stride, int64_t size, int64_t offset, int64_t& start, int64_t& end) {
    start = static_cast<int64_t>(std::floor(static_cast<double>(i) * stride)) + offset;
    end = static_cast<int64_t>(std::ceil(static_cast<double>(i + 1) * stride)) + offset;
    start = std::min(std::max<int64_t>(start, 0), size);
    end = std::min(std::max<int64_t>(end, 0), size);
}

struct Roi {
    int64_t batch, xmin, ymin;
    double stride_h, stride_w;
};

// Python's int(round(v * scale)): round half to even, which std::nearbyint does in the default mode.
template <typename R>
Roi ReadRoi(const R* r, double scale, int64_t outh, int64_t outw, int64_t batch) {
    const int64_t idx = static_cast<int64_t>(r[0]);
    CNET_CHECK_AS(IndexError, idx >= 0 && idx < batch, "roi_pooling_2d: ROI batch index ", idx,
                  " is out of range for a batch of ", batch);
    const int64_t xmin = static_cast<int64_t>(std::nearbyint(r[1] * scale));
    const int64_t ymin = static_cast<int64_t>(std::nearbyint(r[2] * scale));
    const int64_t xmax = static_cast<int64_t>(std::nearbyint(r[3] * scale));
    const int64_t ymax = static_cast<int64_t>(std::nearbyint(r[4] * scale));
    const int64_t w = std::max<int64_t>(xmax - xmin + 1, 1), h = std::max<int64_t>(ymax - ymin + 1, 1);
    return Roi{idx, xmin, ymin, static_cast<double>(h) / outh, static_cast<double>(w) / outw};
}

template <typename T>
void Forward(const Array& x_in, const Array& rois_in, double scale, const Array& y, const Array& argmax) {
    const Array x = x_in.as_contiguous(), rois = rois_in.astype(Dtype::kFloat64, false).as_contiguous();
    const T* xp = x.data<T>();
    const double* rp = rois.data<double>();
    T* yp = y.data<T>();
    int64_t* ap = argmax.data<int64_t>();
    const int64_t C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
    const int64_t R = y.shape()[0], oh = y.shape()[2], ow = y.shape()[3];
    for (int64_t r = 0; r < R; ++r) {
        const Roi roi = ReadRoi(rp + r * 5, scale, oh, ow, x.shape()[0]);
        for (int64_t c = 0; c < C; ++c) {
            const T* plane = xp + (roi.batch * C + c) * H * W;
            for (int64_t i = 0; i < oh; ++i) {
                int64_t h0, h1;
                BinRange(i, roi.stride_h, H, roi.ymin, h0, h1);
                for (int64_t j = 0; j < ow; ++j) {
                    int64_t w0, w1;
                    BinRange(j, roi.stride_w, W, roi.xmin, w0, w1);
                    const int64_t o = ((r * C + c) * oh + i) * ow + j;
                    yp[o] = T(0);
                    ap[o] = -1;
                    if (h1 <= h0 || w1 <= w0) continue;
                    T best = -std::numeric_limits<T>::infinity();
                    for (int64_t a = h0; a < h1; ++a)
                        for (int64_t b = w0; b < w1; ++b)
                            if (plane[a * W + b] > best) {
                                best = plane[a * W + b];
                                ap[o] = a * W + b;
                            }
                    yp[o] = best;
                }
            }
        }
    }
}

}  // namespace

void RoiPoolingForward(const Array& x, const Array& rois, double spatial_scale, const Array& y, const Array& argmax) {
    CNET_DISPATCH_FLOAT(x.dtype(), T, Forward<T>(x, rois, spatial_scale, y, argmax));
}

void RoiPoolingBackward(const Array& gy_in, const Array& rois_in, const Array& argmax_in, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), argmax = argmax_in.as_contiguous();
    const Array rois = rois_in.astype(Dtype::kFloat64, false).as_contiguous();
    const int64_t C = gx.shape()[1], plane = gx.shape()[2] * gx.shape()[3];
    const int64_t bins = gy.shape()[2] * gy.shape()[3];
    const double* rp = rois.data<double>();
    const int64_t* ap = argmax.data<int64_t>();
    CNET_DISPATCH_FLOAT(gx.dtype(), T, {
        const T* gp = gy.data<T>();
        T* xp = gx.data<T>();
        std::fill(xp, xp + gx.size(), T(0));
        for (int64_t r = 0; r < gy.shape()[0]; ++r) {
            const int64_t batch = static_cast<int64_t>(rp[r * 5]);
            for (int64_t c = 0; c < C; ++c)
                for (int64_t k = 0; k < bins; ++k) {
                    const int64_t o = (r * C + c) * bins + k;
                    if (ap[o] >= 0) xp[(batch * C + c) * plane + ap[o]] += gp[o];
                }
        }
    });
}

}  // namespace native
}  // namespace cnet
