// math_mask.cc — MaskMultiply (g * constant mask) and the axis helpers that softmax and the reductions share.
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/math.h"
#include "functions/math_internal.h"

namespace cnet {
namespace internal {
namespace {

// y = where(mask, g, 0) broadcast to the joint shape. Linear in g with a 0/1 diagonal, hence self-adjoint.
class MaskMultiplyNode : public FunctionNode {
public:
    explicit MaskMultiplyNode(Array mask) : mask_(std::move(mask)) {}
    const char* label() const override { return "MaskMultiply"; }
    ArrayList forward(const ArrayList& in) override { return {np::where(mask_, in[0], Scalar(0))}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable gx = Apply1<MaskMultiplyNode>({gy[0]}, mask_);
        return {functions::sum_to(gx, input_shape(0))};
    }

private:
    Array mask_;
};

}  // namespace

Variable MaskMultiply(const Variable& g, const Array& mask) { return Apply1<MaskMultiplyNode>({g}, mask); }

Shape KeepdimsShape(const Shape& shape, const Dims& axes) {
    Shape s = shape;
    for (int64_t ax : axes) s[static_cast<int>(ax)] = 1;
    return s;
}

void ExpectAxisInRange(const char* label, int64_t axis, int ndim) {
    const int64_t v = axis >= 0 ? axis : -axis - 1;
    type_check::Expect(label, v < ndim, std::to_string(v) + " < in_types[0].ndim",
                       std::to_string(v) + " >= " + std::to_string(ndim));
}

void AxisReduction::check_type_forward(const ArrayList& in) const {
    type_check::ExpectFloat(label(), in, 0);
    if (axis_.has_value())
        for (int64_t a : axis_.axes()) ExpectAxisInRange(label(), a, in[0].ndim());
}

Variable BroadcastReduced(const Variable& gy, const Shape& shape, const Dims& axes) {
    return functions::broadcast_to(functions::reshape(gy, KeepdimsShape(shape, axes)), shape);
}

}  // namespace internal
}  // namespace cnet
