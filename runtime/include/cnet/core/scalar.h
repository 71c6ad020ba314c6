// scalar.h — a Python number (bool, int or float) passed to array routines.
#pragma once

#include <cstdint>
#include <ostream>
#include <type_traits>

#include "cnet/core/dtype.h"

namespace cnet {

class Scalar {
public:
    enum class Kind : uint8_t { kBool, kInt, kFloat };

    Scalar() : kind_(Kind::kInt), i_(0) {}
    Scalar(bool v) : kind_(Kind::kBool), i_(v) {}  // NOLINT(runtime/explicit)
    template <typename T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
    Scalar(T v) : kind_(Kind::kInt), i_(static_cast<int64_t>(v)) {}  // NOLINT(runtime/explicit)
    template <typename T, std::enable_if_t<std::is_floating_point<T>::value, int> = 0>
    Scalar(T v) : kind_(Kind::kFloat), f_(static_cast<double>(v)) {}  // NOLINT(runtime/explicit)

    Kind kind() const { return kind_; }
    bool is_float() const { return kind_ == Kind::kFloat; }
    bool is_int() const { return kind_ == Kind::kInt; }
    bool is_bool() const { return kind_ == Kind::kBool; }
    double to_double() const { return kind_ == Kind::kFloat ? f_ : static_cast<double>(i_); }
    int64_t to_int() const { return kind_ == Kind::kFloat ? static_cast<int64_t>(f_) : i_; }
    template <typename T>
    T to() const {
        return kind_ == Kind::kFloat ? static_cast<T>(f_) : static_cast<T>(i_);
    }
    /// The dtype NumPy gives a 0-d array made from this scalar.
    Dtype natural_dtype() const {
        return kind_ == Kind::kFloat ? Dtype::kFloat64 : kind_ == Kind::kInt ? Dtype::kInt64 : Dtype::kBool;
    }
    Scalar operator-() const { return is_float() ? Scalar(-f_) : Scalar(-i_); }

private:
    Kind kind_;
    union {
        int64_t i_;
        double f_;
    };
};

std::ostream& operator<<(std::ostream& os, const Scalar& s);

}  // namespace cnet
