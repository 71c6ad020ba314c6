// uniform.cc — uniform initializers; the fan-scaled ones delegate to Uniform with Chainer's bounds.
#include "cnet/initializers/uniform.h"

#include <cmath>

#include "cnet/kernels/random.h"

namespace cnet {
namespace initializers {

void Uniform::operator()(Array& array) const {
    check_dtype(array);
    kernels::RandomFill(array, kernels::Distribution::kSymmetricUniform, scale_, 0);
}

void LeCunUniform::operator()(Array& array) const {
    check_dtype(array);
    const int64_t fan_in = get_fans(array.shape()).first;
    Uniform(scale_ * std::sqrt(3.0 / static_cast<double>(fan_in)))(array);
}

void GlorotUniform::operator()(Array& array) const {
    check_dtype(array);
    const auto fans = get_fans(array.shape());
    Uniform(scale_ * std::sqrt(6.0 / static_cast<double>(fans.first + fans.second)))(array);
}

void HeUniform::operator()(Array& array) const {
    check_dtype(array);
    const int64_t fan_in = get_fans(array.shape()).first;
    Uniform(scale_ * std::sqrt(6.0 / static_cast<double>(fan_in)))(array);
}

}  // namespace initializers
}  // namespace cnet
