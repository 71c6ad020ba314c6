// manipulation.h — NumPy array manipulation: joining (concatenate, stack, h/v/dstack), splitting, axis
// shuffles (squeeze, expand_dims, swapaxes, moveaxis, rollaxis), flip, tile, repeat, ravel, broadcast, pad.
// Functions that can return a view do (as NumPy); joins, tile, repeat and pad copy once.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/axis.h"
#include "cnet/core/small_vector.h"

namespace cnet {

/// A read-only list-of-arrays argument: accepts {a, b}, a std::vector<Array> or an ArrayList. It does not
/// own the arrays (a braced list lives until the end of the call's full expression).
class ArraySpan {
public:
    // The braced list outlives the call it is an argument of (as with std::span).
    ArraySpan(std::initializer_list<Array> a) : data_(First(a)), size_(a.size()) {}  // NOLINT
    ArraySpan(const std::vector<Array>& a) : data_(a.data()), size_(a.size()) {}       // NOLINT
    ArraySpan(const SmallVector<Array, 4>& a) : data_(a.data()), size_(a.size()) {}    // NOLINT
    const Array* begin() const { return data_; }
    const Array* end() const { return data_ + size_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Array& operator[](size_t i) const { return data_[i]; }

private:
    static const Array* First(std::initializer_list<Array> a) { return a.begin(); }
    const Array* data_;
    size_t size_;
};

namespace np {

/// numpy.pad's pad_width, in each of Python's spellings: an int (every side of every axis), a (before, after)
/// pair or a 1-tuple for every axis, or one pair per axis (a tuple or list of pairs). In C++: 2, {1, 2},
/// {{1, 0}, {2, 1}}. Holds one pair per axis, or a single pair used for every axis.
class PadWidth {
public:
    using Pair = std::pair<int64_t, int64_t>;
    PadWidth(int64_t width) : pairs_{{width, width}} {}  // NOLINT: F.pad(x, 1)
    PadWidth(std::initializer_list<int64_t> widths);     // NOLINT: (before, after) or (width,)
    PadWidth(std::initializer_list<std::tuple<int64_t, int64_t>> pairs) {  // NOLINT: ((0, 0), (1, 1))
        for (const auto& [before, after] : pairs) pairs_.emplace_back(before, after);
    }
    template <typename A, typename B,
              std::enable_if_t<std::is_integral<A>::value && std::is_integral<B>::value, int> = 0>
    PadWidth(const std::tuple<A, B>& pair) : pairs_{{std::get<0>(pair), std::get<1>(pair)}} {}  // NOLINT
    template <typename A, std::enable_if_t<std::is_integral<A>::value, int> = 0>
    PadWidth(const std::tuple<A>& width) : PadWidth(static_cast<int64_t>(std::get<0>(width))) {}  // NOLINT
    template <typename... As, typename... Bs>
    PadWidth(const std::tuple<std::tuple<As, Bs>...>& pairs) {  // NOLINT: a tuple of pairs kept in a variable
        std::apply([this](const auto&... p) { (pairs_.emplace_back(std::get<0>(p), std::get<1>(p)), ...); }, pairs);
    }
    template <typename A, typename B>
    PadWidth(const std::vector<std::tuple<A, B>>& pairs) {  // NOLINT: a list of pairs
        for (const auto& [before, after] : pairs) pairs_.emplace_back(before, after);
    }

    size_t size() const { return pairs_.size(); }
    const Pair& operator[](size_t i) const { return pairs_[i]; }
    std::vector<Pair>::const_iterator begin() const { return pairs_.begin(); }
    std::vector<Pair>::const_iterator end() const { return pairs_.end(); }

private:
    std::vector<Pair> pairs_;
};

// ---- joining (the result dtype is the promotion of the inputs' dtypes)
Array concatenate(ArraySpan arrays, int axis = 0);
/// Joins along a new axis (-ndim-1 <= axis <= ndim); every input must have the same shape.
Array stack(ArraySpan arrays, int axis = 0);
/// Along axis 1 (axis 0 for 1-D inputs; 0-d inputs become 1-D).
Array hstack(ArraySpan arrays);
/// Along axis 0 after atleast_2d ((N,) -> (1, N)).
Array vstack(ArraySpan arrays);
/// Along axis 2 after atleast_3d ((N,) -> (1, N, 1), (M, N) -> (M, N, 1)).
Array dstack(ArraySpan arrays);
Array atleast_1d(const Array& a);
Array atleast_2d(const Array& a);
Array atleast_3d(const Array& a);

// ---- splitting (pieces are views)
/// numpy.split: `sections` must divide the axis (ValueError otherwise); `indices` are split points.
std::vector<Array> split(const Array& a, int64_t sections, int axis = 0);
std::vector<Array> split(const Array& a, const std::vector<int64_t>& indices, int axis = 0);
/// numpy.array_split: like split, but unequal sections are allowed (the first ones get one more).
std::vector<Array> array_split(const Array& a, int64_t sections, int axis = 0);
std::vector<Array> array_split(const Array& a, const std::vector<int64_t>& indices, int axis = 0);
/// Either, given a NumPy integer value: a 0-d array is the number of sections, a 1-d one the split points
/// (seq2seq's `xp.split(concat, np.cumsum(lengths[:-1]))`).
std::vector<Array> split(const Array& a, const Array& indices_or_sections, int axis = 0);
std::vector<Array> array_split(const Array& a, const Array& indices_or_sections, int axis = 0);

// ---- shape and axis changes (views)
Array reshape(const Array& a, const Shape& newshape);
Array transpose(const Array& a, const OptionalAxis& axes = {});
/// Removes size-1 axes (all of them, or the given ones: ValueError when one is not of size 1).
Array squeeze(const Array& a, const OptionalAxis& axis = {});
Array expand_dims(const Array& a, int axis);
Array swapaxes(const Array& a, int axis1, int axis2);
Array moveaxis(const Array& a, int source, int destination);
Array rollaxis(const Array& a, int axis, int start = 0);
/// Reverses the order of elements along the given axes (all axes by default).
Array flip(const Array& a, const OptionalAxis& axis = {});
Array fliplr(const Array& a);
Array flipud(const Array& a);
/// A 1-D view when a is contiguous, else a copy.
Array ravel(const Array& a);
/// Always a copy (ndarray.flatten).
Array flatten(const Array& a);
Array broadcast_to(const Array& a, const Shape& shape);
std::vector<Array> broadcast_arrays(ArraySpan arrays);

// ---- repetition and padding (copies)
/// numpy.tile: reps and a.shape are padded with leading ones to the same length.
Array tile(const Array& a, const Dims& reps);
Array tile(const Array& a, int64_t reps);
/// numpy.repeat: axis None repeats the flattened array; `repeats` per element must match the axis length.
Array repeat(const Array& a, int64_t repeats, std::optional<int> axis = std::nullopt);
Array repeat(const Array& a, const std::vector<int64_t>& repeats, std::optional<int> axis = std::nullopt);
/// numpy.pad with mode 'constant' (the only mode supported; others raise ValueError).
Array pad(const Array& a, const PadWidth& pad_width, const std::string& mode = "constant",
          Scalar constant_values = 0);

namespace internal {
/// The view a[..., start:start+length, ...] along `axis`.
Array AxisSlice(const Array& a, int axis, int64_t start, int64_t length);
}  // namespace internal

}  // namespace np
}  // namespace cnet
