// int_tuple.h — a `stride=`/`ksize=`/`outsize=` argument: None, one int (repeated for every spatial axis)
// or a tuple of ints, as Chainer's convolution and pooling functions take them.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <tuple>
#include <vector>

#include "cnet/core/shape.h"

namespace cnet {
namespace functions {

class IntTuple {
 public:
    IntTuple() = default;                                                         // None
    IntTuple(int v) : has_value_(true), scalar_(true), values_{v} {}              // NOLINT(runtime/explicit)
    IntTuple(int64_t v) : has_value_(true), scalar_(true), values_{v} {}          // NOLINT(runtime/explicit)
    IntTuple(std::initializer_list<int64_t> v) : has_value_(true), values_(v) {}  // NOLINT(runtime/explicit)
    IntTuple(const Dims& v) : has_value_(true), values_(v) {}                     // NOLINT(runtime/explicit)
    IntTuple(const std::vector<int64_t>& v) : has_value_(true), values_(v) {}     // NOLINT(runtime/explicit)
    template <typename... E>
    IntTuple(const std::tuple<E...>& t) : has_value_(true) {  // NOLINT(runtime/explicit)
        std::apply([this](const auto&... e) { (values_.push_back(static_cast<int64_t>(e)), ...); }, t);
    }

    bool has_value() const { return has_value_; }
    /// Whether it was given as one int (rather than a tuple).
    bool is_scalar() const { return scalar_; }
    /// The ints as given (one entry for an int).
    const Dims& values() const { return values_; }
    /// One entry per spatial axis: an int repeated `ndim` times, or the tuple, which must have `ndim`
    /// entries (ValueError naming `what` otherwise).
    Dims Expand(int ndim, const char* what) const;

 private:
    bool has_value_ = false;
    bool scalar_ = false;
    Dims values_;
};

}  // namespace functions
}  // namespace cnet
