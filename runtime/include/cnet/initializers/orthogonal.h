// orthogonal.h — chainer.initializers.Orthogonal: a random matrix with orthonormal rows, times scale.
#pragma once

#include <optional>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// Orthogonal(scale=1.1, dtype=None): the array, viewed as (shape[0], prod(shape[1:])), gets orthonormal rows
/// (from the QR decomposition of a Gaussian matrix) times scale. A 0-d array is set to scale. ValueError
/// when shape[0] > prod(shape[1:]) or the array is empty.
class Orthogonal : public ScaledInitializer {
public:
    explicit Orthogonal(double scale = 1.1, std::optional<Dtype> dtype = std::nullopt)
        : ScaledInitializer(scale, dtype) {}
    void operator()(Array& array) const override;
};

}  // namespace initializers
}  // namespace cnet
