// array.cc — Array construction, views (reshape/transpose/broadcast), copies and casts.
#include "cnet/core/array.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "cnet/core/memory.h"
#include "cnet/core/pool.h"
#include "cnet/kernels/copy.h"
#include "cnet/kernels/transfer.h"

namespace cnet {

namespace internal {

Strides BroadcastStrides(const Array& a, const Shape& shape) {
    const int nd = shape.ndim(), offset = nd - a.ndim();
    CNET_CHECK_AS(ShapeError, offset >= 0, "cannot broadcast an array of shape ", a.shape(), " to ", shape);
    Strides s;
    s.resize(nd);
    for (int i = 0; i < nd; ++i) {
        if (i < offset) {
            s[i] = 0;
            continue;
        }
        const int64_t d = a.shape()[i - offset];
        if (d == shape[i]) {
            s[i] = a.strides()[i - offset];
        } else if (d == 1) {
            s[i] = 0;
        } else {
            throw ShapeError("cannot broadcast an array of shape " + a.shape().ToString() + " to " +
                             shape.ToString());
        }
    }
    return s;
}

}  // namespace internal

Storage::Storage(size_t nbytes, Device device) : nbytes_(nbytes), device_(device) {
    data_ = internal::Allocate(nbytes, device);
}

Storage::~Storage() {
    if (owned_) internal::Deallocate(data_, nbytes_, device_);
}

namespace {

// A small CPU buffer in the same pool block as its Storage (and the shared_ptr's counts): one allocation per
// array instead of two, and the bytes next to the header that is read before them. Most arrays of a graph of
// small operations (a tree RNN's vectors, a loss's scalar) fit.
template <size_t N>
class InlineStorage final : public Storage {
public:
    explicit InlineStorage(size_t nbytes) : Storage(bytes_, nbytes, Device::Cpu()) {}

private:
    alignas(32) unsigned char bytes_[N];  // one AVX vector; 64 would pad the block by a cache line
};

std::shared_ptr<Storage> NewStorage(size_t nbytes, Device device) {
    if (!device.is_cpu() || nbytes > 256) return internal::MakeShared<Storage>(nbytes, device);
    if (nbytes <= 64) return internal::MakeShared<InlineStorage<64>>(nbytes);
    if (nbytes <= 128) return internal::MakeShared<InlineStorage<128>>(nbytes);
    return internal::MakeShared<InlineStorage<256>>(nbytes);
}

}  // namespace

Array Array::View(std::shared_ptr<Storage> storage, const Shape& shape, const Strides& strides, int64_t offset,
                  Dtype dtype) {
    return Array(std::move(storage), shape, strides, offset, dtype);
}

Array Array::Empty(const Shape& shape, Dtype dtype, Device device) {
    for (int64_t d : shape) CNET_CHECK_AS(ValueError, d >= 0, "negative dimensions are not allowed: ", shape);
    return View(NewStorage(static_cast<size_t>(shape.prod()) * ItemSize(dtype), device), shape,
                ContiguousStrides(shape), 0, dtype);
}

Array Array::Full(const Shape& shape, Scalar value, Dtype dtype, Device device) {
    Array a = Empty(shape, dtype, device);
    a.fill(value);
    return a;
}

Array Array::Zeros(const Shape& shape, Dtype dtype, Device device) { return Full(shape, Scalar(0), dtype, device); }
Array Array::Ones(const Shape& shape, Dtype dtype, Device device) { return Full(shape, Scalar(1), dtype, device); }

Array Array::FromScalar(Scalar value, Dtype dtype) { return Full(Shape{}, value, dtype); }

bool Array::is_contiguous() const {
    int64_t expected = 1;
    for (int i = ndim() - 1; i >= 0; --i) {
        if (shape_[i] == 1) continue;
        if (shape_[i] == 0) return true;
        if (strides_[i] != expected) return false;
        expected *= shape_[i];
    }
    return true;
}

int64_t Array::len() const {
    CNET_CHECK_AS(ValueError, ndim() > 0, "len() of unsized object");
    return shape_[0];
}

Array Array::reshape(const Shape& new_shape_in) const {
    Shape new_shape = new_shape_in;
    int unknown = -1;
    int64_t known = 1;
    for (int i = 0; i < new_shape.ndim(); ++i) {
        if (new_shape[i] == -1) {
            CNET_CHECK_AS(ValueError, unknown < 0, "can only specify one unknown dimension");
            unknown = i;
        } else {
            known *= new_shape[i];
        }
    }
    if (unknown >= 0) {
        CNET_CHECK_AS(ValueError, known != 0 && size() % known == 0, "cannot reshape array of size ", size(),
                      " into shape ", new_shape_in);
        new_shape[unknown] = size() / known;
    }
    CNET_CHECK_AS(ValueError, new_shape.prod() == size(), "cannot reshape array of size ", size(), " into shape ",
                  new_shape_in);
    if (new_shape == shape_) return *this;
    Array base = as_contiguous();
    return View(base.storage_, new_shape, ContiguousStrides(new_shape), base.offset_, dtype_);
}

Array Array::transpose() const {
    Dims axes;
    for (int i = ndim() - 1; i >= 0; --i) axes.push_back(i);
    return transpose(axes);
}

Array Array::transpose(const Dims& axes) const {
    if (axes.ndim() == 0 && ndim() > 0) return transpose();  // NumPy's a.transpose(): the axes reversed
    CNET_CHECK_AS(ValueError, axes.ndim() == ndim(), "axes don't match array: got ", axes, " for ", ndim(), "-d array");
    bool seen[kMaxNdim] = {};
    Shape shape;
    Strides strides;
    for (int i = 0; i < axes.ndim(); ++i) {
        const int ax = NormalizeAxis(axes[i], ndim());
        CNET_CHECK_AS(ValueError, !seen[ax], "repeated axis in transpose: ", axes);
        seen[ax] = true;
        shape.push_back(shape_[ax]);
        strides.push_back(strides_[ax]);
    }
    return View(storage_, shape, strides, offset_, dtype_);
}

Array Array::broadcast_to(const Shape& shape) const {
    if (shape == shape_) return *this;
    return View(storage_, shape, internal::BroadcastStrides(*this, shape), offset_, dtype_);
}

Array Array::as_strided(const Shape& shape, const Strides& strides, int64_t offset) const {
    return View(storage_, shape, strides, offset, dtype_);
}

Array Array::copy() const {
    Array out = Empty(shape_, dtype_, device());
    out.assign(*this);
    return out;
}

Array Array::as_contiguous() const { return is_contiguous() ? *this : copy(); }

Array Array::astype(Dtype dtype, bool copy_always) const {
    if (dtype == dtype_ && !copy_always) return *this;
    Array out = Empty(shape_, dtype, device());
    out.assign(*this);
    return out;
}

Array Array::to_device(Device device) const {
    if (device == this->device()) return *this;
    RequireDevice(device);
    const Array src = as_contiguous();
    Array out = Empty(shape_, dtype_, device);
    kernels::Transfer(src, out);
    return out;
}

void Array::fill(Scalar value) { kernels::Fill(*this, value); }

void Array::assign(const Array& src) { kernels::Copy(src, *this); }

Scalar Array::item() const {
    if (IsFloat(dtype_)) return Scalar(item<double>());
    if (dtype_ == Dtype::kBool) return Scalar(item<bool>());
    return Scalar(item<int64_t>());
}

double Array::at_flat(int64_t flat_index) const {
    CNET_CHECK_AS(IndexError, flat_index >= 0 && flat_index < size(), "index ", flat_index,
                  " is out of bounds for size ", size());
    int64_t offset = 0, rem = flat_index;
    for (int d = ndim() - 1; d >= 0; --d) {
        offset += (rem % shape_[d]) * strides_[d];
        rem /= shape_[d];
    }
    Array e = as_strided(Shape{}, Strides{}, offset_ + offset);
    return e.item<double>();
}

std::ostream& operator<<(std::ostream& os, const Array& a) { return os << a.repr(); }

}  // namespace cnet
