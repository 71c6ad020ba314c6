// constant.cc — the deterministic initializers: Constant (scalar or broadcast array), NaN and Identity.
#include "cnet/initializers/constant.h"

#include <limits>

namespace cnet {
namespace initializers {

Constant::Constant(Scalar fill_value, std::optional<Dtype> dtype) : Initializer(dtype), fill_scalar_(fill_value) {}

Constant::Constant(const Array& fill_value, std::optional<Dtype> dtype)
    : Initializer(dtype), fill_array_(fill_value.copy()) {}

void Constant::operator()(Array& array) const {
    check_dtype(array);
    if (fill_array_.defined()) {
        array.assign(fill_array_.to_device(array.device()));  // broadcast, like array[...] = fill_value
    } else {
        array.fill(fill_scalar_);
    }
}

NaN::NaN(std::optional<Dtype> dtype) : Constant(Scalar(std::numeric_limits<double>::quiet_NaN()), dtype) {}

void Identity::operator()(Array& array) const {
    check_dtype(array);
    CNET_CHECK_AS(ValueError, array.ndim() == 2 && array.shape()[0] == array.shape()[1],
                  "Identity matrix initialization can only be used for 2D squared matrices.");
    array.fill(Scalar(0.0));
    const int64_t n = array.shape()[0];
    // The diagonal is a strided view: stride rows + cols.
    Array diagonal = array.as_strided(Shape{n}, Strides{array.strides()[0] + array.strides()[1]}, array.offset());
    diagonal.fill(Scalar(scale_));
}

}  // namespace initializers
}  // namespace cnet
