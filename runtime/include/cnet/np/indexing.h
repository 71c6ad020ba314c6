// indexing.h — NumPy indexing: the index types (int, Slice, NewAxis, Ellipsis, integer and boolean arrays),
// getitem (views for basic indexing, copies for advanced), setitem, take, nonzero.
//
// Note [Index syntax in C++]
// Python's subscript maps to Array::operator[] / Variable::operator[] (which calls F.get_item):
//
//   x[i]              x[i]
//   x[:, 0]           x[{Slice(), 0}]
//   x[1:]             x[Slice(1, {})]                  Slice(start, stop, step) is the colon syntax
//   x[:3], x[::-1]    x[Slice({}, 3)], x[Slice({}, {}, -1)]   (an empty {} is Python's omitted bound)
//   x[..., None]      x[{Ellipsis, NewAxis}]
//   x[idx], x[mask]   x[idx], x[mask]                  integer / bool Arrays (or std::vector<int64_t>)
//   x[mask] = 0       x.setitem(mask, 0)               also x.setitem({Slice(), 0}, y)
//
// operator[] returns a `const Array` so that `x[0] = y` (which would rebind a temporary handle and change
// nothing) does not compile: assignment through an index is always setitem. Basic indexing (ints, slices,
// NewAxis, Ellipsis) returns a view sharing x's memory; any array index makes it advanced indexing, which
// returns a new array laid out as NumPy does (advanced dimensions first unless they are adjacent).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/small_vector.h"

namespace cnet {

/// `start:stop:step`; an omitted bound is std::nullopt (write `{}`). Slice() is `:`.
class Slice {
public:
    Slice() = default;
    Slice(std::optional<int64_t> start, std::optional<int64_t> stop, std::optional<int64_t> step = std::nullopt)
        : start_(start), stop_(stop), step_(step) {}

    std::optional<int64_t> start() const { return start_; }
    std::optional<int64_t> stop() const { return stop_; }
    std::optional<int64_t> step() const { return step_; }

    /// Python's slice.indices(length) plus the element count: a step of 0 raises ValueError.
    struct Bounds {
        int64_t start, step, count;
    };
    Bounds Resolve(int64_t length) const;

private:
    std::optional<int64_t> start_, stop_, step_;
};

/// numpy.newaxis (Python's None inside a subscript).
struct NewAxisType {};
inline constexpr NewAxisType NewAxis{};
/// Python's `...`.
struct EllipsisType {};
inline constexpr EllipsisType Ellipsis{};

/// One item of a subscript.
class Index {
public:
    enum class Kind { kInt, kSlice, kNewAxis, kEllipsis, kArray };

    template <typename T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
    Index(T i) : kind_(Kind::kInt), int_(static_cast<int64_t>(i)) {}  // NOLINT(runtime/explicit)
    Index(bool) = delete;  // x[True] is not supported; pass an Array mask
    Index(const Slice& s) : kind_(Kind::kSlice), slice_(s) {}            // NOLINT(runtime/explicit)
    Index(NewAxisType) : kind_(Kind::kNewAxis) {}                        // NOLINT(runtime/explicit)
    Index(EllipsisType) : kind_(Kind::kEllipsis) {}                      // NOLINT(runtime/explicit)
    /// An integer array (advanced indexing) or a bool mask.
    Index(const Array& a);                                               // NOLINT(runtime/explicit)
    Index(const Variable& v);                                            // NOLINT(runtime/explicit)
    Index(const std::vector<int64_t>& indices);                          // NOLINT(runtime/explicit)

    Kind kind() const { return kind_; }
    bool is_array() const { return kind_ == Kind::kArray; }
    int64_t int_value() const { return int_; }
    const Slice& slice() const { return slice_; }
    const Array& array() const { return array_; }

private:
    Kind kind_;
    int64_t int_ = 0;
    Slice slice_;
    Array array_;
};

/// A whole subscript (Python's tuple of indices).
using Indices = SmallVector<Index, 4>;

namespace np {

/// x[indices]: a view for basic indexing, a new array when an index is an array.
Array getitem(const Array& x, const Indices& indices);
/// A .cnet program's x[i] or x[i, j] with integer indices: NumPy returns the element as a scalar, a copy, when
/// the integers index every axis (`v = a[0]; a[0] = 5` leaves v as it was), and a view otherwise. The C++
/// operator[] stays a view always, for the runtime's own writes through it.
inline Array scalar_or_view(const Array& indexed) { return indexed.ndim() == 0 ? indexed.copy() : indexed; }
/// x[indices] = value: value is cast to x's dtype and broadcast to the indexed shape. With repeated integer
/// indices the last write wins.
void setitem(const Array& x, const Indices& indices, const Array& value);
void setitem(const Array& x, const Indices& indices, Scalar value);
/// numpy.add.at(x, indices, value): unbuffered, so repeated indices accumulate.
void add_at(const Array& x, const Indices& indices, const Array& value);
/// Whether the subscript uses only ints, slices, NewAxis and Ellipsis (getitem returns a view).
bool IsBasicIndex(const Indices& indices);

/// numpy.take(a, indices, axis=None): axis None indexes the flattened array.
Array take(const Array& a, const Array& indices, std::optional<int> axis = std::nullopt);
/// numpy.nonzero: one int64 index array per dimension.
std::vector<Array> nonzero(const Array& a);
/// numpy.where(condition) with one argument: nonzero(condition). (The three-argument where is in math.h.)
std::vector<Array> where(const Array& condition);
/// numpy.argwhere: (N, ndim) int64 coordinates of the nonzero elements.
Array argwhere(const Array& a);
/// numpy.flatnonzero: flat indices of the nonzero elements.
Array flatnonzero(const Array& a);

}  // namespace np
}  // namespace cnet
