// array_axis.cc — axis changes: expand_dims, squeeze and flatten (reshapes with Chainer's checks), swapaxes and
// rollaxis (transposes), flip (its own adjoint), and broadcast.
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace functions {
namespace {

std::string Str(int64_t v) { return std::to_string(v); }

class Flip : public FunctionNode {
public:
    explicit Flip(int axis) : axis_(axis) {}
    const char* label() const override { return "Flip"; }
    void check_type_forward(const ArrayList& in) const override {
        const int ndim = in[0].ndim();
        if (axis_ >= 0) type_check::Expect(label(), axis_ < ndim, "axis < in_types[0].ndim", Str(axis_) + " >= " + Str(ndim));
        else type_check::Expect(label(), -axis_ - 1 < ndim, "-axis - 1 < in_types[0].ndim", Str(-axis_ - 1) + " >= " + Str(ndim));
    }
    ArrayList forward(const ArrayList& in) override { return {np::flip(in[0], OptionalAxis(axis_))}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {flip(gy[0], axis_)}; }

private:
    int axis_;
};

}  // namespace

Variable expand_dims(const Variable& x, int axis) {
    const int ndim = x.ndim();
    if (axis >= 0) type_check::Expect("ExpandDims", ndim >= axis, "in_types[0].ndim >= " + Str(axis), Str(ndim) + " < " + Str(axis));
    else type_check::Expect("ExpandDims", ndim >= -axis - 1, "in_types[0].ndim >= " + Str(-axis - 1), Str(ndim) + " < " + Str(-axis - 1));
    const int at = axis < 0 ? axis + ndim + 1 : axis;
    Shape shape = x.shape();
    shape.insert(at, 1);
    return reshape(x, shape);
}

Variable squeeze(const Variable& x, const OptionalAxis& axis) {
    const Shape& s = x.shape();
    Shape shape;
    if (!axis.has_value()) {
        for (int64_t d : s)
            if (d != 1) shape.push_back(d);
    } else {
        for (int64_t a : axis.axes()) {
            const int64_t v = a >= 0 ? a : -a - 1;
            type_check::Expect("Squeeze", v < x.ndim(), Str(v) + " < in_types[0].ndim", Str(v) + " >= " + Str(x.ndim()));
        }
        const Dims axes = axis.Normalize(x.ndim());
        for (int64_t a : axes)
            type_check::Expect("Squeeze", s[static_cast<int>(a)] == 1, "in_types[0].shape[" + Str(a) + "] == 1",
                               Str(s[static_cast<int>(a)]) + " != 1");
        for (int d = 0; d < s.ndim(); ++d) {
            bool drop = false;
            for (int64_t a : axes) drop = drop || a == d;
            if (!drop) shape.push_back(s[d]);
        }
    }
    return reshape(x, shape);
}

Variable flatten(const Variable& x) { return reshape(x, Shape{x.size()}); }

Variable swapaxes(const Variable& x, int axis1, int axis2) {
    const int ndim = x.ndim();
    const int a = static_cast<int>(NormalizeAxis(axis1, ndim)), b = static_cast<int>(NormalizeAxis(axis2, ndim));
    Dims perm;
    for (int d = 0; d < ndim; ++d) perm.push_back(d);
    std::swap(perm[a], perm[b]);
    return transpose(x, perm);
}

Variable rollaxis(const Variable& x, int axis, int start) {
    const int ndim = x.ndim();
    const int a = static_cast<int>(NormalizeAxis(axis, ndim));
    CNET_CHECK_AS(IndexError, start >= -ndim && start <= ndim, "rollaxis: start ", start, " is out of bounds for ",
                  ndim, " dimensions");
    int s = start < 0 ? start + ndim : start;
    if (a < s) --s;
    Dims perm;
    for (int d = 0; d < ndim; ++d)
        if (d != a) perm.push_back(d);
    perm.insert(s, a);
    return transpose(x, perm);
}

Variable flip(const Variable& x, int axis) { return Apply1<Flip>({x}, axis); }
Variable fliplr(const Variable& x) {
    type_check::Expect("Flip", x.ndim() >= 2, "in_types[0].ndim >= 2", Str(x.ndim()) + " < 2");
    return flip(x, 1);
}
Variable flipud(const Variable& x) {
    type_check::Expect("Flip", x.ndim() >= 1, "in_types[0].ndim >= 1", Str(x.ndim()) + " < 1");
    return flip(x, 0);
}

VarList broadcast(const VarList& args) {
    CNET_CHECK_AS(ValueError, !args.empty(), "broadcast: need at least one input");
    Shape shape = args[0].shape();
    for (size_t i = 1; i < args.size(); ++i) {
        try {
            shape = BroadcastShapes(shape, args[i].shape());
        } catch (const ShapeError&) {
            type_check::Expect("Broadcast", false, "in_types[0].shape and in_types[" + Str(i) + "].shape are broadcastable",
                               args[0].shape().ToString() + ", " + args[i].shape().ToString());
        }
    }
    VarList ys;
    for (const Variable& a : args) ys.push_back(broadcast_to(a, shape));
    return ys;
}

}  // namespace functions
}  // namespace cnet
