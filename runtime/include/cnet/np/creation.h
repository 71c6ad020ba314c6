// creation.h — NumPy array creation: empty/zeros/ones/full(+_like), arange, linspace, eye/identity,
// array/asarray from scalars, nested std::vector and braced lists; and the dtype names np::float32, ...
#pragma once

#include <initializer_list>
#include <limits>
#include <optional>
#include <tuple>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace np {

/// NumPy's dtype objects, so generated code reads `np::zeros({3, 4}, np::float32)`.
inline constexpr Dtype bool_ = Dtype::kBool;
inline constexpr Dtype uint8 = Dtype::kUint8;
inline constexpr Dtype int32 = Dtype::kInt32;
inline constexpr Dtype int64 = Dtype::kInt64;
inline constexpr Dtype float16 = Dtype::kFloat16;
inline constexpr Dtype float32 = Dtype::kFloat32;
inline constexpr Dtype float64 = Dtype::kFloat64;
/// numpy.inf, numpy.nan, numpy.pi, numpy.e (Python floats).
inline constexpr double inf = std::numeric_limits<double>::infinity();
inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();
inline constexpr double pi = 3.141592653589793;
inline constexpr double e = 2.718281828459045;

/// Uninitialized / zero / one-filled arrays. NumPy's default dtype is float64.
Array empty(const Shape& shape, Dtype dtype = Dtype::kFloat64);
Array zeros(const Shape& shape, Dtype dtype = Dtype::kFloat64);
Array ones(const Shape& shape, Dtype dtype = Dtype::kFloat64);
/// numpy.full: without a dtype, the fill value's (int64, float64 or bool).
Array full(const Shape& shape, Scalar fill_value, std::optional<Dtype> dtype = std::nullopt);
/// Same shape (and dtype unless given) as `a`; always C-contiguous and on a's device.
Array empty_like(const Array& a, std::optional<Dtype> dtype = std::nullopt);
Array zeros_like(const Array& a, std::optional<Dtype> dtype = std::nullopt);
Array ones_like(const Array& a, std::optional<Dtype> dtype = std::nullopt);
Array full_like(const Array& a, Scalar fill_value, std::optional<Dtype> dtype = std::nullopt);

/// numpy.arange(stop) / arange(start, stop, step): int64 when every argument is an int, else float64.
/// Element i is start + i * step; the length is ceil((stop - start) / step) (0 when negative).
Array arange(Scalar stop, std::optional<Dtype> dtype = std::nullopt);
Array arange(Scalar start, Scalar stop, Scalar step = 1, std::optional<Dtype> dtype = std::nullopt);
/// numpy.linspace: num evenly spaced values (float64 unless dtype); with endpoint the last one is stop.
Array linspace(double start, double stop, int64_t num = 50, bool endpoint = true,
               std::optional<Dtype> dtype = std::nullopt);
/// numpy.eye(N, M=None, k=0): ones on the k-th diagonal of an N x M matrix.
Array eye(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0, Dtype dtype = Dtype::kFloat64);
/// numpy.identity(n): eye(n).
Array identity(int64_t n, Dtype dtype = Dtype::kFloat64);

/// numpy.copy(a): a new C-contiguous array.
Array copy(const Array& a);
/// numpy.array(a, dtype, copy=True) and numpy.asarray(a, dtype) (no copy when the dtype already matches).
Array array(const Array& a, std::optional<Dtype> dtype = std::nullopt, bool copy = true);
Array asarray(const Array& a, std::optional<Dtype> dtype = std::nullopt);
/// numpy.ascontiguousarray.
Array ascontiguousarray(const Array& a);
/// A 0-d array from a Python number.
Array array(Scalar value, std::optional<Dtype> dtype = std::nullopt);
/// numpy.array([a, b, ...]) of equally shaped arrays: numpy.stack along a new first axis.
Array array(const std::vector<Array>& arrays, std::optional<Dtype> dtype = std::nullopt);
Array array(std::initializer_list<Array> arrays, std::optional<Dtype> dtype = std::nullopt);

namespace internal {

// The innermost element of nested sequences: std::vector, or a type deriving from one (a dataset's Example), and
// braced lists.
template <typename T, typename = void>
struct SequenceOf {
    using element = T;
};
template <typename T>
struct SequenceOf<T, std::enable_if_t<std::is_base_of<std::vector<typename T::value_type>, T>::value>> {
    using element = typename SequenceOf<typename T::value_type>::element;
};
template <typename T>
struct SequenceOf<std::initializer_list<T>, void> {
    using element = typename SequenceOf<T>::element;
};
template <typename T, typename... U>
struct SequenceOf<std::tuple<T, U...>, void> {  // a Python tuple of numbers: NumPy's common type of its items
    using element = std::common_type_t<typename SequenceOf<T>::element, typename SequenceOf<U>::element...>;
};

/// The storage type of a C++ element: Python ints become int64, float stays float32, other floats float64, and
/// the element type of an empty list literal (`np.array([])`, typed list[None]) float64, NumPy's default.
template <typename T>
using StoredType = std::conditional_t<
    std::is_same<T, bool>::value, bool,
    std::conditional_t<std::is_floating_point<T>::value || !std::is_arithmetic<T>::value,
                       std::conditional_t<std::is_same<T, float>::value, float, double>,
                       std::conditional_t<std::is_same<T, uint8_t>::value, uint8_t, int64_t>>>;

void CheckSequenceLength(Shape* shape, int depth, int64_t length);

template <typename S, typename T>
void Collect(const T& value, int, Shape*, std::vector<S>* out) {
    if constexpr (std::is_arithmetic<T>::value) {
        out->push_back(static_cast<S>(value));
    } else {
        throw DtypeError("numpy.array: a list of None cannot be stored in a numeric array (cnet has no object arrays)");
    }
}
template <typename S, typename Seq>
void CollectSequence(const Seq& seq, int depth, Shape* shape, std::vector<S>* out);
template <typename S, typename T>
void Collect(const std::vector<T>& seq, int depth, Shape* shape, std::vector<S>* out) {
    CollectSequence(seq, depth, shape, out);
}
template <typename S, typename T>
void Collect(const std::initializer_list<T>& seq, int depth, Shape* shape, std::vector<S>* out) {
    CollectSequence(seq, depth, shape, out);
}
template <typename S, typename... T>
void Collect(const std::tuple<T...>& seq, int depth, Shape* shape, std::vector<S>* out) {
    CheckSequenceLength(shape, depth, static_cast<int64_t>(sizeof...(T)));
    std::apply([&](const auto&... e) { (Collect<S>(e, depth + 1, shape, out), ...); }, seq);
}
template <typename S, typename Seq>
void CollectSequence(const Seq& seq, int depth, Shape* shape, std::vector<S>* out) {
    CheckSequenceLength(shape, depth, static_cast<int64_t>(seq.size()));
    for (const auto& e : seq) Collect<S>(e, depth + 1, shape, out);
}

/// Arrays nested in sequences, stacked level by level as NumPy does ([[a], [b]] of (784,) arrays: (2, 1, 784);
/// a batch of a dataset's 1-tuple examples, vae's np.asarray(train[indices])).
inline Array StackNested(const Array& a) { return a; }
template <typename Seq>
Array StackNested(const Seq& seq) {
    std::vector<Array> parts;
    for (const auto& e : seq) parts.push_back(StackNested(e));
    return array(parts);
}

/// Nested sequences (rectangular, else ValueError) to a C-contiguous array.
template <typename Seq>
Array FromSequence(const Seq& seq, std::optional<Dtype> dtype) {
    if constexpr (std::is_same<typename SequenceOf<Seq>::element, Array>::value) {
        const Array a = StackNested(seq);
        return dtype ? a.astype(*dtype, false) : a;
    } else {
        using S = StoredType<typename SequenceOf<Seq>::element>;
        std::vector<S> flat;
        Shape shape;
        Collect<S>(seq, 0, &shape, &flat);
        const Array a = Array::FromVector(flat, shape);
        return dtype ? a.astype(*dtype, false) : a;
    }
}

}  // namespace internal

/// numpy.array from (nested) std::vector or braced lists: np::array({{1, 2}, {3, 4}}, np::float32).
/// Without a dtype, C++ ints give int64, double float64, float float32, bool bool.
template <typename T>
Array array(const std::vector<T>& values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
template <typename T>
Array array(std::initializer_list<T> values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
template <typename T>
Array array(std::initializer_list<std::initializer_list<T>> values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
template <typename T>
Array array(std::initializer_list<std::initializer_list<std::initializer_list<T>>> values,
            std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
/// numpy.array of a (nested) tuple of Python numbers: int64, float64 if one is a float, bool if all are bools.
template <typename... T>
Array array(const std::tuple<T...>& values, std::optional<Dtype> dtype = std::nullopt) {
    if constexpr (sizeof...(T) == 0) {
        return array(std::vector<double>{}, dtype);  // np.array(()): float64, NumPy's default
    } else {
        return internal::FromSequence(values, dtype);
    }
}
/// numpy.array of a shape (a tuple of ints): a 1-d int64 array.
inline Array array(const Shape& shape, std::optional<Dtype> dtype = std::nullopt) {
    return array(std::vector<int64_t>(shape.begin(), shape.end()), dtype);
}
template <typename... T>
Array asarray(const std::tuple<T...>& values, std::optional<Dtype> dtype = std::nullopt) {
    return array(values, dtype);
}
inline Array asarray(const Shape& shape, std::optional<Dtype> dtype = std::nullopt) { return array(shape, dtype); }

template <typename T>
Array asarray(const std::vector<T>& values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
template <typename T>
Array asarray(std::initializer_list<T> values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}
template <typename T>
Array asarray(std::initializer_list<std::initializer_list<T>> values, std::optional<Dtype> dtype = std::nullopt) {
    return internal::FromSequence(values, dtype);
}

}  // namespace np
}  // namespace cnet
