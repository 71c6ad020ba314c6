// conv_pool.cuh — the CUDA convolution and pooling families (signatures of
// kernels/convolution.h and kernels/pooling.h).
#pragma once

#include "cnet/kernels/convolution.h"
#include "cuda/copy.cuh"

namespace cnet {
namespace cuda {

// convolution.cu
void Im2Col(const Array& x, const kernels::ConvParams& p, const Array& col);
void Col2Im(const Array& col, const kernels::ConvParams& p, const Array& x);
void ConvolutionForward(const Array& x, const Array& W, const Array& b, const kernels::ConvParams& p, const Array& y);
void ConvolutionBackwardData(const Array& gy, const Array& W, const kernels::ConvParams& p, const Array& gx);
void ConvolutionBackwardWeights(const Array& x, const Array& gy, const kernels::ConvParams& p, const Array& gW);
/// false: oneDNN is a CPU library.
bool ConvolutionUsesOneDnn(const Array& x);

// pooling.cu
void MaxPoolingForward(const Array& x, const kernels::ConvParams& p, const Array& y, const Array& indexes);
void MaxPoolingBackward(const Array& gy, const Array& indexes, const kernels::ConvParams& p, const Array& gx);
void MaxPoolingGather(const Array& x, const Array& indexes, const kernels::ConvParams& p, const Array& y);
void AveragePoolingForward(const Array& x, const kernels::ConvParams& p, bool exclude_pad, const Array& y);
void AveragePoolingBackward(const Array& gy, const kernels::ConvParams& p, bool exclude_pad, const Array& gx);
void PoolingIndexMask(const Array& indexes, const kernels::ConvParams& p, const Array& mask);

// pooling_roi.cu
void RoiPoolingForward(const Array& x, const Array& rois, double spatial_scale, const Array& y, const Array& argmax);
void RoiPoolingBackward(const Array& gy, const Array& rois, const Array& argmax, const Array& gx);

}  // namespace cuda
}  // namespace cnet
