// creation.cc — NumPy array creation routines.
#include "cnet/np/creation.h"

#include <cmath>

#include "cnet/np/indexing.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace np {

namespace internal {
void CheckSequenceLength(Shape* shape, int depth, int64_t length) {
    if (shape->ndim() == depth) {
        shape->push_back(length);
        return;
    }
    CNET_CHECK_AS(ValueError, (*shape)[depth] == length,
                  "setting an array element with a sequence. The requested array has an inhomogeneous shape after ",
                  depth, " dimensions");
}
}  // namespace internal

Array empty(const Shape& shape, Dtype dtype) { return Array::Empty(shape, dtype); }
Array zeros(const Shape& shape, Dtype dtype) { return Array::Zeros(shape, dtype); }
Array ones(const Shape& shape, Dtype dtype) { return Array::Ones(shape, dtype); }
Array full(const Shape& shape, Scalar fill_value, std::optional<Dtype> dtype) {
    return Array::Full(shape, fill_value, dtype.value_or(fill_value.natural_dtype()));
}

Array empty_like(const Array& a, std::optional<Dtype> dtype) {
    return Array::Empty(a.shape(), dtype.value_or(a.dtype()), a.device());
}
Array zeros_like(const Array& a, std::optional<Dtype> dtype) {
    return Array::Zeros(a.shape(), dtype.value_or(a.dtype()), a.device());
}
Array ones_like(const Array& a, std::optional<Dtype> dtype) {
    return Array::Ones(a.shape(), dtype.value_or(a.dtype()), a.device());
}
Array full_like(const Array& a, Scalar fill_value, std::optional<Dtype> dtype) {
    return Array::Full(a.shape(), fill_value, dtype.value_or(a.dtype()), a.device());
}

Array arange(Scalar stop, std::optional<Dtype> dtype) { return arange(Scalar(0), stop, Scalar(1), dtype); }

Array arange(Scalar start, Scalar stop, Scalar step, std::optional<Dtype> dtype) {
    const bool is_float = start.is_float() || stop.is_float() || step.is_float();
    const Dtype out_dtype = dtype.value_or(is_float ? Dtype::kFloat64 : Dtype::kInt64);
    CNET_CHECK_AS(ValueError, step.to_double() != 0.0, "arange: step must not be zero");
    if (!is_float) {
        const int64_t a = start.to_int(), b = stop.to_int(), s = step.to_int();
        const int64_t n = s > 0 ? (b > a ? (b - a + s - 1) / s : 0) : (a > b ? (a - b - s - 1) / -s : 0);
        std::vector<int64_t> v(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) v[i] = a + i * s;
        return Array::FromVector(v).astype(out_dtype, false);
    }
    const double a = start.to_double(), s = step.to_double();
    const double len = std::ceil((stop.to_double() - a) / s);
    const int64_t n = len > 0 ? static_cast<int64_t>(len) : 0;
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[i] = a + static_cast<double>(i) * s;
    return Array::FromVector(v).astype(out_dtype, false);
}

Array linspace(double start, double stop, int64_t num, bool endpoint, std::optional<Dtype> dtype) {
    CNET_CHECK_AS(ValueError, num >= 0, "Number of samples, ", num, ", must be non-negative.");
    const int64_t div = endpoint ? num - 1 : num;
    const double step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
    std::vector<double> v(static_cast<size_t>(num));
    for (int64_t i = 0; i < num; ++i) v[i] = start + static_cast<double>(i) * step;
    if (endpoint && num > 1) v[num - 1] = stop;
    return Array::FromVector(v).astype(dtype.value_or(Dtype::kFloat64), false);
}

Array eye(int64_t N, std::optional<int64_t> M, int64_t k, Dtype dtype) {
    const int64_t cols = M.value_or(N);
    Array out = Array::Zeros(Shape{N, cols}, dtype);
    for (int64_t i = std::max<int64_t>(0, -k); i < N && i + k < cols; ++i) out.setitem({i, i + k}, 1);
    return out;
}

Array identity(int64_t n, Dtype dtype) { return eye(n, std::nullopt, 0, dtype); }

Array copy(const Array& a) { return a.copy(); }

Array array(const Array& a, std::optional<Dtype> dtype, bool copy) {
    return a.astype(dtype.value_or(a.dtype()), copy);
}

Array asarray(const Array& a, std::optional<Dtype> dtype) { return a.astype(dtype.value_or(a.dtype()), false); }

Array ascontiguousarray(const Array& a) { return a.as_contiguous(); }

Array array(Scalar value, std::optional<Dtype> dtype) {
    return Array::FromScalar(value, dtype.value_or(value.natural_dtype()));
}

Array array(const std::vector<Array>& arrays, std::optional<Dtype> dtype) {
    const Array a = stack(arrays, 0);
    return dtype ? a.astype(*dtype, false) : a;
}

Array array(std::initializer_list<Array> arrays, std::optional<Dtype> dtype) {
    return array(std::vector<Array>(arrays), dtype);
}

}  // namespace np
}  // namespace cnet
