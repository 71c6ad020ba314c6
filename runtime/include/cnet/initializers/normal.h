// normal.h — chainer.initializers.normal: Gaussian initializers (Normal, LeCunNormal, GlorotNormal, HeNormal).
#pragma once

#include <optional>
#include <string>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// Normal(scale=0.05, dtype=None): N(0, scale^2), drawn from random::default_generator().
class Normal : public ScaledInitializer {
public:
    explicit Normal(double scale = 0.05, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// LeCunNormal(scale=1.0, dtype=None): N(0, (scale * sqrt(1 / fan_in))^2). The default initializer of links.
class LeCunNormal : public ScaledInitializer {
public:
    explicit LeCunNormal(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// GlorotNormal(scale=1.0, dtype=None): N(0, (scale * sqrt(2 / (fan_in + fan_out)))^2).
class GlorotNormal : public ScaledInitializer {
public:
    explicit GlorotNormal(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// HeNormal(scale=1.0, dtype=None, fan_option='fan_in'): N(0, (scale * sqrt(2 / fan))^2), where fan is
/// fan_in or fan_out (ValueError for any other option).
class HeNormal : public ScaledInitializer {
public:
    explicit HeNormal(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt,
                      const std::string& fan_option = "fan_in");
    void operator()(Array& array) const override;
    const std::string& fan_option() const { return fan_option_; }

private:
    std::string fan_option_;
};

}  // namespace initializers
}  // namespace cnet
