// generate_array.h — chainer.initializers.generate_array: a new array filled by an initializer.
#pragma once

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// generate_array(initializer, shape, xp): a new array of `shape` on `device`, of the initializer's dtype
/// (float32 when it has none), filled by the initializer.
Array generate_array(const Initializer& initializer, const Shape& shape, Device device = Device::Cpu());

}  // namespace initializers
}  // namespace cnet
