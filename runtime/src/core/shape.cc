// shape.cc — shape utilities: formatting, contiguous strides, broadcasting, axis normalization.
#include "cnet/core/shape.h"

#include <sstream>

namespace cnet {

void Dims::insert(int pos, int64_t d) {
    CNET_CHECK_AS(ShapeError, ndim_ < kMaxNdim, "arrays of more than ", kMaxNdim, " dimensions are not supported");
    for (int i = ndim_; i > pos; --i) dims_[i] = dims_[i - 1];
    dims_[pos] = d;
    ++ndim_;
}

void Dims::erase(int pos) {
    for (int i = pos; i + 1 < ndim_; ++i) dims_[i] = dims_[i + 1];
    --ndim_;
}

void Dims::resize(int n, int64_t fill) {
    CNET_CHECK_AS(ShapeError, n <= kMaxNdim, "arrays of more than ", kMaxNdim, " dimensions are not supported");
    for (int i = ndim_; i < n; ++i) dims_[i] = fill;
    ndim_ = n;
}

void Dims::ThrowProdOverflow() const {
    throw ShapeError("the shape " + ToString() + " has more elements than fit in a 64-bit integer");
}

std::string Dims::ToString() const {
    std::ostringstream os;
    os << '(';
    for (int i = 0; i < ndim_; ++i) {
        if (i) os << ", ";
        os << dims_[i];
    }
    if (ndim_ == 1) os << ',';
    os << ')';
    return os.str();
}

Strides ContiguousStrides(const Shape& shape) {
    Strides s = shape;  // the right rank; every entry is overwritten
    int64_t acc = 1;
    for (int i = shape.ndim() - 1; i >= 0; --i) {
        s[i] = acc;
        acc *= shape[i] > 0 ? shape[i] : 1;
    }
    return s;
}

Shape BroadcastShapes(const Shape& a, const Shape& b) {
    if (a == b) return a;
    const int nd = std::max(a.ndim(), b.ndim());
    Shape out;
    out.resize(nd);
    for (int i = 0; i < nd; ++i) {
        const int ia = i - (nd - a.ndim()), ib = i - (nd - b.ndim());
        const int64_t da = ia >= 0 ? a[ia] : 1, db = ib >= 0 ? b[ib] : 1;
        if (da == db || db == 1) {
            out[i] = da;
        } else if (da == 1) {
            out[i] = db;
        } else {
            throw ShapeError("operands could not be broadcast together with shapes " + a.ToString() + " " +
                             b.ToString());
        }
    }
    return out;
}

int NormalizeAxis(int64_t axis, int ndim) {
    if (axis < -ndim || axis >= ndim)
        throw IndexError(internal::StrCat("axis ", axis, " is out of bounds for array of dimension ", ndim));
    return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

}  // namespace cnet
