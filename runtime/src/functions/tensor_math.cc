// tensor_math.cc — tensordot (transpose + reshape + one matmul), bias and scale (reshape + broadcast + add/mul),
// and the Cumsum node (forward np::cumsum; backward the reversed cumsum of the gradient).
#include "cnet/functions/tensor_math.h"

#include <algorithm>
#include <numeric>

#include "cnet/core/error.h"
#include "cnet/core/function_node.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

int Normalize(int64_t axis, int ndim, const char* what) {
    const int64_t a = axis < 0 ? axis + ndim : axis;
    CNET_CHECK_AS(ValueError, a >= 0 && a < ndim, what, ": axis ", axis, " is out of range for ", ndim, "-d input");
    return static_cast<int>(a);
}

class Cumsum : public FunctionNode {
public:
    explicit Cumsum(int axis) : axis_(axis) {}
    const char* label() const override { return "Cumsum"; }
    ArrayList forward(const ArrayList& in) override { return {np::cumsum(in[0], axis_)}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        // d/dx_j of sum_i g_i y_i = sum_{i >= j} g_i: the cumsum of g taken from the end.
        return {flip(Apply1<Cumsum>({flip(gy[0], axis_)}, axis_), axis_)};
    }

private:
    int axis_;
};

// y (x.shape[axis:axis + y.ndim]) reshaped to (1.., y.shape, 1..) and broadcast to x's shape.
Variable BroadcastAlong(const Variable& x, const Variable& y, int axis, const char* what) {
    const int ax = Normalize(axis, x.ndim(), what);
    CNET_CHECK_AS(ShapeError, ax + y.ndim() <= x.ndim(), what, ": y of shape ", y.shape(),
                  " does not fit x of shape ", x.shape(), " from axis ", axis);
    Shape s;
    for (int i = 0; i < x.ndim(); ++i) {
        const bool in_y = i >= ax && i < ax + y.ndim();
        if (in_y) {
            CNET_CHECK_AS(ShapeError, y.shape()[i - ax] == x.shape()[i], what, ": y's shape ", y.shape(),
                          " must equal x.shape[", ax, ":", ax + y.ndim(), "], x is ", x.shape());
        }
        s.push_back(in_y ? y.shape()[i - ax] : 1);
    }
    return broadcast_to(reshape(y, s), x.shape());
}

}  // namespace

Variable tensordot(const Variable& a, const Variable& b, int64_t axes) {
    CNET_CHECK_AS(ValueError, axes >= 0 && axes <= a.ndim() && axes <= b.ndim(), "tensordot: axes ", axes,
                  " exceeds the ranks ", a.ndim(), " and ", b.ndim());
    std::vector<int64_t> aa, ba;
    for (int64_t k = 0; k < axes; ++k) {
        aa.push_back(a.ndim() - axes + k);
        ba.push_back(k);
    }
    return tensordot(a, b, {aa, ba});
}

Variable tensordot(const Variable& a, const Variable& b,
                   const std::pair<std::vector<int64_t>, std::vector<int64_t>>& axes) {
    CNET_CHECK_AS(ValueError, axes.first.size() == axes.second.size(), "tensordot: ", axes.first.size(),
                  " axes of a but ", axes.second.size(), " of b");
    std::vector<int> ca, cb;
    int64_t k = 1;
    for (size_t i = 0; i < axes.first.size(); ++i) {
        ca.push_back(Normalize(axes.first[i], a.ndim(), "tensordot"));
        cb.push_back(Normalize(axes.second[i], b.ndim(), "tensordot"));
        CNET_CHECK_AS(ShapeError, a.shape()[ca.back()] == b.shape()[cb.back()], "tensordot: shape mismatch: a ",
                      a.shape(), " axis ", ca.back(), " vs b ", b.shape(), " axis ", cb.back());
        k *= a.shape()[ca.back()];
    }
    // a -> (free_a..., contracted...) as (m, k); b -> (contracted..., free_b...) as (k, n).
    Dims pa, pb;
    Shape out;
    int64_t m = 1, n = 1;
    for (int i = 0; i < a.ndim(); ++i) {
        if (std::find(ca.begin(), ca.end(), i) == ca.end()) {
            pa.push_back(i);
            out.push_back(a.shape()[i]);
            m *= a.shape()[i];
        }
    }
    for (int i : ca) pa.push_back(i);
    for (int i : cb) pb.push_back(i);
    for (int i = 0; i < b.ndim(); ++i) {
        if (std::find(cb.begin(), cb.end(), i) == cb.end()) {
            pb.push_back(i);
            out.push_back(b.shape()[i]);
            n *= b.shape()[i];
        }
    }
    const Variable a2 = reshape(transpose(a, pa), Shape{m, k});
    const Variable b2 = reshape(transpose(b, pb), Shape{k, n});
    return reshape(functions::matmul(a2, b2, false, false), out);
}

Variable bias(const Variable& x, const Variable& y, int axis) { return x + BroadcastAlong(x, y, axis, "bias"); }

Variable scale(const Variable& x, const Variable& y, int axis) { return x * BroadcastAlong(x, y, axis, "scale"); }

Variable cumsum(const Variable& x, std::optional<int> axis) {
    if (!axis) return Apply1<Cumsum>({reshape(x, Shape{x.size()})}, 0);
    return Apply1<Cumsum>({x}, Normalize(*axis, x.ndim(), "cumsum"));
}

}  // namespace functions
}  // namespace cnet
