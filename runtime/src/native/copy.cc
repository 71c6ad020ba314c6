// copy.cc — CPU fill, broadcast strides, and the casting copy behind copy()/astype()/assign().
#include <algorithm>
#include <cmath>
#include <cstring>

#include "cnet/core/array.h"
#include "cnet/core/dtype_dispatch.h"
#include "native/strided_loop.h"

namespace cnet {
namespace native {

Strides BroadcastStrides(const Array& a, const Shape& shape) {
    const int nd = shape.ndim(), offset = nd - a.ndim();
    CNET_CHECK_AS(ShapeError, offset >= 0, "cannot broadcast an array of shape ", a.shape(), " to ", shape);
    Strides s;
    s.resize(nd);
    for (int i = 0; i < nd; ++i) {
        if (i < offset) {
            s[i] = 0;
            continue;
        }
        const int64_t d = a.shape()[i - offset];
        if (d == shape[i]) {
            s[i] = a.strides()[i - offset];
        } else if (d == 1) {
            s[i] = 0;
        } else {
            throw ShapeError("cannot broadcast an array of shape " + a.shape().ToString() + " to " +
                             shape.ToString());
        }
    }
    return s;
}

namespace {

template <typename To, typename From>
void CastRun(char* dst, int64_t dst_step, const char* src, int64_t src_step, int64_t n) {
    if (dst_step == sizeof(To) && src_step == sizeof(From)) {
        To* d = reinterpret_cast<To*>(dst);
        const From* s = reinterpret_cast<const From*>(src);
        if constexpr (std::is_same<To, From>::value) {
            std::memcpy(d, s, n * sizeof(To));
        } else {
            for (int64_t i = 0; i < n; ++i) d[i] = static_cast<To>(s[i]);
        }
        return;
    }
    for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<To*>(dst + i * dst_step) = static_cast<To>(*reinterpret_cast<const From*>(src + i * src_step));
}

}  // namespace
}  // namespace native

void Array::fill(Scalar value) {
    CNET_CHECK_AS(DeviceError, device().is_cpu(), "fill on ", device().ToString(), " is not supported in this build");
    const Strides st[1] = {strides_};
    const bool zero_bits = value.is_float() ? value.to_double() == 0 && !std::signbit(value.to_double())
                                            : value.to_int() == 0;
    CNET_DISPATCH_ALL(dtype_, T, {
        const T v = static_cast<T>(value.is_float() ? value.to_double() : static_cast<double>(value.to_int()));
        if (is_contiguous()) {  // gradients are zeroed this way on every step: one memset/fill_n, not a strided loop
            T* p = static_cast<T*>(raw_data());
            if (zero_bits) std::memset(static_cast<void*>(p), 0, static_cast<size_t>(size()) * sizeof(T));
            else std::fill_n(p, size(), v);
            return;
        }
        native::ForEachRun<1>(shape_, {static_cast<char*>(raw_data())}, {st[0]},
                              {static_cast<int64_t>(sizeof(T))}, [v](std::array<char*, 1> p,
                                                                     const std::array<int64_t, 1>& step, int64_t n) {
                                  for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * step[0]) = v;
                              });
    });
}

void Array::assign(const Array& src) {
    CNET_CHECK_AS(DeviceError, device().is_cpu() && src.device().is_cpu(), "copy between ", src.device().ToString(),
                  " and ", device().ToString(), " is not supported in this build");
    const Strides src_strides = native::BroadcastStrides(src, shape_);
    const int64_t dst_size = static_cast<int64_t>(itemsize()), src_size = static_cast<int64_t>(src.itemsize());
    CNET_DISPATCH_ALL(dtype_, To, {
        CNET_DISPATCH_ALL(src.dtype(), From, {
            native::ForEachRun<2>(shape_, {static_cast<char*>(raw_data()), static_cast<char*>(src.raw_data())},
                                  {strides_, src_strides}, {dst_size, src_size},
                                  [](std::array<char*, 2> p, const std::array<int64_t, 2>& step, int64_t n) {
                                      native::CastRun<To, From>(p[0], step[0], p[1], step[1], n);
                                  });
        });
    });
}

}  // namespace cnet
