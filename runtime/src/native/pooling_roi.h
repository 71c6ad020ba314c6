// pooling_roi.h — the CPU ROI pooling kernels (pooling_roi.cc), entries of native/pooling.cc's table.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace native {

void RoiPoolingForward(const Array& x, const Array& rois, double spatial_scale, const Array& y, const Array& argmax);
void RoiPoolingBackward(const Array& gy, const Array& rois, const Array& argmax, const Array& gx);

}  // namespace native
}  // namespace cnet
