// indexing.cc — index types, the plan that applies basic indices as a view, and the Array subscript members.
#include "cnet/np/indexing.h"

#include "cnet/core/variable.h"
#include "np/indexing_internal.h"

namespace cnet {

Slice::Bounds Slice::Resolve(int64_t length) const {
    const int64_t step = step_.value_or(1);
    CNET_CHECK_AS(ValueError, step != 0, "slice step cannot be zero");
    const int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? length - 1 : length;
    auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
        if (!v) return dflt;
        int64_t i = *v;
        if (i < 0) return std::max(i + length, lower);
        return std::min(i, upper);
    };
    const int64_t start = clamp(start_, step < 0 ? upper : lower);
    const int64_t stop = clamp(stop_, step < 0 ? lower : upper);
    int64_t count = 0;
    if (step > 0 && stop > start) count = (stop - start + step - 1) / step;
    if (step < 0 && start > stop) count = (start - stop - step - 1) / -step;
    return {start, step, count};
}

Index::Index(const Array& a) : kind_(Kind::kArray), array_(a) {
    CNET_CHECK_AS(ValueError, a.defined(), "an index array is None");
}
Index::Index(const Variable& v) : Index(v.array()) {}
Index::Index(const std::vector<int64_t>& indices) : Index(Array::FromVector(indices)) {}

namespace np {
namespace internal {
namespace {

// Builds the view dimension by dimension.
struct ViewBuilder {
    Shape shape;
    Strides strides;
    int64_t offset;
    void Push(int64_t dim, int64_t stride) {
        shape.push_back(dim);
        strides.push_back(stride);
    }
};

int64_t CheckedIndex(int64_t i, int64_t size, int axis) {
    CNET_CHECK_AS(IndexError, i >= -size && i < size, "index ", i, " is out of bounds for axis ", axis,
                  " with size ", size);
    return i < 0 ? i + size : i;
}

// How many dimensions of x the subscript consumes, and whether it has an array index.
int CountConsumed(const Array& x, const Indices& indices, bool* advanced) {
    int consumed = 0, ellipses = 0;
    for (const Index& index : indices) {
        switch (index.kind()) {
            case Index::Kind::kInt:
            case Index::Kind::kSlice: ++consumed; break;
            case Index::Kind::kEllipsis: ++ellipses; break;
            case Index::Kind::kNewAxis: break;
            case Index::Kind::kArray: {
                const Array& a = index.array();
                CNET_CHECK_AS(IndexError, a.dtype() != Dtype::kBool || a.ndim() > 0,
                              "0-d boolean indices are not supported");
                CNET_CHECK_AS(IndexError, a.dtype() == Dtype::kBool || IsInteger(a.dtype()),
                              "arrays used as indices must be of integer (or boolean) type");
                consumed += a.dtype() == Dtype::kBool ? a.ndim() : 1;
                *advanced = true;
            }
        }
    }
    CNET_CHECK_AS(IndexError, ellipses <= 1, "an index can only have a single ellipsis ('...')");
    CNET_CHECK_AS(IndexError, consumed <= x.ndim(), "too many indices for array: array is ", x.ndim(),
                  "-dimensional, but ", consumed, " were indexed");
    return consumed;
}

// A bool mask becomes one int64 index array per dimension it covers.
void PushMask(const Array& x, const Array& mask, int* d, ViewBuilder* b, IndexPlan* plan) {
    for (int j = 0; j < mask.ndim(); ++j) {
        CNET_CHECK_AS(IndexError, mask.shape()[j] == x.shape()[*d + j], "boolean index did not match indexed array "
                      "along dimension ", *d + j, "; dimension is ", x.shape()[*d + j],
                      " but corresponding boolean dimension is ", mask.shape()[j]);
    }
    for (const Array& coords : nonzero(mask)) {
        plan->adv_dims.push_back(b->shape.ndim());
        plan->adv_axes.push_back(*d);
        plan->adv.push_back(coords);
        b->Push(x.shape()[*d], x.strides()[*d]);
        ++*d;
    }
}

void PushArray(const Array& x, const Array& a, int* d, ViewBuilder* b, IndexPlan* plan) {
    plan->adv_dims.push_back(b->shape.ndim());
    plan->adv_axes.push_back(*d);
    plan->adv.push_back(a);
    b->Push(x.shape()[*d], x.strides()[*d]);
    ++*d;
}

}  // namespace

IndexPlan PlanIndex(const Array& x, const Indices& indices) {
    bool advanced = false;
    const int consumed = CountConsumed(x, indices, &advanced);
    IndexPlan plan;
    ViewBuilder b{{}, {}, x.offset()};
    int d = 0;
    for (const Index& index : indices) {
        switch (index.kind()) {
            case Index::Kind::kInt:
                if (advanced) {  // ints among array indices are advanced indices too (NumPy)
                    PushArray(x, Array::FromScalar(index.int_value(), Dtype::kInt64), &d, &b, &plan);
                } else {
                    b.offset += CheckedIndex(index.int_value(), x.shape()[d], d) * x.strides()[d];
                    ++d;
                }
                break;
            case Index::Kind::kSlice: {
                const Slice::Bounds s = index.slice().Resolve(x.shape()[d]);
                b.offset += s.start * x.strides()[d];
                b.Push(s.count, x.strides()[d] * s.step);
                ++d;
                break;
            }
            case Index::Kind::kNewAxis: b.Push(1, 0); break;
            case Index::Kind::kEllipsis:
                for (int k = 0; k < x.ndim() - consumed; ++k, ++d) b.Push(x.shape()[d], x.strides()[d]);
                break;
            case Index::Kind::kArray:
                if (index.array().dtype() == Dtype::kBool) PushMask(x, index.array(), &d, &b, &plan);
                else PushArray(x, index.array(), &d, &b, &plan);
        }
    }
    for (; d < x.ndim(); ++d) b.Push(x.shape()[d], x.strides()[d]);
    plan.view = x.as_strided(b.shape, b.strides, b.offset);
    return plan;
}

}  // namespace internal

bool IsBasicIndex(const Indices& indices) {
    for (const Index& index : indices)
        if (index.is_array()) return false;
    return true;
}

}  // namespace np

const Array Array::operator[](const Index& index) const {
    // x[i] in range, the common row access (an optimizer's touched rows, every step), as the view getitem would
    // make, without its general plan; anything else, errors included, goes through getitem.
    if (index.kind() == Index::Kind::kInt && ndim() > 0) {
        const int64_t n = shape_[0], i = index.int_value() < 0 ? index.int_value() + n : index.int_value();
        if (i >= 0 && i < n) {
            Shape shape;
            Strides strides;
            for (int d = 1; d < ndim(); ++d) {
                shape.push_back(shape_[d]);
                strides.push_back(strides_[d]);
            }
            return as_strided(shape, strides, offset_ + i * strides_[0]);
        }
    }
    return np::getitem(*this, Indices{index});
}
const Array Array::operator[](std::initializer_list<Index> indices) const {
    return np::getitem(*this, Indices(indices));
}
void Array::setitem(const Index& index, const Array& value) { np::setitem(*this, Indices{index}, value); }
void Array::setitem(std::initializer_list<Index> indices, const Array& value) {
    np::setitem(*this, Indices(indices), value);
}
void Array::setitem(const Index& index, Scalar value) { np::setitem(*this, Indices{index}, value); }
void Array::setitem(std::initializer_list<Index> indices, Scalar value) {
    np::setitem(*this, Indices(indices), value);
}

}  // namespace cnet
