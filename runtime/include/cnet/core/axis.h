// axis.h — an `axis=` argument: None, one int, or a tuple of ints (NumPy/Chainer reductions).
#pragma once

#include <cstdint>
#include <initializer_list>

#include "cnet/core/shape.h"

namespace cnet {

class OptionalAxis {
public:
    OptionalAxis() = default;  // None: every axis
    OptionalAxis(int axis) : has_value_(true), axes_{axis} {}                       // NOLINT(runtime/explicit)
    OptionalAxis(int64_t axis) : has_value_(true), axes_{axis} {}                   // NOLINT(runtime/explicit)
    OptionalAxis(const Dims& axes) : has_value_(true), axes_(axes) {}               // NOLINT(runtime/explicit)
    OptionalAxis(std::initializer_list<int64_t> axes) : has_value_(true), axes_(axes) {}  // NOLINT(runtime/explicit)

    bool has_value() const { return has_value_; }
    const Dims& axes() const { return axes_; }
    /// Sorted, de-duplicated, non-negative axes for an ndim-d array (all axes when None).
    /// Throws IndexError for out-of-range and ValueError for repeated axes.
    Dims Normalize(int ndim) const;

private:
    bool has_value_ = false;
    Dims axes_;
};

}  // namespace cnet
