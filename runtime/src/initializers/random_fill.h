// random_fill.h — private helper of the random initializers: fill an array from the default generator.
#pragma once

#include <functional>

#include "cnet/core/array.h"
#include "cnet/core/random.h"

namespace cnet {
namespace initializers {
namespace internal {

/// Fills `array` in C order with values drawn one by one from random::default_generator() (holding its
/// mutex for the whole fill, so CNET_SEED makes the values reproducible).
void FillRandom(Array& array, const std::function<double(random::Generator&)>& draw);

}  // namespace internal
}  // namespace initializers
}  // namespace cnet
