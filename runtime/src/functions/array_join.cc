// array_join.cc — Concat / SplitAxis and Stack / Separate: each pair are one another's backward (so double
// backprop is free); hstack, vstack and dstack promote their inputs and concatenate.
#include <numeric>
#include <string>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/creation.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace functions {
namespace {

std::string Str(int64_t v) { return std::to_string(v); }

// Chainer's axis check for an existing axis: -ndim <= axis < ndim.
void ExpectAxis(const char* label, int axis, int ndim) {
    if (axis >= 0 ? ndim > axis : ndim >= -axis) return;  // the texts are built only on failure
    if (axis >= 0) type_check::Expect(label, ndim > axis, "in_types[0].ndim > " + Str(axis), Str(ndim) + " <= " + Str(axis));
    else type_check::Expect(label, ndim >= -axis, "in_types[0].ndim >= " + Str(-axis), Str(ndim) + " < " + Str(-axis));
}

// Gradients for outputs that received none are zeros (multi-output nodes), on the other gradients' device.
VarList FillNone(const VarList& gys, const FunctionNode& node) {
    Device device = Device::Cpu();
    for (const Variable& g : gys)
        if (!g.is_none()) device = g.device();
    VarList out = gys;
    for (size_t i = 0; i < out.size(); ++i) {
        if (out[i].is_none())
            out[i] = Variable(Array::Zeros(node.output_shape(i), node.output_dtype(i), device), false);
    }
    return out;
}

class Concat : public FunctionNode {
public:
    explicit Concat(int axis) : axis_(axis) {}
    const char* label() const override { return "Concat"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::Expect(label(), !in.empty(), "in_types.size() > 0", "0 <= 0");
        ExpectAxis(label(), axis_, in[0].ndim());
        const int ndim = in[0].ndim(), axis = static_cast<int>(NormalizeAxis(axis_, ndim));
        for (size_t i = 1; i < in.size(); ++i) {
            type_check::ExpectSameDtype(label(), in, 0, i);
            // Chainer writes in_types[0] on the left: "in_types[0].shape[0] == in_types[1].shape[0]", "4 != 3".
            if (ndim != in[i].ndim())  // the texts are built only on failure: concat runs once per tree node
                type_check::ExpectEq(label(), ndim, in[i].ndim(), "in_types[0].ndim", "in_types[" + Str(i) + "].ndim");
            for (int d = 0; d < ndim; ++d) {
                if (d == axis || in[0].shape()[d] == in[i].shape()[d]) continue;
                type_check::ExpectEq(label(), in[0].shape()[d], in[i].shape()[d],
                                     "in_types[0].shape[" + Str(d) + "]", "in_types[" + Str(i) + "].shape[" + Str(d) + "]");
            }
        }
    }
    ArrayList forward(const ArrayList& in) override {
        axis_ = static_cast<int>(NormalizeAxis(axis_, in[0].ndim()));
        return {np::concatenate(in, axis_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        if (num_inputs() == 1) return {gy[0]};
        if (!config().enable_backprop()) {  // not recorded: SplitAxis's views without its node
            VarList gx;
            int64_t offset = 0;
            for (size_t i = 0; i < num_inputs(); ++i) {
                const int64_t n = input_shape(i)[axis_];
                gx.push_back(Variable(np::internal::AxisSlice(gy[0].array(), axis_, offset, n)));
                offset += n;
            }
            return gx;
        }
        std::vector<int64_t> indices;
        int64_t offset = 0;
        for (size_t i = 0; i + 1 < num_inputs(); ++i) indices.push_back(offset += input_shape(i)[axis_]);
        return split_axis(gy[0], indices, axis_);
    }

private:
    int axis_;
};

// Pieces [bounds[i], bounds[i+1]) of x along the axis, as views.
class SplitAxis : public FunctionNode {
public:
    SplitAxis(std::vector<int64_t> bounds, int axis) : bounds_(std::move(bounds)), axis_(axis) {}
    const char* label() const override { return "SplitAxis"; }
    ArrayList forward(const ArrayList& in) override {
        ArrayList ys;
        for (size_t i = 0; i + 1 < bounds_.size(); ++i)
            ys.push_back(np::internal::AxisSlice(in[0], axis_, bounds_[i], bounds_[i + 1] - bounds_[i]));
        return ys;
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {concat(FillNone(gy, *this), axis_)};
    }

private:
    std::vector<int64_t> bounds_;
    int axis_;
};

class Stack : public FunctionNode {
public:
    explicit Stack(int axis) : axis_(axis) {}
    const char* label() const override { return "Stack"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::Expect(label(), !in.empty(), "in_types.size() > 0", "0 <= 0");
        const int ndim = in[0].ndim();
        if (axis_ >= 0) type_check::Expect(label(), axis_ <= ndim, Str(axis_) + " <= in_types[0].ndim", Str(axis_) + " > " + Str(ndim));
        else type_check::Expect(label(), -axis_ - 1 <= ndim, Str(-axis_ - 1) + " <= in_types[0].ndim", Str(-axis_ - 1) + " > " + Str(ndim));
        for (size_t i = 1; i < in.size(); ++i) {
            type_check::ExpectSameDtype(label(), in, 0, i);
            type_check::ExpectSameShape(label(), in, 0, i);
        }
    }
    ArrayList forward(const ArrayList& in) override {
        const int ndim = in[0].ndim() + 1;
        axis_ = axis_ < 0 ? axis_ + ndim : axis_;
        return {np::stack(in, axis_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override { return separate(gy[0], axis_); }

private:
    int axis_;
};

class Separate : public FunctionNode {
public:
    explicit Separate(int axis) : axis_(axis) {}
    const char* label() const override { return "Separate"; }
    void check_type_forward(const ArrayList& in) const override { ExpectAxis(label(), axis_, in[0].ndim()); }
    ArrayList forward(const ArrayList& in) override {
        const Array& x = in[0];
        axis_ = static_cast<int>(NormalizeAxis(axis_, x.ndim()));
        Shape shape;
        Strides strides;
        for (int d = 0; d < x.ndim(); ++d) {
            if (d == axis_) continue;
            shape.push_back(x.shape()[d]);
            strides.push_back(x.strides()[d]);
        }
        ArrayList ys;
        for (int64_t i = 0; i < x.shape()[axis_]; ++i)
            ys.push_back(x.as_strided(shape, strides, x.offset() + i * x.strides()[axis_]));
        return ys;
    }
    VarList backward(const IndexList&, const VarList& gy) override { return {stack(FillNone(gy, *this), axis_)}; }

private:
    int axis_;
};

// Bounds 0, cuts..., n of a split; a piece of size zero raises ValueError (Chainer v4).
std::vector<int64_t> SplitBounds(const std::vector<int64_t>& cuts, int64_t n) {
    std::vector<int64_t> bounds{0};
    for (int64_t c : cuts) bounds.push_back(std::min(std::max(c < 0 ? c + n : c, bounds.back()), n));
    bounds.push_back(n);
    for (size_t i = 0; i + 1 < bounds.size(); ++i)
        CNET_CHECK_AS(ValueError, bounds[i + 1] > bounds[i], "split_axis: some of the outputs have zero size (pieces ",
                      "must be non-empty)");
    return bounds;
}

}  // namespace

Variable concat(const VarList& xs, int axis) { return Apply1<Concat>(xs, axis); }

VarList split_axis(const Variable& x, const Array& indices_or_sections, int axis, bool force_tuple) {
    const Array& s = indices_or_sections;
    CNET_CHECK_AS(DtypeError, IsInteger(s.dtype()) && s.ndim() <= 1, "SplitAxis: indices_or_sections must be an int ",
                  "or a 1-d integer array, got ", DtypeName(s.dtype()), " of shape ", s.shape());
    if (s.ndim() == 0) return split_axis(x, s.item<int64_t>(), axis, force_tuple);
    return split_axis(x, s.to_vector<int64_t>(), axis, force_tuple);
}

VarList split_axis(const Variable& x, const std::vector<int64_t>& indices, int axis, bool) {
    const char* label = "SplitAxis";
    ExpectAxis(label, axis, x.ndim());
    const int ax = static_cast<int>(NormalizeAxis(axis, x.ndim()));
    return ApplyN<SplitAxis>({x}, SplitBounds(indices, x.shape()[ax]), ax);
}

VarList split_axis(const Variable& x, int64_t sections, int axis, bool force_tuple) {
    const char* label = "SplitAxis";
    CNET_CHECK_AS(ValueError, sections > 0, "split_axis: the number of sections must be positive, got ", sections);
    ExpectAxis(label, axis, x.ndim());
    const int ax = static_cast<int>(NormalizeAxis(axis, x.ndim()));
    const int64_t n = x.shape()[ax];
    type_check::Expect(label, n % sections == 0, "in_types[0].shape[" + Str(ax) + "] % " + Str(sections) + " == 0",
                       Str(n % sections) + " != 0");
    std::vector<int64_t> cuts;
    for (int64_t i = 1; i < sections; ++i) cuts.push_back(i * (n / sections));
    return split_axis(x, cuts, ax, force_tuple);
}

Variable stack(const VarList& xs, int axis) { return Apply1<Stack>(xs, axis); }

VarList separate(const Variable& x, int axis) { return ApplyN<Separate>({x}, axis); }

Variable hstack(const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "hstack: need at least one input");
    VarList ys;
    for (const Variable& x : xs) ys.push_back(x.ndim() == 0 ? reshape(x, Shape{1}) : x);
    return concat(ys, ys[0].ndim() == 1 ? 0 : 1);
}

Variable vstack(const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "vstack: need at least one input");
    VarList ys;
    for (const Variable& x : xs) ys.push_back(x.ndim() < 2 ? reshape(x, Shape{1, x.ndim() == 0 ? 1 : x.shape()[0]}) : x);
    return concat(ys, 0);
}

Variable dstack(const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "dstack: need at least one input");
    VarList ys;
    for (const Variable& x : xs) {
        if (x.ndim() == 0) ys.push_back(reshape(x, Shape{1, 1, 1}));
        else if (x.ndim() == 1) ys.push_back(reshape(x, Shape{1, x.shape()[0], 1}));
        else if (x.ndim() == 2) ys.push_back(reshape(x, Shape{x.shape()[0], x.shape()[1], 1}));
        else ys.push_back(x);
    }
    return concat(ys, 2);
}

}  // namespace functions
}  // namespace cnet
