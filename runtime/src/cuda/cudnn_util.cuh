// cudnn_util.cuh — what the cuDNN paths share (convolution_cudnn.cu, normalization_cudnn.cu): descriptors owned
// by RAII, chainer.config.use_cudnn, and the alpha/beta scalars in the type cuDNN reads them as.
#pragma once

#include <cudnn.h>

#include <string>
#include <variant>

#include "cnet/core/config.h"
#include "cuda/check.cuh"

namespace cnet {
namespace cuda {

/// Owns one cuDNN descriptor.
template <typename T, cudnnStatus_t (*Create)(T*), cudnnStatus_t (*Destroy)(T)>
class CudnnDescriptor {
public:
    CudnnDescriptor() { CNET_CUDNN_CHECK(Create(&d_)); }
    ~CudnnDescriptor() { Destroy(d_); }
    CudnnDescriptor(const CudnnDescriptor&) = delete;
    CudnnDescriptor& operator=(const CudnnDescriptor&) = delete;
    T get() const { return d_; }

private:
    T d_{};
};
using TensorDescriptor =
    CudnnDescriptor<cudnnTensorDescriptor_t, &cudnnCreateTensorDescriptor, &cudnnDestroyTensorDescriptor>;

/// chainer.config.use_cudnn: 'always' and 'auto' take cuDNN where it applies, 'never' never; another value is
/// Chainer's ValueError.
inline bool UseCudnn() {
    const ConfigValue v = config().Get("use_cudnn");
    const std::string* s = std::get_if<std::string>(&v);
    if (s == nullptr || (*s != "always" && *s != "auto" && *s != "never"))
        throw ValueError("invalid use_cudnn configuration: '" + ConfigValueToString(v) +
                         "' (must be either of \"always\", \"auto\", or \"never\")");
    return *s != "never";
}

/// A scaling factor (alpha, beta) as cuDNN reads it: a double for double data, a float otherwise.
struct CudnnScale {
    explicit CudnnScale(double v) : f(static_cast<float>(v)), d(v) {}
    const void* For(cudnnDataType_t t) const { return t == CUDNN_DATA_DOUBLE ? static_cast<const void*>(&d) : &f; }
    float f;
    double d;
};
inline const CudnnScale kCudnnOne(1.0), kCudnnZero(0.0);

}  // namespace cuda
}  // namespace cnet
