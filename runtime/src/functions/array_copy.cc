// array_copy.cc — functions whose forward makes a new array: tile, repeat (and its segment-sum gradient),
// pad, cast, copy; and identity. Backward passes are differentiable, so all of them support double backprop.
#include <algorithm>
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/reduction.h"
#include "cnet/np/manipulation.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

class Tile : public FunctionNode {
public:
    explicit Tile(const Dims& reps) : reps_(reps) {}
    const char* label() const override { return "Tile"; }
    ArrayList forward(const ArrayList& in) override { return {np::tile(in[0], reps_)}; }
    // gy (r0*s0, r1*s1, ...) -> (r0, s0, r1, s1, ...) (axes with r == 1 not split) -> sum over the r axes.
    VarList backward(const IndexList&, const VarList& gy) override {
        const Shape& xs = input_shape(0);
        const int n = std::max(xs.ndim(), reps_.ndim());
        Shape split;
        Dims sum_axes;
        for (int i = 0; i < n; ++i) {
            const int xi = i - (n - xs.ndim()), ri = i - (n - reps_.ndim());
            const int64_t s = xi >= 0 ? xs[xi] : 1, r = ri >= 0 ? reps_[ri] : 1;
            if (r != 1) {
                sum_axes.push_back(split.ndim());
                split.push_back(r);
            }
            split.push_back(s);
        }
        Variable g = reshape(gy[0], split);
        if (!sum_axes.empty()) g = sum(g, OptionalAxis(sum_axes));
        return {reshape(g, xs)};
    }

private:
    Dims reps_;
};

// Repetition counts per element along the axis (one entry means the same count for every element).
struct RepeatSpec {
    std::vector<int64_t> repeats;
    std::optional<int> axis;  // None: x is flattened
};

class Repeat : public FunctionNode {
public:
    explicit Repeat(RepeatSpec spec) : spec_(std::move(spec)) {}
    const char* label() const override { return "Repeat"; }
    ArrayList forward(const ArrayList& in) override { return {np::repeat(in[0], spec_.repeats, spec_.axis)}; }
    VarList backward(const IndexList&, const VarList& gy) override;

private:
    RepeatSpec spec_;
};

// gx[i] = sum of gy over the segment of element i's repetitions (the adjoint of Repeat).
class RepeatGrad : public FunctionNode {
public:
    RepeatGrad(RepeatSpec spec, const Shape& x_shape) : spec_(std::move(spec)), x_shape_(x_shape) {}
    const char* label() const override { return "RepeatGrad"; }
    ArrayList forward(const ArrayList& in) override {
        const Array& gy = in[0];
        Shape flat_x = spec_.axis ? x_shape_ : Shape{x_shape_.prod()};
        const int ax = spec_.axis ? static_cast<int>(NormalizeAxis(*spec_.axis, x_shape_.ndim())) : 0;
        const int64_t n = flat_x.ndim() == 0 ? 1 : flat_x[ax];
        if (flat_x.ndim() == 0) flat_x = Shape{1};
        const std::vector<int64_t>& r = spec_.repeats;
        if (r.size() == 1) {  // (..., n, r, ...) summed over the r axis
            Shape split = flat_x;
            split.insert(ax + 1, r[0]);
            return {np::sum(gy.reshape(split), OptionalAxis(ax + 1)).reshape(x_shape_)};
        }
        Array gx = Array::Zeros(flat_x, gy.dtype(), gy.device());
        int64_t offset = 0;
        for (int64_t i = 0; i < n; ++i) {
            if (r[i] > 0) {
                np::internal::AxisSlice(gx, ax, i, 1)
                    .assign(np::sum(np::internal::AxisSlice(gy, ax, offset, r[i]), OptionalAxis(ax), true));
            }
            offset += r[i];
        }
        return {gx.reshape(x_shape_)};
    }
    VarList backward(const IndexList&, const VarList& ggx) override { return {Apply1<Repeat>({ggx[0]}, spec_)}; }

private:
    RepeatSpec spec_;
    Shape x_shape_;
};

VarList Repeat::backward(const IndexList&, const VarList& gy) {
    return {Apply1<RepeatGrad>({gy[0]}, spec_, input_shape(0))};
}

class Pad : public FunctionNode {
public:
    Pad(PadWidth pad_width, Scalar value) : pad_width_(std::move(pad_width)), value_(value) {}
    const char* label() const override { return "Pad"; }
    ArrayList forward(const ArrayList& in) override { return {np::pad(in[0], pad_width_, "constant", value_)}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Shape& xs = input_shape(0);
        Indices slices;
        for (int d = 0; d < xs.ndim(); ++d) {
            const int64_t before = (pad_width_.size() == 1 ? pad_width_[0] : pad_width_[d]).first;
            slices.push_back(Slice(before, before + xs[d]));
        }
        return {get_item(gy[0], slices)};
    }

private:
    PadWidth pad_width_;
    Scalar value_;
};

class Cast : public FunctionNode {
public:
    explicit Cast(Dtype typ) : typ_(typ) {}
    const char* label() const override { return "Cast"; }
    ArrayList forward(const ArrayList& in) override { return {in[0].astype(typ_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {cast(gy[0], input_dtype(0))}; }

private:
    Dtype typ_;
};

class Copy : public FunctionNode {
public:
    explicit Copy(Device dst) : dst_(dst) {}
    const char* label() const override { return "Copy"; }
    ArrayList forward(const ArrayList& in) override {
        src_ = in[0].device();
        return {src_ == dst_ ? in[0].copy() : in[0].to_device(dst_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override { return {copy(gy[0], src_)}; }

private:
    Device dst_, src_;
};

class Identity : public FunctionNode {
public:
    const char* label() const override { return "Identity"; }
    ArrayList forward(const ArrayList& in) override { return in; }
    VarList backward(const IndexList&, const VarList& gy) override { return gy; }
};

}  // namespace

Variable tile(const Variable& x, const Dims& reps) {
    for (int64_t r : reps) CNET_CHECK_AS(ValueError, r >= 0, "reps must be non-negative, got ", r);
    return Apply1<Tile>({x}, reps);
}

Variable tile(const Variable& x, int64_t reps) { return tile(x, Dims{reps}); }

Variable repeat(const Variable& x, const std::vector<int64_t>& repeats, std::optional<int> axis) {
    CNET_CHECK_AS(ValueError, !repeats.empty(), "repeats must not be empty");
    for (int64_t r : repeats) CNET_CHECK_AS(ValueError, r >= 0, "all elements in repeats must be >= 0");
    if (axis) {
        const int ndim = x.ndim();
        CNET_CHECK_AS(IndexError, *axis >= -ndim && *axis < std::max(ndim, 1), "axis ", *axis,
                      " is out of bounds for array of dimension ", ndim);
    }
    const int64_t n = axis ? (x.ndim() == 0 ? 1 : x.shape()[NormalizeAxis(*axis, x.ndim())]) : x.size();
    CNET_CHECK_AS(ValueError, repeats.size() == 1 || static_cast<int64_t>(repeats.size()) == n,
                  "repeats has ", repeats.size(), " entries for an axis of length ", n);
    return Apply1<Repeat>({x}, RepeatSpec{repeats, axis});
}

Variable repeat(const Variable& x, int64_t repeats, std::optional<int> axis) {
    return repeat(x, std::vector<int64_t>{repeats}, axis);
}

Variable pad(const Variable& x, const PadWidth& pad_width, const std::string& mode, Scalar constant_values) {
    CNET_CHECK_AS(ValueError, mode == "constant", "pad: mode '", mode, "' is not supported (only 'constant')");
    CNET_CHECK_AS(ValueError, pad_width.size() == 1 || static_cast<int>(pad_width.size()) == x.ndim(),
                  "pad: pad_width needs one (before, after) pair or one per axis, got ", pad_width.size());
    for (const auto& p : pad_width)
        CNET_CHECK_AS(ValueError, p.first >= 0 && p.second >= 0, "index can't contain negative values");
    return Apply1<Pad>({x}, pad_width, constant_values);
}

Variable cast(const Variable& x, Dtype typ) {
    if (x.dtype() == typ) return x;
    return Apply1<Cast>({x}, typ);
}

Variable copy(const Variable& x, Device dst) { return Apply1<Copy>({x}, dst); }
Variable copy(const Variable& x, int dst) { return copy(x, Device::FromId(dst)); }

VarList identity(const VarList& inputs) { return ApplyN<Identity>(inputs); }
Variable identity(const Variable& x) { return identity(VarList{x})[0]; }

}  // namespace functions
}  // namespace cnet
