// array.h — the strided n-d array (NumPy's ndarray): shared storage, shape, strides, dtype, device.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "cnet/core/device.h"
#include "cnet/core/dtype.h"
#include "cnet/core/error.h"
#include "cnet/core/scalar.h"
#include "cnet/core/shape.h"

namespace cnet {

class Variable;
class Index;

/// A block of device memory shared by all views of it.
class Storage {
public:
    Storage(size_t nbytes, Device device);
    ~Storage();
    Storage(const Storage&) = delete;
    Storage& operator=(const Storage&) = delete;

    void* data() const { return data_; }
    size_t nbytes() const { return nbytes_; }
    Device device() const { return device_; }

protected:
    /// Storage over memory the derived object holds (not allocated, not freed here).
    Storage(void* held, size_t nbytes, Device device) : data_(held), nbytes_(nbytes), device_(device), owned_(false) {}

private:
    void* data_ = nullptr;
    size_t nbytes_ = 0;
    Device device_;
    bool owned_ = true;
};

/// An n-d array. Copying an Array copies the handle: both refer to the same memory, like Python references
/// to one ndarray. `copy()` makes a new buffer. A default-constructed Array is undefined (Python's None).
class Array {
public:
    Array() = default;

    // ---- creation (more in cnet/np/creation.h)
    static Array Empty(const Shape& shape, Dtype dtype = Dtype::kFloat32, Device device = Device::Cpu());
    static Array Full(const Shape& shape, Scalar value, Dtype dtype, Device device = Device::Cpu());
    static Array Zeros(const Shape& shape, Dtype dtype = Dtype::kFloat32, Device device = Device::Cpu());
    static Array Ones(const Shape& shape, Dtype dtype = Dtype::kFloat32, Device device = Device::Cpu());
    /// A 0-d array holding one value.
    static Array FromScalar(Scalar value, Dtype dtype);
    /// Copies `values` (size must equal the shape's size) into a new C-contiguous array.
    template <typename E>
    static Array FromVector(const std::vector<E>& values, const Shape& shape);
    template <typename E>
    static Array FromVector(const std::vector<E>& values) {
        return FromVector(values, Shape{static_cast<int64_t>(values.size())});
    }
    /// A view over existing storage (no copy).
    static Array View(std::shared_ptr<Storage> storage, const Shape& shape, const Strides& strides, int64_t offset,
                      Dtype dtype);

    // ---- attributes
    bool defined() const { return storage_ != nullptr; }
    const Shape& shape() const { return shape_; }
    const Strides& strides() const { return strides_; }
    int ndim() const { return shape_.ndim(); }
    int64_t size() const { return shape_.prod(); }
    Dtype dtype() const { return dtype_; }
    size_t itemsize() const { return ItemSize(dtype_); }
    size_t nbytes() const { return static_cast<size_t>(size()) * itemsize(); }
    Device device() const { return storage_->device(); }
    int64_t offset() const { return offset_; }
    const std::shared_ptr<Storage>& storage() const { return storage_; }
    bool is_contiguous() const;
    /// Python's len(): the first dimension. Throws for 0-d arrays.
    int64_t len() const;

    /// Address of the first element.
    void* raw_data() const { return static_cast<char*>(storage_->data()) + offset_ * static_cast<int64_t>(itemsize()); }
    template <typename E>
    E* data() const {
        CNET_CHECK_AS(DtypeError, DtypeOf<E>::value == dtype_, "array of dtype ", dtype_, " accessed as ",
                      DtypeName(DtypeOf<E>::value));
        return static_cast<E*>(raw_data());
    }

    // ---- views and copies
    /// One dimension may be -1. A view when the array is contiguous, a copy otherwise.
    Array reshape(const Shape& shape) const;
    /// Reverses the axes, or permutes them by `axes` (empty `axes` reverse them too, as NumPy's a.transpose()).
    Array transpose() const;
    Array transpose(const Dims& axes) const;
    Array T() const { return transpose(); }
    /// NumPy broadcasting view (zero strides); throws ShapeError when not broadcastable.
    Array broadcast_to(const Shape& shape) const;
    Array copy() const;
    /// `this` when already C-contiguous, else a contiguous copy.
    Array as_contiguous() const;
    Array astype(Dtype dtype, bool copy = true) const;
    /// Same memory with new shape/strides/offset (elements).
    Array as_strided(const Shape& shape, const Strides& strides, int64_t offset) const;
    /// Moves the array to a device (a no-op, returning *this, when already there).
    Array to_device(Device device) const;

    // ---- elements
    /// The single element (size must be 1), converted to T.
    template <typename E>
    E item() const;
    Scalar item() const;
    /// Element at a flat C-order index, as double (slow path for tests and printing).
    double at_flat(int64_t flat_index) const;
    /// Copies the elements in C order, converting to T.
    template <typename E>
    std::vector<E> to_vector() const;
    void fill(Scalar value);
    /// Copies `src` (broadcast to this shape, cast to this dtype) into this array's memory.
    void assign(const Array& src);

    // ---- indexing (NumPy subscripts; see Note [Index syntax in C++] in cnet/np/indexing.h)
    /// x[i], x[{Slice(), 0}], x[mask]: a view for basic indexing, a copy for advanced indexing. The result is
    /// const so that `x[i] = v` does not compile: write x.setitem(i, v).
    const Array operator[](const Index& index) const;
    const Array operator[](std::initializer_list<Index> indices) const;
    /// x[index] = value (value broadcast to the indexed shape and cast to this dtype).
    void setitem(const Index& index, const Array& value);
    void setitem(std::initializer_list<Index> indices, const Array& value);
    void setitem(const Index& index, Scalar value);
    void setitem(std::initializer_list<Index> indices, Scalar value);

    /// NumPy-like repr: "array([[1., 2.],\n       [3., 4.]], dtype=float32)".
    std::string repr() const;
    /// NumPy-like str: "[[1. 2.]\n [3. 4.]]".
    std::string str() const;

    /// An array used where a Variable is expected becomes a constant (requires_grad=False), as in Chainer.
    operator Variable() const;  // NOLINT(google-explicit-constructor)

private:
    Array(std::shared_ptr<Storage> storage, const Shape& shape, const Strides& strides, int64_t offset, Dtype dtype)
        : storage_(std::move(storage)), offset_(offset), dtype_(dtype), shape_(shape), strides_(strides) {}

    // The fixed-size fields first: storage, offset, dtype and the shape's rank share the first cache line.
    std::shared_ptr<Storage> storage_;
    int64_t offset_ = 0;
    Dtype dtype_ = Dtype::kFloat32;
    Shape shape_;
    Strides strides_;
};

std::ostream& operator<<(std::ostream& os, const Array& a);

namespace internal {
/// numpy.array2string(a, separator=sep, prefix=<indent characters>, suffix=<suffix_width characters>) with
/// NumPy's default print options: the nested-bracket body only, lines wrapped at 75 columns.
std::string Array2String(const Array& a, int indent, const char* separator, size_t suffix_width = 0);
/// repr() of an array as NumPy writes it, under another class name ("array([1., 2.], dtype=float32)").
std::string ArrayRepr(const Array& a, const std::string& class_name);
/// Strides (in elements) of `a` broadcast to `shape`, zero where broadcast. Throws ShapeError when impossible.
Strides BroadcastStrides(const Array& a, const Shape& shape);
}  // namespace internal

}  // namespace cnet

#include "cnet/core/array_inl.h"
#include "cnet/np/indexing.h"  // Index, Slice, NewAxis, Ellipsis for the subscript members above
