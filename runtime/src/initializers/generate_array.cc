// generate_array.cc — a new array filled by an initializer.
#include "cnet/initializers/generate_array.h"

namespace cnet {
namespace initializers {

Array generate_array(const Initializer& initializer, const Shape& shape, Device device) {
    Array array = Array::Empty(shape, initializer.dtype().value_or(Dtype::kFloat32), device);
    initializer(array);
    return array;
}

}  // namespace initializers
}  // namespace cnet
