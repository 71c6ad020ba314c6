// shape.h — n-d shapes and strides with inline storage (no heap allocation per array).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {

constexpr int kMaxNdim = 8;

/// A fixed-capacity list of int64 (dimensions or strides). Python's tuple of ints.
class Dims {
public:
    Dims() = default;
    Dims(std::initializer_list<int64_t> dims) {
        for (int64_t d : dims) push_back(d);
    }
    explicit Dims(const std::vector<int64_t>& dims) {
        for (int64_t d : dims) push_back(d);
    }
    template <typename It>
    Dims(It first, It last) {
        for (; first != last; ++first) push_back(static_cast<int64_t>(*first));
    }

    int ndim() const { return ndim_; }
    int size() const { return ndim_; }
    bool empty() const { return ndim_ == 0; }
    int64_t operator[](int i) const { return dims_[i]; }
    int64_t& operator[](int i) { return dims_[i]; }
    const int64_t* begin() const { return dims_; }
    const int64_t* end() const { return dims_ + ndim_; }
    int64_t* begin() { return dims_; }
    int64_t* end() { return dims_ + ndim_; }
    int64_t back() const { return dims_[ndim_ - 1]; }

    void push_back(int64_t d) {
        CNET_CHECK_AS(ShapeError, ndim_ < kMaxNdim, "arrays of more than ", kMaxNdim, " dimensions are not supported");
        dims_[ndim_++] = d;
    }
    void insert(int pos, int64_t d);
    void erase(int pos);
    void resize(int n, int64_t fill = 0);

    /// Product of the entries (1 for an empty list). Shapes come from files too, so an element count that
    /// does not fit int64 is a ShapeError, never a wrapped-around small number.
    int64_t prod() const {
        int64_t p = 1;
        for (int i = 0; i < ndim_; ++i) {
            if (__builtin_mul_overflow(p, dims_[i], &p)) ThrowProdOverflow();
        }
        return p;
    }
    std::vector<int64_t> to_vector() const { return std::vector<int64_t>(begin(), end()); }
    /// Python tuple formatting: "()", "(3,)", "(2, 3)".
    std::string ToString() const;

    friend bool operator==(const Dims& a, const Dims& b) {
        if (a.ndim_ != b.ndim_) return false;
        for (int i = 0; i < a.ndim_; ++i)
            if (a.dims_[i] != b.dims_[i]) return false;
        return true;
    }
    friend bool operator!=(const Dims& a, const Dims& b) { return !(a == b); }

private:
    [[noreturn]] void ThrowProdOverflow() const;

    int ndim_ = 0;  // first: read before the entries, and in the same cache line as the first ones
    int64_t dims_[kMaxNdim] = {};
};

using Shape = Dims;
using Strides = Dims;  // in elements, not bytes

inline std::ostream& operator<<(std::ostream& os, const Dims& d) { return os << d.ToString(); }

/// Contiguous (C-order) strides of a shape, in elements.
Strides ContiguousStrides(const Shape& shape);
/// NumPy broadcasting of two shapes; throws ShapeError naming both.
Shape BroadcastShapes(const Shape& a, const Shape& b);
/// Normalizes a possibly negative axis against ndim; throws IndexError like NumPy's AxisError.
int NormalizeAxis(int64_t axis, int ndim);

}  // namespace cnet
