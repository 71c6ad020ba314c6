// array_reshape.cc — reshape, transpose, broadcast_to, sum_to: the shape functions the others build on.
#include <algorithm>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

std::string ShapeText(const Shape& s) { return s.ndim() == 1 ? "(" + std::to_string(s[0]) + ",)" : s.ToString(); }

class Reshape : public FunctionNode {
public:
    explicit Reshape(const Shape& shape) : shape_(shape) {}
    const char* label() const override { return "Reshape"; }
    void check_type_forward(const ArrayList& in) const override {
        int64_t known = 1;
        int unknown = 0;
        for (int64_t d : shape_) {
            if (d == -1) ++unknown;
            else known *= d;
        }
        const int64_t size = in[0].size();
        if (unknown == 0) {
            if (size != known)
                type_check::ExpectEq(label(), size, known, "prod(in_types[0].shape)", "prod(" + ShapeText(shape_) + ")");
        } else if (!(unknown == 1 && known != 0 && size % known == 0)) {
            type_check::Expect(label(), unknown == 1 && known != 0 && size % known == 0,
                               "prod(in_types[0].shape) % prod(" + ShapeText(shape_) + ") == 0",
                               std::to_string(known == 0 ? size : size % known) + " != 0");
        }
    }
    ArrayList forward(const ArrayList& in) override { return {in[0].reshape(shape_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {reshape(gy[0], input_shape(0))}; }

private:
    Shape shape_;
};

class Transpose : public FunctionNode {
public:
    explicit Transpose(const Dims& axes) : axes_(axes) {}
    const char* label() const override { return "Transpose"; }
    ArrayList forward(const ArrayList& in) override {
        if (axes_.empty() && in[0].ndim() > 0) {
            for (int i = in[0].ndim() - 1; i >= 0; --i) axes_.push_back(i);
        }
        return {in[0].transpose(axes_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        Dims inverse;
        inverse.resize(axes_.ndim());
        for (int i = 0; i < axes_.ndim(); ++i) inverse[static_cast<int>(NormalizeAxis(axes_[i], axes_.ndim()))] = i;
        return {transpose(gy[0], inverse)};
    }

private:
    Dims axes_;
};

class BroadcastTo : public FunctionNode {
public:
    explicit BroadcastTo(const Shape& shape) : shape_(shape) {}
    const char* label() const override { return "BroadcastTo"; }
    void check_type_forward(const ArrayList& in) const override {
        const Shape& s = in[0].shape();
        bool ok = s.ndim() <= shape_.ndim();
        for (int i = 0; ok && i < s.ndim(); ++i) {
            const int64_t d = s[s.ndim() - 1 - i], t = shape_[shape_.ndim() - 1 - i];
            ok = d == t || d == 1;
        }
        if (!ok)
            type_check::Expect(label(), false, "in_types[0].shape is broadcastable to " + shape_.ToString(),
                               s.ToString());
    }
    ArrayList forward(const ArrayList& in) override { return {in[0].broadcast_to(shape_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {sum_to(gy[0], input_shape(0))}; }

private:
    Shape shape_;
};

// Axes of `from` that must be summed to reach `to` (leading extra axes, and size-1 axes of `to`).
void SumToAxes(const Shape& from, const Shape& to, Dims* sum_axes, Dims* squeeze_leading) {
    const int lead = from.ndim() - to.ndim();
    for (int i = 0; i < lead; ++i) sum_axes->push_back(i);
    for (int i = 0; i < to.ndim(); ++i)
        if (to[i] == 1 && from[lead + i] != 1) sum_axes->push_back(lead + i);
    *squeeze_leading = Dims{lead};
}

class SumTo : public FunctionNode {
public:
    explicit SumTo(const Shape& shape) : shape_(shape) {}
    const char* label() const override { return "SumTo"; }
    ArrayList forward(const ArrayList& in) override {
        const Shape& from = in[0].shape();
        CNET_CHECK_AS(ShapeError, from.ndim() >= shape_.ndim(), "sum_to: cannot sum ", from, " to ", shape_);
        Dims axes, lead;
        SumToAxes(from, shape_, &axes, &lead);
        if (axes.empty()) return {in[0]};
        Array s = np::sum(in[0], OptionalAxis(axes), true);
        return {s.reshape(shape_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override { return {broadcast_to(gy[0], input_shape(0))}; }

private:
    Shape shape_;
};

}  // namespace

Variable reshape(const Variable& x, const Shape& shape) {
    if (x.shape() == shape) return x;
    return Apply1<Reshape>({x}, shape);
}

Variable transpose(const Variable& x, const OptionalAxis& axes) {
    return Apply1<Transpose>({x}, axes.has_value() ? axes.axes() : Dims{});
}

Variable broadcast_to(const Variable& x, const Shape& shape) {
    if (x.shape() == shape) return x;
    return Apply1<BroadcastTo>({x}, shape);
}

Variable sum_to(const Variable& x, const Shape& shape) {
    if (x.shape() == shape) return x;
    return Apply1<SumTo>({x}, shape);
}

}  // namespace functions

Variable Variable::T() const { return functions::transpose(*this); }
Variable Variable::transpose() const { return functions::transpose(*this); }
Variable Variable::transpose(const Dims& axes) const { return functions::transpose(*this, OptionalAxis(axes)); }
Variable Variable::reshape(const Shape& shape) const { return functions::reshape(*this, shape); }

}  // namespace cnet
