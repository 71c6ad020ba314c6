// pooling.cc — the pooling entry points: dispatch to the arrays' backend.
#include "cnet/kernels/pooling.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void MaxPoolingForward(const Array& x, const ConvParams& p, const Array& y, const Array& indexes) {
    DispatchInFloat32<2>(&PoolingKernels::max_forward, "MaxPoolingForward", {&x, &y, &indexes}, x, p, y, indexes);
}

void MaxPoolingBackward(const Array& gy, const Array& indexes, const ConvParams& p, const Array& gx) {
    DispatchInFloat32<3>(&PoolingKernels::max_backward, "MaxPoolingBackward", {&gy, &indexes, &gx}, gy, indexes, p, gx);
}

void MaxPoolingGather(const Array& x, const Array& indexes, const ConvParams& p, const Array& y) {
    DispatchInFloat32<3>(&PoolingKernels::max_gather, "MaxPoolingGather", {&x, &indexes, &y}, x, indexes, p, y);
}

void AveragePoolingForward(const Array& x, const ConvParams& p, bool exclude_pad, const Array& y) {
    DispatchInFloat32<3>(&PoolingKernels::average_forward, "AveragePoolingForward", {&x, &y}, x, p, exclude_pad, y);
}

void AveragePoolingBackward(const Array& gy, const ConvParams& p, bool exclude_pad, const Array& gx) {
    DispatchInFloat32<3>(&PoolingKernels::average_backward, "AveragePoolingBackward", {&gy, &gx}, gy, p, exclude_pad,
                         gx);
}

void PoolingIndexMask(const Array& indexes, const ConvParams& p, const Array& mask) {
    DispatchInFloat32<2>(&PoolingKernels::index_mask, "PoolingIndexMask", {&indexes, &mask}, indexes, p, mask);
}

void RoiPoolingForward(const Array& x, const Array& rois, double spatial_scale, const Array& y, const Array& argmax) {
    DispatchInFloat32<3>(&PoolingKernels::roi_forward, "RoiPoolingForward", {&x, &rois, &y, &argmax}, x, rois,
                         spatial_scale, y, argmax);
}

void RoiPoolingBackward(const Array& gy, const Array& rois, const Array& argmax, const Array& gx) {
    DispatchInFloat32<3>(&PoolingKernels::roi_backward, "RoiPoolingBackward", {&gy, &rois, &argmax, &gx}, gy, rois,
                         argmax, gx);
}

}  // namespace kernels
}  // namespace cnet
