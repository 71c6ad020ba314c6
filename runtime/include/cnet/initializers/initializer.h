// initializer.h — chainer.Initializer: fills an array in place (the dtype of a new parameter comes from it).
#pragma once

#include <optional>

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

private:
    std::optional<Dtype> dtype_;
};

}  // namespace cnet
