// manipulation_repeat.cc — NumPy flip, ravel/flatten, broadcasting, tile, repeat and constant pad.
#include <algorithm>

#include "cnet/np/indexing.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace np {

Array flip(const Array& a, const OptionalAxis& axis) {
    const Dims axes = axis.Normalize(a.ndim());
    Strides strides = a.strides();
    int64_t offset = a.offset();
    for (int64_t d : axes) {
        const int ax = static_cast<int>(d);
        if (a.shape()[ax] > 0) offset += (a.shape()[ax] - 1) * strides[ax];
        strides[ax] = -strides[ax];
    }
    return a.as_strided(a.shape(), strides, offset);
}

Array fliplr(const Array& a) {
    CNET_CHECK_AS(ValueError, a.ndim() >= 2, "Input must be >= 2-d.");
    return flip(a, 1);
}

Array flipud(const Array& a) {
    CNET_CHECK_AS(ValueError, a.ndim() >= 1, "Input must be >= 1-d.");
    return flip(a, 0);
}

Array ravel(const Array& a) { return a.reshape(Shape{a.size()}); }
Array flatten(const Array& a) { return a.copy().reshape(Shape{a.size()}); }

Array broadcast_to(const Array& a, const Shape& shape) { return a.broadcast_to(shape); }

std::vector<Array> broadcast_arrays(ArraySpan arrays) {
    Shape shape;
    for (const Array& a : arrays) shape = BroadcastShapes(shape, a.shape());
    std::vector<Array> out;
    for (const Array& a : arrays) out.push_back(a.broadcast_to(shape));
    return out;
}

Array tile(const Array& a, const Dims& reps) {
    const int nd = std::max(a.ndim(), reps.ndim());
    Shape expanded, target, result;  // a as (1, s0, 1, s1, ...) broadcast to (r0, s0, r1, s1, ...)
    for (int d = 0; d < nd; ++d) {
        const int ia = d - (nd - a.ndim()), ir = d - (nd - reps.ndim());
        const int64_t s = ia >= 0 ? a.shape()[ia] : 1, r = ir >= 0 ? reps[ir] : 1;
        CNET_CHECK_AS(ValueError, r >= 0, "negative dimensions are not allowed");
        expanded.push_back(1);
        expanded.push_back(s);
        target.push_back(r);
        target.push_back(s);
        result.push_back(r * s);
    }
    CNET_CHECK_AS(ValueError, 2 * nd <= kMaxNdim, "tile: the result would need ", 2 * nd,
                  " intermediate dimensions (at most ", kMaxNdim, ")");
    return a.reshape(expanded).broadcast_to(target).copy().reshape(result);
}

Array tile(const Array& a, int64_t reps) { return tile(a, Dims{reps}); }

Array repeat(const Array& a, int64_t repeats, std::optional<int> axis) {
    CNET_CHECK_AS(ValueError, repeats >= 0, "negative dimensions are not allowed");
    const Array src = axis ? a : ravel(a);
    CNET_CHECK_AS(ValueError, src.ndim() > 0, "repeat: axis ", *axis, " is out of bounds for a 0-d array");
    const int ax = NormalizeAxis(axis.value_or(0), src.ndim());
    Shape target = src.shape(), result = src.shape();
    target.insert(ax + 1, repeats);
    result[ax] *= repeats;
    return expand_dims(src, ax + 1).broadcast_to(target).copy().reshape(result);
}

Array repeat(const Array& a, const std::vector<int64_t>& repeats, std::optional<int> axis) {
    if (repeats.size() == 1) return repeat(a, repeats[0], axis);
    const Array src = axis ? a : ravel(a);
    const int ax = NormalizeAxis(axis.value_or(0), src.ndim());
    const int64_t n = src.shape()[ax];
    CNET_CHECK_AS(ValueError, static_cast<int64_t>(repeats.size()) == n,
                  "operands could not be broadcast together with shape (", n, ",) (", repeats.size(), ",)");
    std::vector<int64_t> index;
    for (int64_t i = 0; i < n; ++i) {
        CNET_CHECK_AS(ValueError, repeats[i] >= 0, "negative dimensions are not allowed");
        index.insert(index.end(), static_cast<size_t>(repeats[i]), i);
    }
    return take(src, Array::FromVector(index), ax);
}

Array pad(const Array& a, const PadWidth& pad_width, const std::string& mode, Scalar constant_values) {
    CNET_CHECK_AS(ValueError, mode == "constant", "pad: mode '", mode, "' is not supported (only 'constant')");
    CNET_CHECK_AS(ValueError, pad_width.size() == 1 || static_cast<int>(pad_width.size()) == a.ndim(),
                  "operands could not be broadcast together with remapped shapes [original->remapped]: (",
                  pad_width.size(), ",2) and requested shape (", a.ndim(), ",2)");
    Shape shape = a.shape();
    Indices inner;
    for (int d = 0; d < a.ndim(); ++d) {
        const auto& w = pad_width[pad_width.size() == 1 ? 0 : d];
        CNET_CHECK_AS(ValueError, w.first >= 0 && w.second >= 0, "index can't contain negative values");
        shape[d] += w.first + w.second;
        inner.push_back(Slice(w.first, w.first + a.shape()[d]));
    }
    Array out = Array::Full(shape, constant_values, a.dtype(), a.device());
    setitem(out, inner, a);
    return out;
}

PadWidth::PadWidth(std::initializer_list<int64_t> widths) {
    CNET_CHECK_AS(ValueError, widths.size() == 1 || widths.size() == 2, "pad: pad_width (", widths.size(),
                  " values) must be an int, a (before, after) pair or one pair per axis");
    pairs_.emplace_back(*widths.begin(), *(widths.end() - 1));
}

}  // namespace np
}  // namespace cnet
