// constant.h — chainer.initializers.constant: Constant, Zero, One, NaN and Identity.
#pragma once

#include <optional>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// Constant(fill_value, dtype=None): fills with a scalar, or with an array broadcast to the target shape
/// (an array initializer argument becomes a Constant holding a copy of it).
class Constant : public Initializer {
public:
    explicit Constant(Scalar fill_value, std::optional<Dtype> dtype = std::nullopt);
    explicit Constant(const Array& fill_value, std::optional<Dtype> dtype = std::nullopt);
    void operator()(Array& array) const override;
    /// The array fill value (undefined when the fill value is a scalar).
    const Array& fill_array() const { return fill_array_; }
    Scalar fill_scalar() const { return fill_scalar_; }

private:
    Scalar fill_scalar_;
    Array fill_array_;
};

/// Zero(dtype=None): fills with 0.
class Zero : public Constant {
public:
    explicit Zero(std::optional<Dtype> dtype = std::nullopt) : Constant(Scalar(0.0), dtype) {}
};

/// One(dtype=None): fills with 1.
class One : public Constant {
public:
    explicit One(std::optional<Dtype> dtype = std::nullopt) : Constant(Scalar(1.0), dtype) {}
};

/// NaN(dtype=None): fills with NaN (the default of the deprecated Link.add_param).
class NaN : public Constant {
public:
    explicit NaN(std::optional<Dtype> dtype = std::nullopt);
};

/// Identity(scale=1.0, dtype=None): scale * I for a square 2-D array (ValueError otherwise).
class Identity : public ScaledInitializer {
public:
    explicit Identity(double scale = 1.0, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

}  // namespace initializers
}  // namespace cnet
