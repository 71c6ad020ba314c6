// uniform.h — chainer.initializers.uniform: U[-s, s] initializers (Uniform, LeCunUniform, GlorotUniform,
// HeUniform).
#pragma once

#include <optional>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// Uniform(scale=0.05, dtype=None): U[-scale, scale), drawn from random::default_generator().
class Uniform : public Initializer {
public:
    explicit Uniform(double scale = 0.05, std::optional<Dtype> dtype = std::nullopt)
        : Initializer(dtype), scale_(scale) {}
    void operator()(Array& array) const override;
    double scale() const { return scale_; }

private:
    double scale_;
};

/// LeCunUniform(scale=1.0, dtype=None): s = scale * sqrt(3 / fan_in).
class LeCunUniform : public Initializer {
public:
    explicit LeCunUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : Initializer(dtype), scale_(scale) {}
    void operator()(Array& array) const override;
    double scale() const { return scale_; }

private:
    double scale_;
};

/// GlorotUniform(scale=1.0, dtype=None): s = scale * sqrt(6 / (fan_in + fan_out)).
class GlorotUniform : public Initializer {
public:
    explicit GlorotUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : Initializer(dtype), scale_(scale) {}
    void operator()(Array& array) const override;
    double scale() const { return scale_; }

private:
    double scale_;
};

/// HeUniform(scale=1.0, dtype=None): s = scale * sqrt(6 / fan_in).
class HeUniform : public Initializer {
public:
    explicit HeUniform(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : Initializer(dtype), scale_(scale) {}
    void operator()(Array& array) const override;
    double scale() const { return scale_; }

private:
    double scale_;
};

}  // namespace initializers
}  // namespace cnet
