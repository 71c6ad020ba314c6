// indexing_advanced.cc — getitem/setitem/add_at on top of the index plan: views for basic subscripts,
// gather/scatter of sub-blocks for array subscripts; take, nonzero, argwhere.
#include <algorithm>

#include "cnet/kernels/indexing.h"
#include "cnet/np/math.h"
#include "np/indexing_internal.h"

namespace cnet {
namespace np {
namespace internal {
namespace {

Shape BroadcastIndexShapes(const std::vector<Array>& adv) {
    Shape shape = adv[0].shape();
    try {
        for (size_t k = 1; k < adv.size(); ++k) shape = BroadcastShapes(shape, adv[k].shape());
    } catch (const ShapeError&) {
        std::string shapes;
        for (const Array& a : adv) shapes += (shapes.empty() ? "" : " ") + a.shape().ToString();
        throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " + shapes);
    }
    return shape;
}

}  // namespace

AdvancedPlan PlanAdvanced(const IndexPlan& plan) {
    AdvancedPlan out;
    out.index_shape = BroadcastIndexShapes(plan.adv);
    const int64_t n = out.index_shape.prod();
    out.offsets.assign(static_cast<size_t>(n), 0);
    for (size_t k = 0; k < plan.adv.size(); ++k) {
        // Offsets are computed on the host (the gather/scatter kernels take host offsets).
        const std::vector<int64_t> p = plan.adv[k].broadcast_to(out.index_shape).to_vector<int64_t>();
        const int dim = plan.adv_dims[k];
        const int64_t size = plan.view.shape()[dim], stride = plan.view.strides()[dim];
        for (int64_t b = 0; b < n; ++b) {
            const int64_t i = p[b];
            CNET_CHECK_AS(IndexError, i >= -size && i < size, "index ", i, " is out of bounds for axis ",
                          plan.adv_axes[k], " with size ", size);
            out.offsets[b] += (i < 0 ? i + size : i) * stride;
        }
    }
    Shape shape;
    Strides strides;
    for (int d = 0; d < plan.view.ndim(); ++d) {
        if (std::find(plan.adv_dims.begin(), plan.adv_dims.end(), d) != plan.adv_dims.end()) continue;
        shape.push_back(plan.view.shape()[d]);
        strides.push_back(plan.view.strides()[d]);
    }
    out.block = plan.view.as_strided(shape, strides, plan.view.offset());
    bool adjacent = true;
    for (size_t k = 1; k < plan.adv_dims.size(); ++k) adjacent = adjacent && plan.adv_dims[k] == plan.adv_dims[0] + static_cast<int>(k);
    out.insert_at = adjacent ? plan.adv_dims[0] : 0;
    return out;
}

Shape ResultShape(const AdvancedPlan& plan) {
    const Shape& r = plan.block.shape();
    Shape shape(r.begin(), r.begin() + plan.insert_at);
    for (int64_t d : plan.index_shape) shape.push_back(d);
    for (int d = plan.insert_at; d < r.ndim(); ++d) shape.push_back(r[d]);
    return shape;
}

Dims DenseToResultAxes(const AdvancedPlan& plan) {
    const int nb = plan.index_shape.ndim(), nr = plan.block.ndim();
    Dims axes;
    for (int d = 0; d < plan.insert_at; ++d) axes.push_back(nb + d);
    for (int d = 0; d < nb; ++d) axes.push_back(d);
    for (int d = plan.insert_at; d < nr; ++d) axes.push_back(nb + d);
    return axes;
}

Dims ResultToDenseAxes(const AdvancedPlan& plan) {
    const Dims forward = DenseToResultAxes(plan);
    Dims inverse;
    inverse.resize(forward.ndim());
    for (int i = 0; i < forward.ndim(); ++i) inverse[static_cast<int>(forward[i])] = i;
    return inverse;
}

}  // namespace internal

namespace {

using internal::AdvancedPlan;

// The value laid out as the dense (B, R...) buffer the scatter kernel reads.
Array DenseValue(const AdvancedPlan& plan, const Array& value, Dtype dtype) {
    Array v = value.astype(dtype, false);
    const Shape target = internal::ResultShape(plan);
    while (v.ndim() > target.ndim() && v.shape()[0] == 1) v = v.reshape(Shape(v.shape().begin() + 1, v.shape().end()));
    v = v.broadcast_to(target).transpose(internal::ResultToDenseAxes(plan));
    return v.as_contiguous();
}

// Assigns (basic: into the view) after dropping the leading size-1 axes NumPy ignores in a value.
void AssignBasic(const Array& view, const Array& value) {
    Array v = value;
    while (v.ndim() > view.ndim() && v.shape()[0] == 1) v = v.reshape(Shape(v.shape().begin() + 1, v.shape().end()));
    Array target = view;
    target.assign(v);
}

}  // namespace

Array getitem(const Array& x, const Indices& indices) {
    const internal::IndexPlan plan = internal::PlanIndex(x, indices);
    if (plan.adv.empty()) return plan.view;
    const AdvancedPlan adv = internal::PlanAdvanced(plan);
    Shape dense_shape = adv.index_shape;
    for (int64_t d : adv.block.shape()) dense_shape.push_back(d);
    Array out = Array::Empty(dense_shape, x.dtype(), x.device());
    kernels::GatherBlocks(adv.block, adv.offsets.data(), static_cast<int64_t>(adv.offsets.size()), out);
    return adv.insert_at == 0 ? out : out.transpose(internal::DenseToResultAxes(adv));
}

void setitem(const Array& x, const Indices& indices, const Array& value) {
    const internal::IndexPlan plan = internal::PlanIndex(x, indices);
    if (plan.adv.empty()) return AssignBasic(plan.view, value);
    const AdvancedPlan adv = internal::PlanAdvanced(plan);
    const Array dense = DenseValue(adv, value, x.dtype());
    kernels::ScatterBlocks(adv.block, adv.offsets.data(), static_cast<int64_t>(adv.offsets.size()), dense, false);
}

void setitem(const Array& x, const Indices& indices, Scalar value) {
    setitem(x, indices, Array::Full(Shape{}, value, x.dtype(), x.device()));
}

void add_at(const Array& x, const Indices& indices, const Array& value) {
    const internal::IndexPlan plan = internal::PlanIndex(x, indices);
    if (plan.adv.empty()) {  // a basic subscript never repeats an element
        Array view = plan.view;
        view += value.astype(x.dtype(), false);
        return;
    }
    const AdvancedPlan adv = internal::PlanAdvanced(plan);
    const Array dense = DenseValue(adv, value, x.dtype());
    kernels::ScatterBlocks(adv.block, adv.offsets.data(), static_cast<int64_t>(adv.offsets.size()), dense, true);
}

Array take(const Array& a, const Array& indices, std::optional<int> axis) {
    if (!axis) return getitem(a.reshape(Shape{a.size()}), Indices{indices});
    const int ax = NormalizeAxis(*axis, a.ndim());
    Indices subscript;
    for (int d = 0; d < ax; ++d) subscript.push_back(Slice());
    subscript.push_back(indices);
    return getitem(a, subscript);
}

std::vector<Array> nonzero(const Array& a) {
    const std::vector<int64_t> flat = kernels::FlatNonzero(a);
    const int nd = std::max(a.ndim(), 1);
    const int64_t n = static_cast<int64_t>(flat.size());
    std::vector<std::vector<int64_t>> coords(static_cast<size_t>(nd), std::vector<int64_t>(static_cast<size_t>(n)));
    const Shape shape = a.ndim() == 0 ? Shape{1} : a.shape();
    for (int64_t k = 0; k < n; ++k) {
        int64_t rem = flat[k];
        for (int d = nd - 1; d >= 0; --d) {
            coords[d][k] = rem % shape[d];
            rem /= shape[d];
        }
    }
    std::vector<Array> out;
    for (const std::vector<int64_t>& c : coords) out.push_back(Array::FromVector(c).to_device(a.device()));
    return out;
}

std::vector<Array> where(const Array& condition) { return nonzero(condition); }

Array argwhere(const Array& a) {
    const std::vector<Array> coords = nonzero(a);
    const int64_t n = coords.empty() ? 0 : coords[0].size();
    Array out = Array::Empty(Shape{n, a.ndim()}, Dtype::kInt64, a.device());
    for (int d = 0; d < a.ndim(); ++d) out.setitem({Slice(), d}, coords[d]);
    return out;
}

Array flatnonzero(const Array& a) { return Array::FromVector(kernels::FlatNonzero(a)).to_device(a.device()); }

}  // namespace np
}  // namespace cnet
