// uniform.h — chainer.initializers.uniform: U[-s, s] initializers (Uniform, LeCunUniform, GlorotUniform,
// HeUniform).
#pragma once

#include <optional>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// Uniform(scale=0.05, dtype=None): U[-scale, scale), drawn from random::default_generator().
class Uniform : public ScaledInitializer {
public:
    explicit Uniform(double scale = 0.05, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// LeCunUniform(scale=1.0, dtype=None): s = scale * sqrt(3 / fan_in).
class LeCunUniform : public ScaledInitializer {
public:
    explicit LeCunUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// GlorotUniform(scale=1.0, dtype=None): s = scale * sqrt(6 / (fan_in + fan_out)).
class GlorotUniform : public ScaledInitializer {
public:
    explicit GlorotUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

/// HeUniform(scale=1.0, dtype=None): s = scale * sqrt(6 / fan_in).
class HeUniform : public ScaledInitializer {
public:
    explicit HeUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

}  // namespace initializers
}  // namespace cnet
