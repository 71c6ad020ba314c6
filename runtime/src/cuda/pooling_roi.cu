// pooling_roi.cu — ROI max pooling on CUDA (kernels/pooling.h's roi entries), the formulas of
// native/pooling_roi.cc: one thread per output bin walks its window in C order (the first maximum wins);
// one thread per input element gathers, in ROI then bin order, the bins whose argmax it is (no atomics, the
// CPU's summation order).
#include <limits>
#include <vector>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/error.h"
#include "cnet/kernels/pooling.h"
#include "cuda/conv_pool.cuh"
#include "cuda/loop.cuh"

namespace cnet {
namespace cuda {
namespace {

// Chainer's _roi_pooling_slice: [start, end) of bin i of a ROI starting at `offset`, clipped to [0, size].
__device__ inline void BinRange(int64_t i, double stride, int64_t size, int64_t offset, int64_t& start,
                                int64_t& end) {
    start = static_cast<int64_t>(floor(static_cast<double>(i) * stride)) + offset;
    end = static_cast<int64_t>(ceil(static_cast<double>(i + 1) * stride)) + offset;
    start = min(max(start, int64_t{0}), size);
    end = min(max(end, int64_t{0}), size);
}

// The ROIs as float64 on the device, after checking their batch indices on the host (an IndexError, as on
// the CPU, rather than a read out of bounds).
Array CheckedRois(const Array& rois_in, int64_t batch) {
    const Array rois = rois_in.astype(Dtype::kFloat64, false).as_contiguous();
    const std::vector<double> host = rois.to_device(Device::Cpu()).to_vector<double>();
    for (size_t r = 0; r < host.size(); r += 5) {
        const int64_t idx = static_cast<int64_t>(host[r]);
        CNET_CHECK_AS(IndexError, idx >= 0 && idx < batch, "roi_pooling_2d: ROI batch index ", idx,
                      " is out of range for a batch of ", batch);
    }
    return rois;
}

}  // namespace

void RoiPoolingForward(const Array& x_in, const Array& rois_in, double scale, const Array& y, const Array& argmax) {
    const Array x = x_in.as_contiguous(), rois = CheckedRois(rois_in, x_in.shape()[0]);
    const int64_t C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
    const int64_t oh = y.shape()[2], ow = y.shape()[3];
    const double* rp = DevicePtr<const double>(rois);
    int64_t* ap = DevicePtr<int64_t>(argmax);
    CNET_DISPATCH_FLOAT(x.dtype(), T, {
        const T* xp = DevicePtr<const T>(x);
        T* yp = DevicePtr<T>(y);
        ForEachIndex(x.device().index(), y.size(), [=] __device__(int64_t o) {
            const int64_t j = o % ow, i = (o / ow) % oh, c = (o / (ow * oh)) % C, r = o / (ow * oh * C);
            const double* roi = rp + r * 5;
            // Python's int(round(v * scale)): round half to even, as nearbyint does in the default mode.
            const int64_t xmin = static_cast<int64_t>(nearbyint(roi[1] * scale));
            const int64_t ymin = static_cast<int64_t>(nearbyint(roi[2] * scale));
            const int64_t xmax = static_cast<int64_t>(nearbyint(roi[3] * scale));
            const int64_t ymax = static_cast<int64_t>(nearbyint(roi[4] * scale));
            const int64_t w = max(xmax - xmin + 1, int64_t{1}), h = max(ymax - ymin + 1, int64_t{1});
            int64_t h0, h1, w0, w1;
            BinRange(i, static_cast<double>(h) / oh, H, ymin, h0, h1);
            BinRange(j, static_cast<double>(w) / ow, W, xmin, w0, w1);
            yp[o] = T(0);
            ap[o] = -1;
            if (h1 <= h0 || w1 <= w0) return;
            const T* plane = xp + (static_cast<int64_t>(roi[0]) * C + c) * H * W;
            T best = -std::numeric_limits<T>::infinity();
            for (int64_t a = h0; a < h1; ++a)
                for (int64_t b = w0; b < w1; ++b)
                    if (plane[a * W + b] > best) {
                        best = plane[a * W + b];
                        ap[o] = a * W + b;
                    }
            yp[o] = best;
        });
    });
}

void RoiPoolingBackward(const Array& gy_in, const Array& rois_in, const Array& argmax_in, const Array& gx) {
    const Array gy = gy_in.as_contiguous(), argmax = argmax_in.as_contiguous();
    const Array rois = CheckedRois(rois_in, gx.shape()[0]);
    const int64_t C = gx.shape()[1], plane = gx.shape()[2] * gx.shape()[3];
    const int64_t R = gy.shape()[0], bins = gy.shape()[2] * gy.shape()[3];
    const double* rp = DevicePtr<const double>(rois);
    const int64_t* ap = DevicePtr<const int64_t>(argmax);
    CNET_DISPATCH_FLOAT(gx.dtype(), T, {
        const T* gp = DevicePtr<const T>(gy);
        T* xp = DevicePtr<T>(gx);
        ForEachIndex(gx.device().index(), gx.size(), [=] __device__(int64_t e) {
            const int64_t pos = e % plane, c = (e / plane) % C, batch = e / (plane * C);
            T sum = T(0);
            for (int64_t r = 0; r < R; ++r) {
                if (static_cast<int64_t>(rp[r * 5]) != batch) continue;
                for (int64_t k = 0; k < bins; ++k) {
                    const int64_t o = (r * C + c) * bins + k;
                    if (ap[o] == pos) sum += gp[o];
                }
            }
            xp[e] = sum;
        });
    });
}

}  // namespace cuda
}  // namespace cnet
