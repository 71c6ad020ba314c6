// pooling.h — device-agnostic N-d pooling kernels over channels-first arrays x (N, C, d1..dk). The window
// geometry is a ConvParams with dilate 1 and groups 1; the output size is y's trailing dims.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/convolution.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// y = max over each window (padding counts as -inf); indexes (int64, y's shape) = the window tap of the
/// first maximum in C order over the taps, as Chainer's argmax over im2col's tap axis.
void MaxPoolingForward(const Array& x, const ConvParams& p, const Array& y, const Array& indexes);
/// gx (overwritten) = gy scattered (added) to the input position of each window's recorded tap.
void MaxPoolingBackward(const Array& gy, const Array& indexes, const ConvParams& p, const Array& gx);
/// y = x read at the input position of each window's recorded tap (0 when it lies in the padding).
void MaxPoolingGather(const Array& x, const Array& indexes, const ConvParams& p, const Array& y);
/// y = the mean of each window: the sum over the taps inside x divided by the window size, or by the
/// number of taps inside x when exclude_pad.
void AveragePoolingForward(const Array& x, const ConvParams& p, bool exclude_pad, const Array& y);
/// gx (overwritten) = the adjoint of AveragePoolingForward applied to gy.
void AveragePoolingBackward(const Array& gy, const ConvParams& p, bool exclude_pad, const Array& gx);
/// mask (N, C, k..., o...) of x's dtype: 1 at the tap `indexes` records for each window, 0 elsewhere.
void PoolingIndexMask(const Array& indexes, const ConvParams& p, const Array& mask);

/// ROI max pooling (Chainer's ROIPooling2D bins): rois (R, 5) rows (batch index, x_min, y_min, x_max, y_max)
/// in input coordinates, scaled by spatial_scale and rounded half to even; y (R, C, outh, outw) = the max
/// over each bin, 0 for an empty bin; argmax (int64, y's shape) = the position h*W + w of that max in the
/// ROI's (H, W) plane, -1 for an empty bin.
void RoiPoolingForward(const Array& x, const Array& rois, double spatial_scale, const Array& y, const Array& argmax);
/// gx (x's shape, overwritten) = gy added at each bin's argmax position of its ROI's batch plane.
void RoiPoolingBackward(const Array& gy, const Array& rois, const Array& argmax, const Array& gx);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct PoolingKernels {
    static constexpr const char* kFamily = "pooling";
    void (*max_forward)(const Array& x, const ConvParams& p, const Array& y, const Array& indexes) = nullptr;
    void (*max_backward)(const Array& gy, const Array& indexes, const ConvParams& p, const Array& gx) = nullptr;
    void (*max_gather)(const Array& x, const Array& indexes, const ConvParams& p, const Array& y) = nullptr;
    void (*average_forward)(const Array& x, const ConvParams& p, bool exclude_pad, const Array& y) = nullptr;
    void (*average_backward)(const Array& gy, const ConvParams& p, bool exclude_pad, const Array& gx) = nullptr;
    void (*index_mask)(const Array& indexes, const ConvParams& p, const Array& mask) = nullptr;
    void (*roi_forward)(const Array& x, const Array& rois, double spatial_scale, const Array& y,
                        const Array& argmax) = nullptr;
    void (*roi_backward)(const Array& gy, const Array& rois, const Array& argmax, const Array& gx) = nullptr;
};

template <>
const PoolingKernels& NativeKernels<PoolingKernels>();

}  // namespace kernels
}  // namespace cnet
