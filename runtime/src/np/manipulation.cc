// manipulation.cc — NumPy joining, splitting and axis-reordering routines.
#include "cnet/np/manipulation.h"

#include <algorithm>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace np {

namespace internal {
Array AxisSlice(const Array& a, int axis, int64_t start, int64_t length) {
    Shape shape = a.shape();
    shape[axis] = length;
    return a.as_strided(shape, a.strides(), a.offset() + start * a.strides()[axis]);
}
}  // namespace internal

namespace {

void CheckJoinable(ArraySpan arrays, int axis) {
    const Array& first = arrays[0];
    for (size_t i = 1; i < arrays.size(); ++i) {
        const Array& a = arrays[i];
        CNET_CHECK_AS(ValueError, a.ndim() == first.ndim(), "all the input arrays must have same number of "
                      "dimensions, but the array at index 0 has ", first.ndim(), " dimension(s) and the array at index ",
                      i, " has ", a.ndim(), " dimension(s)");
        for (int d = 0; d < a.ndim(); ++d) {
            CNET_CHECK_AS(ValueError, d == axis || a.shape()[d] == first.shape()[d],
                          "all the input array dimensions except for the concatenation axis must match exactly, but "
                          "along dimension ", d, ", the array at index 0 has size ", first.shape()[d],
                          " and the array at index ", i, " has size ", a.shape()[d]);
        }
    }
}

std::vector<int64_t> SectionPoints(int64_t length, int64_t sections) {
    CNET_CHECK_AS(ValueError, sections > 0, "number sections must be larger than 0.");
    const int64_t each = length / sections, extras = length % sections;
    std::vector<int64_t> points;
    int64_t pos = 0;
    for (int64_t i = 0; i + 1 < sections; ++i) {
        pos += each + (i < extras ? 1 : 0);
        points.push_back(pos);
    }
    return points;
}

std::vector<Array> SplitAt(const Array& a, const std::vector<int64_t>& indices, int axis_in) {
    CNET_CHECK_AS(ValueError, a.ndim() > 0, "array split does not work on 0-d arrays");
    const int axis = NormalizeAxis(axis_in, a.ndim());
    const int64_t n = a.shape()[axis];
    std::vector<Array> pieces;
    for (size_t i = 0; i <= indices.size(); ++i) {  // piece i is a[points[i-1]:points[i]] (Python slicing)
        const int64_t start = i == 0 ? 0 : indices[i - 1];
        const int64_t stop = i < indices.size() ? indices[i] : n;
        const Slice::Bounds b = Slice(start, stop).Resolve(n);
        pieces.push_back(internal::AxisSlice(a, axis, b.start, b.count));
    }
    return pieces;
}

Dims Identity(int ndim) {
    Dims axes;
    for (int i = 0; i < ndim; ++i) axes.push_back(i);
    return axes;
}

}  // namespace

Array concatenate(ArraySpan arrays, int axis_in) {
    CNET_CHECK_AS(ValueError, !arrays.empty(), "need at least one array to concatenate");
    CNET_CHECK_AS(ValueError, arrays[0].ndim() > 0, "zero-dimensional arrays cannot be concatenated");
    const int axis = NormalizeAxis(axis_in, arrays[0].ndim());
    CheckJoinable(arrays, axis);
    Dtype dtype = arrays[0].dtype();
    Shape shape = arrays[0].shape();
    shape[axis] = 0;
    for (const Array& a : arrays) {
        dtype = PromoteTypes(dtype, a.dtype());
        shape[axis] += a.shape()[axis];
    }
    Array out = Array::Empty(shape, dtype, arrays[0].device());
    int64_t pos = 0;
    for (const Array& a : arrays) {
        internal::AxisSlice(out, axis, pos, a.shape()[axis]).assign(a);
        pos += a.shape()[axis];
    }
    return out;
}

Array stack(ArraySpan arrays, int axis) {
    CNET_CHECK_AS(ValueError, !arrays.empty(), "need at least one array to stack");
    const int ax = NormalizeAxis(axis, arrays[0].ndim() + 1);
    std::vector<Array> expanded;
    for (const Array& a : arrays) {
        CNET_CHECK_AS(ValueError, a.shape() == arrays[0].shape(), "all input arrays must have the same shape");
        expanded.push_back(expand_dims(a, ax));
    }
    return concatenate(expanded, ax);
}

Array atleast_1d(const Array& a) { return a.ndim() >= 1 ? a : a.reshape(Shape{1}); }

Array atleast_2d(const Array& a) {
    if (a.ndim() >= 2) return a;
    return a.reshape(Shape{1, a.size()});
}

Array atleast_3d(const Array& a) {
    if (a.ndim() >= 3) return a;
    if (a.ndim() == 2) return a.reshape(Shape{a.shape()[0], a.shape()[1], 1});
    return a.reshape(Shape{1, a.size(), 1});
}

namespace {
template <typename F>
Array JoinPromoted(ArraySpan arrays, F promote, int axis) {
    std::vector<Array> promoted;
    for (const Array& a : arrays) promoted.push_back(promote(a));
    return concatenate(promoted, axis);
}
}  // namespace

Array hstack(ArraySpan arrays) {
    CNET_CHECK_AS(ValueError, !arrays.empty(), "need at least one array to concatenate");
    return JoinPromoted(arrays, atleast_1d, arrays[0].ndim() <= 1 ? 0 : 1);
}
Array vstack(ArraySpan arrays) { return JoinPromoted(arrays, atleast_2d, 0); }
Array dstack(ArraySpan arrays) { return JoinPromoted(arrays, atleast_3d, 2); }

std::vector<Array> split(const Array& a, int64_t sections, int axis) {
    CNET_CHECK_AS(ValueError, a.ndim() > 0, "array split does not work on 0-d arrays");
    const int64_t n = a.shape()[NormalizeAxis(axis, a.ndim())];
    CNET_CHECK_AS(ValueError, sections > 0 && n % sections == 0, "array split does not result in an equal division");
    return SplitAt(a, SectionPoints(n, sections), axis);
}
std::vector<Array> split(const Array& a, const std::vector<int64_t>& indices, int axis) {
    return SplitAt(a, indices, axis);
}
std::vector<Array> array_split(const Array& a, int64_t sections, int axis) {
    CNET_CHECK_AS(ValueError, a.ndim() > 0, "array split does not work on 0-d arrays");
    return SplitAt(a, SectionPoints(a.shape()[NormalizeAxis(axis, a.ndim())], sections), axis);
}
std::vector<Array> array_split(const Array& a, const std::vector<int64_t>& indices, int axis) {
    return SplitAt(a, indices, axis);
}

namespace {
// indices_or_sections given as an array: NumPy takes an integer 0-d array as a count, a 1-d one as points.
template <typename Split>
std::vector<Array> SplitByArray(const Array& a, const Array& p, int axis, const char* name, Split split) {
    CNET_CHECK_AS(py::TypeError, IsInteger(p.dtype()) || IsBool(p.dtype()), name,
                  ": indices_or_sections must be integers, got an array of ", DtypeName(p.dtype()));
    CNET_CHECK_AS(ValueError, p.ndim() <= 1, name, ": indices_or_sections must be a number or a 1-d array, got ",
                  p.ndim(), " dimensions");
    if (p.ndim() == 0) return split(a, p.item<int64_t>(), axis);
    return split(a, p.to_vector<int64_t>(), axis);
}
}  // namespace

std::vector<Array> split(const Array& a, const Array& indices_or_sections, int axis) {
    return SplitByArray(a, indices_or_sections, axis, "split",
                        [](const Array& x, const auto& p, int ax) { return split(x, p, ax); });
}
std::vector<Array> array_split(const Array& a, const Array& indices_or_sections, int axis) {
    return SplitByArray(a, indices_or_sections, axis, "array_split",
                        [](const Array& x, const auto& p, int ax) { return array_split(x, p, ax); });
}

Array reshape(const Array& a, const Shape& newshape) { return a.reshape(newshape); }

Array transpose(const Array& a, const OptionalAxis& axes) {
    return axes.has_value() ? a.transpose(axes.axes()) : a.transpose();
}

Array squeeze(const Array& a, const OptionalAxis& axis) {
    const Dims axes = axis.Normalize(a.ndim());
    Shape shape;
    Strides strides;
    for (int d = 0; d < a.ndim(); ++d) {
        const bool selected = std::find(axes.begin(), axes.end(), d) != axes.end();
        if (selected && axis.has_value())
            CNET_CHECK_AS(ValueError, a.shape()[d] == 1,
                          "cannot select an axis to squeeze out which has size not equal to one");
        if (selected && a.shape()[d] == 1) continue;
        shape.push_back(a.shape()[d]);
        strides.push_back(a.strides()[d]);
    }
    return a.as_strided(shape, strides, a.offset());
}

Array expand_dims(const Array& a, int axis) {
    const int ax = NormalizeAxis(axis, a.ndim() + 1);
    Shape shape = a.shape();
    Strides strides = a.strides();
    shape.insert(ax, 1);
    strides.insert(ax, 0);
    return a.as_strided(shape, strides, a.offset());
}

Array swapaxes(const Array& a, int axis1, int axis2) {
    Dims axes = Identity(a.ndim());
    std::swap(axes[NormalizeAxis(axis1, a.ndim())], axes[NormalizeAxis(axis2, a.ndim())]);
    return a.transpose(axes);
}

Array moveaxis(const Array& a, int source, int destination) {
    const int src = NormalizeAxis(source, a.ndim()), dst = NormalizeAxis(destination, a.ndim());
    Dims axes = Identity(a.ndim());
    axes.erase(src);
    axes.insert(dst, src);
    return a.transpose(axes);
}

Array rollaxis(const Array& a, int axis, int start) {
    const int n = a.ndim();
    const int ax = NormalizeAxis(axis, n);
    CNET_CHECK_AS(IndexError, start >= -n && start <= n, "'start' arg requires ", -n, " <= start < ", n + 1,
                  ", but ", start, " was passed in");
    int st = start < 0 ? start + n : start;
    if (ax < st) --st;
    if (ax == st) return a;
    Dims axes = Identity(n);
    axes.erase(ax);
    axes.insert(st, ax);
    return a.transpose(axes);
}

}  // namespace np
}  // namespace cnet
