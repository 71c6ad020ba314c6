// copy.cc — CPU fill and the casting, broadcasting copy behind Array::fill/assign/copy/astype.
#include "cnet/kernels/copy.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "cnet/core/dtype_dispatch.h"
#include "native/strided_loop.h"

namespace cnet {
namespace native {
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

void Fill(const Array& out, Scalar value) {
    const bool zero_bits = value.is_float() ? value.to_double() == 0 && !std::signbit(value.to_double())
                                            : value.to_int() == 0;
    CNET_DISPATCH_ALL(out.dtype(), T, {
        // An integer goes to an integer dtype without a trip through double, which rounds INT64_MAX out of range.
        const double as_double = value.is_float() ? value.to_double() : static_cast<double>(value.to_int());
        T v = static_cast<T>(as_double);
        if constexpr (std::is_integral<T>::value)
            if (!value.is_float()) v = static_cast<T>(value.to_int());
        if (out.is_contiguous()) {  // gradients are zeroed this way on every step: one memset/fill_n, not a strided loop
            T* p = static_cast<T*>(out.raw_data());
            if (zero_bits) std::memset(static_cast<void*>(p), 0, static_cast<size_t>(out.size()) * sizeof(T));
            else std::fill_n(p, out.size(), v);
            return;
        }
        ForEachRun<1>(out.shape(), {static_cast<char*>(out.raw_data())}, {out.strides()},
                      {static_cast<int64_t>(sizeof(T))},
                      [v](std::array<char*, 1> p, const std::array<int64_t, 1>& step, int64_t n) {
                          for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * step[0]) = v;
                      });
    });
}

// src repeated along dst's leading axes, both contiguous and of one dtype (a bias broadcast over a batch, or a
// plain copy): memcpy of src's bytes once per repetition rather than the strided loop's per-element runs.
bool CopyRepeatedBlock(const Array& src, const Array& dst) {
    if (src.dtype() != dst.dtype() || !src.is_contiguous() || !dst.is_contiguous() || src.size() == 0) return false;
    int first = 0;  // src's leading size-1 axes broadcast like missing ones
    while (first < src.ndim() && src.shape()[first] == 1) ++first;
    const int k = src.ndim() - first;
    if (k > dst.ndim()) return false;
    for (int i = 0; i < k; ++i)
        if (src.shape()[first + i] != dst.shape()[dst.ndim() - k + i]) return false;
    const size_t block = static_cast<size_t>(src.size()) * src.itemsize();
    const int64_t reps = dst.size() / src.size();
    char* out = static_cast<char*>(dst.raw_data());
    const char* in = static_cast<const char*>(src.raw_data());
    for (int64_t r = 0; r < reps; ++r) std::memmove(out + r * block, in, block);  // memmove: a view may overlap
    return true;
}

void Copy(const Array& src, const Array& dst) {
    if (CopyRepeatedBlock(src, dst)) return;
    const Strides src_strides = BroadcastStrides(src, dst.shape());
    const int64_t dst_size = static_cast<int64_t>(dst.itemsize()), src_size = static_cast<int64_t>(src.itemsize());
    CNET_DISPATCH_ALL(dst.dtype(), To, {
        CNET_DISPATCH_ALL(src.dtype(), From, {
            ForEachRun<2>(dst.shape(), {static_cast<char*>(dst.raw_data()), static_cast<char*>(src.raw_data())},
                          {dst.strides(), src_strides}, {dst_size, src_size},
                          [](std::array<char*, 2> p, const std::array<int64_t, 2>& step, int64_t n) {
                              CastRun<To, From>(p[0], step[0], p[1], step[1], n);
                          });
        });
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::CopyKernels& kernels::NativeKernels<kernels::CopyKernels>() {
    static const CopyKernels table{&native::Fill, &native::Copy};
    return table;
}

}  // namespace cnet
