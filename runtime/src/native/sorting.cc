// sorting.cc — CPU sorting: std::stable_sort of each lane's indices, NaN last as in NumPy.
#include "cnet/kernels/sorting.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>
#include <vector>

#include "cnet/core/dtype_dispatch.h"

namespace cnet {
namespace native {
namespace {

template <typename T>
auto Key(T v) {
    if constexpr (std::is_same_v<T, Half>) return static_cast<float>(v);
    else return v;
}

template <typename K>
bool IsNan(K v) {
    if constexpr (std::is_floating_point_v<K>) return std::isnan(v);
    else return false;
}

template <typename T>
void SortLanesTyped(T* values, int64_t* order, int64_t size, int64_t n) {
    std::vector<T> lane(static_cast<size_t>(n));
    for (int64_t start = 0; start < size; start += n) {
        int64_t* idx = order + start;
        std::iota(idx, idx + n, int64_t{0});
        T* v = values + start;
        std::stable_sort(idx, idx + n, [v](int64_t i, int64_t j) {
            const auto a = Key(v[i]), b = Key(v[j]);
            return a < b || (IsNan(b) && !IsNan(a));
        });
        for (int64_t k = 0; k < n; ++k) lane[static_cast<size_t>(k)] = v[idx[k]];
        std::copy(lane.begin(), lane.end(), v);
    }
}

void SortLanes(const Array& values, const Array& order) {
    CNET_CHECK(values.is_contiguous() && order.is_contiguous() && order.dtype() == Dtype::kInt64,
               "internal: SortLanes takes C-contiguous values and int64 order");
    const int64_t n = values.ndim() == 0 ? 1 : values.shape()[values.ndim() - 1];
    if (n == 0 || values.size() == 0) return;
    CNET_DISPATCH_ALL(values.dtype(), T, {
        SortLanesTyped<T>(static_cast<T*>(values.raw_data()), static_cast<int64_t*>(order.raw_data()), values.size(),
                          n);
    });
}

}  // namespace
}  // namespace native

template <>
const kernels::SortingKernels& kernels::NativeKernels<kernels::SortingKernels>() {
    static const SortingKernels table{&native::SortLanes};
    return table;
}

}  // namespace cnet
