// array_inl.h — template members of Array.
#pragma once

#include <cstring>

#include "cnet/core/dtype_dispatch.h"

namespace cnet {

template <typename E>
Array Array::FromVector(const std::vector<E>& values, const Shape& shape) {
    CNET_CHECK_AS(ShapeError, static_cast<int64_t>(values.size()) == shape.prod(), "cannot make an array of shape ",
                  shape, " from ", values.size(), " values");
    Array out = Empty(shape, DtypeOf<E>::value);
    if (!values.empty()) std::memcpy(out.raw_data(), values.data(), values.size() * sizeof(E));
    return out;
}

template <>
inline Array Array::FromVector<bool>(const std::vector<bool>& values, const Shape& shape) {
    CNET_CHECK_AS(ShapeError, static_cast<int64_t>(values.size()) == shape.prod(), "cannot make an array of shape ",
                  shape, " from ", values.size(), " values");
    Array out = Empty(shape, Dtype::kBool);
    bool* p = out.data<bool>();
    for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
    return out;
}

template <typename E>
E Array::item() const {
    CNET_CHECK_AS(ValueError, size() == 1, "only arrays of size 1 can be converted to a scalar, got shape ", shape_);
    Array c = device().is_cpu() ? *this : to_device(Device::Cpu());
    E result{};
    CNET_DISPATCH_ALL(dtype_, U, { result = static_cast<E>(*static_cast<const U*>(c.raw_data())); });
    return result;
}

template <typename E>
std::vector<E> Array::to_vector() const {
    Array c = astype(DtypeOf<E>::value, false).to_device(Device::Cpu()).as_contiguous();
    const E* p = static_cast<const E*>(c.raw_data());
    return std::vector<E>(p, p + c.size());
}

}  // namespace cnet
