// normal.cc — Gaussian initializers; the fan-scaled ones delegate to Normal with Chainer's std formulas.
#include "cnet/initializers/normal.h"

#include <cmath>

#include "cnet/kernels/random.h"

namespace cnet {
namespace initializers {

void Normal::operator()(Array& array) const {
    check_dtype(array);
    kernels::RandomFill(array, kernels::Distribution::kNormal, 0, scale_);
}

void LeCunNormal::operator()(Array& array) const {
    check_dtype(array);
    const int64_t fan_in = get_fans(array.shape()).first;
    Normal(scale_ * std::sqrt(1.0 / static_cast<double>(fan_in)))(array);
}

void GlorotNormal::operator()(Array& array) const {
    check_dtype(array);
    const auto fans = get_fans(array.shape());
    Normal(scale_ * std::sqrt(2.0 / static_cast<double>(fans.first + fans.second)))(array);
}

HeNormal::HeNormal(double scale, std::optional<Dtype> dtype, const std::string& fan_option)
    : ScaledInitializer(scale, dtype), fan_option_(fan_option) {
    CNET_CHECK_AS(ValueError, fan_option == "fan_in" || fan_option == "fan_out", "fan_option should be either ",
                  "'fan_in' or 'fan_out', got '", fan_option, "'");
}

void HeNormal::operator()(Array& array) const {
    check_dtype(array);
    const auto fans = get_fans(array.shape());
    const int64_t fan = fan_option_ == "fan_in" ? fans.first : fans.second;
    Normal(scale_ * std::sqrt(2.0 / static_cast<double>(fan)))(array);
}

}  // namespace initializers
}  // namespace cnet
