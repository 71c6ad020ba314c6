// str_array.h — NumPy's fixed-width unicode arrays (dtype '<U{n}') for data handling: what the Chainer
// "glance" example does with np.genfromtxt(..., dtype=str), np.unique(..., return_inverse=True), x[:, col] = ints
// and x.astype(np.float32).
//
// Note [String arrays]
// A StrArray is an n-d array of std::string with NumPy's view semantics: copying a StrArray copies the handle,
// basic indexing (ints, slices, None, ...) returns a view sharing the elements, `copy()` makes new ones. Like
// NumPy, the element width is fixed when the array is created (`itemsize`, the longest element): storing a
// longer string truncates it, so `a[:, 0] = np.array([10, 11])` on a '<U1' array stores '1' and '1', exactly as
// NumPy does. Numbers stored into a string array are written as Python's str() writes them ('3', '0.5',
// 'True'). `astype` parses every element with Python's int()/float() rules and names the element that fails.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/np/indexing.h"
#include "cnet/np/io.h"

namespace cnet {
namespace np {

class StrArray {
public:
    /// Undefined (Python's None).
    StrArray() = default;
    /// A new C-contiguous array; `values.size()` must equal the shape's size. The width is the longest element.
    StrArray(std::vector<std::string> values, const Shape& shape);
    /// A new 1-D array.
    explicit StrArray(std::vector<std::string> values);
    /// A 0-d array holding one string.
    static StrArray Scalar(const std::string& value);

    // ---- attributes
    bool defined() const { return storage_ != nullptr; }
    const Shape& shape() const { return shape_; }
    const Strides& strides() const { return strides_; }
    int ndim() const { return shape_.ndim(); }
    int64_t size() const { return shape_.prod(); }
    /// Python's len(): the first dimension. Throws for 0-d arrays.
    int64_t len() const;
    /// The fixed element width in characters (NumPy's '<U{itemsize}').
    int64_t itemsize() const { return itemsize_; }
    /// NumPy's dtype string: "<U1".
    std::string dtype_str() const { return "<U" + std::to_string(itemsize_); }

    // ---- elements
    /// The element at a flat C-order index.
    const std::string& at_flat(int64_t flat_index) const;
    /// The single element (size must be 1).
    std::string item() const;
    /// The elements in C order.
    std::vector<std::string> to_vector() const;

    // ---- indexing (the same C++ subscript syntax as Array; see Note [Index syntax in C++] in indexing.h)
    /// x[i], x[{Slice(), 0}], x[{Slice(), NewAxis}]: views. Array indices (advanced indexing) are not supported.
    const StrArray operator[](const Index& index) const;
    const StrArray operator[](std::initializer_list<Index> indices) const;
    StrArray getitem(const Indices& indices) const;
    /// x[index] = value: value broadcast to the indexed shape; strings longer than itemsize are truncated.
    void setitem(const Index& index, const StrArray& value);
    void setitem(std::initializer_list<Index> indices, const StrArray& value);
    void setitem(const Indices& indices, const StrArray& value);
    /// Numbers are stored as Python's str() of each element ('3', '0.5', 'True'), then truncated to itemsize.
    void setitem(const Index& index, const Array& value);
    void setitem(std::initializer_list<Index> indices, const Array& value);
    void setitem(const Indices& indices, const Array& value);
    void setitem(const Index& index, const std::string& value);
    void setitem(std::initializer_list<Index> indices, const std::string& value);

    // ---- conversions
    /// A C-contiguous copy with the same itemsize.
    StrArray copy() const;
    /// Parses every element as Python's int() (integer and bool dtypes: bool is 'True'/'False' or an int) or
    /// float() (float dtypes); ValueError naming the element and its index when one does not parse.
    Array astype(Dtype dtype) const;
    StrArray reshape(const Shape& shape) const;

    /// NumPy's repr: "array(['a', 'b'], dtype='<U1')".
    std::string repr() const;
    /// NumPy's str: "['a' 'b']".
    std::string str() const;

private:
    template <typename F>
    void ForEach(F&& f) const;  // f(storage index) over the elements in C order

    std::shared_ptr<std::vector<std::string>> storage_;
    Shape shape_;
    Strides strides_;
    int64_t offset_ = 0;
    int64_t itemsize_ = 1;
};

/// Python's str() of each element of a numeric array, as a new string array of the same shape.
StrArray to_str_array(const Array& a);

/// numpy.genfromtxt(fname, dtype=str, comments='#', delimiter=None, skip_header=0): a table of strings. `delimiter`
/// "" splits on runs of whitespace. Text after '#' is a comment; blank lines are skipped. The result is 2-D
/// (rows, columns), squeezed to 1-D for a single row or column as NumPy does. ValueError naming the file and the
/// line for a missing file or a row with a different number of fields.
StrArray genfromtxt_str(const std::string& fname, const std::string& delimiter = "", int skip_header = 0);

/// numpy.unique(ar): the sorted distinct elements (code point order, as NumPy sorts unicode), 1-D.
StrArray unique(const StrArray& ar);
/// numpy.unique(ar, return_inverse=True): (uniques, inverse) with uniques[inverse] == ar.ravel(); inverse int64.
std::tuple<StrArray, Array> unique_inverse(const StrArray& ar);
/// numpy.unique on a numeric array (sorted distinct values in ar's dtype, 1-D), and with return_inverse.
Array unique(const Array& ar);
std::tuple<Array, Array> unique_inverse(const Array& ar);

/// str(x) and repr(x) (here so that print(), a template, finds them by argument-dependent lookup).
std::string str(const StrArray& a);
std::string repr(const StrArray& a);

}  // namespace np

namespace py {
/// len(x), str(x) and repr(x) of a string array (for generated code).
inline int64_t len(const np::StrArray& a) { return a.len(); }
using np::repr;
using np::str;
}  // namespace py

}  // namespace cnet
