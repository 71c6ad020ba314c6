// initializer.h — chainer.Initializer: fills an array in place (the dtype of a new parameter comes from it).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "cnet/core/array.h"

namespace cnet {

class Initializer {
public:
    explicit Initializer(std::optional<Dtype> dtype = std::nullopt) : dtype_(dtype) {}
    virtual ~Initializer() = default;
    /// Fills `array` destructively.
    virtual void operator()(Array& array) const = 0;
    /// The dtype new arrays get (float32 when unset).
    std::optional<Dtype> dtype() const { return dtype_; }

protected:
    /// Chainer's `assert array.dtype == self.dtype` (a DtypeError here) when this initializer has a dtype.
    void check_dtype(const Array& array) const;

private:
    std::optional<Dtype> dtype_;
};

/// The initializers parameterised by a `scale` (Normal, Uniform, their LeCun/Glorot/He variants, Orthogonal,
/// Identity).
class ScaledInitializer : public Initializer {
public:
    double scale() const { return scale_; }

protected:
    ScaledInitializer(double scale, std::optional<Dtype> dtype) : Initializer(dtype), scale_(scale) {}
    double scale_;
};

/// chainer.initializer.get_fans(shape): (fan_in, fan_out) = (shape[1], shape[0]) times prod(shape[2:]).
/// Throws ValueError for shapes of fewer than 2 dimensions.
std::pair<int64_t, int64_t> get_fans(const Shape& shape);

}  // namespace cnet
