// initializer.cc — Initializer's dtype check and get_fans (Chainer's fan convention).
#include "cnet/initializers/initializer.h"

namespace cnet {

void Initializer::check_dtype(const Array& array) const {
    CNET_CHECK_AS(DtypeError, !dtype_ || *dtype_ == array.dtype(), "initializer of dtype ", DtypeName(*dtype_),
                  " cannot fill an array of dtype ", DtypeName(array.dtype()));
}

std::pair<int64_t, int64_t> get_fans(const Shape& shape) {
    CNET_CHECK_AS(ValueError, shape.ndim() >= 2, "shape must be tuple of length >= 2: shape=", shape);
    int64_t receptive_field_size = 1;
    for (int i = 2; i < shape.ndim(); ++i) receptive_field_size *= shape[i];
    return {shape[1] * receptive_field_size, shape[0] * receptive_field_size};
}

}  // namespace cnet
