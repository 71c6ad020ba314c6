// math_binary.cc — Maximum, Minimum, SquaredDifference, Arctan2, Fmod (NumPy broadcasting, gradients summed
// back with sum_to) and Clip. Selection gradients multiply by a constant mask (internal::MaskMultiply).
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/math.h"
#include "cnet/np/math.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

// Both operands float of one dtype, with broadcastable shapes (Chainer v4 requires equal shapes; broadcasting
// is accepted here as in basic_math).
void CheckBinaryFloat(const char* label, const ArrayList& in) {
    type_check::ExpectFloat(label, in, 0);
    type_check::ExpectSameDtype(label, in, 0, 1);
    try {
        BroadcastShapes(in[0].shape(), in[1].shape());
    } catch (const ShapeError&) {
        type_check::Expect(label, false, "in_types[0].shape and in_types[1].shape are broadcastable",
                           in[0].shape().ToString() + ", " + in[1].shape().ToString());
    }
}

enum class Binary { kMaximum, kMinimum, kSquaredDifference, kArctan2, kFmod };

const char* Label(Binary op) {
    switch (op) {
        case Binary::kMaximum: return "Maximum";
        case Binary::kMinimum: return "Minimum";
        case Binary::kSquaredDifference: return "SquaredDifference";
        case Binary::kArctan2: return "Arctan2";
        default: return "Fmod";
    }
}

class BinaryMath : public FunctionNode {
public:
    explicit BinaryMath(Binary op) : op_(op) {}
    const char* label() const override { return Label(op_); }
    void check_type_forward(const ArrayList& in) const override { CheckBinaryFloat(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        switch (op_) {
            case Binary::kMaximum: return {np::maximum(in[0], in[1])};
            case Binary::kMinimum: return {np::minimum(in[0], in[1])};
            case Binary::kSquaredDifference: return {np::square(np::subtract(in[0], in[1]))};
            case Binary::kArctan2: return {np::arctan2(in[0], in[1])};
            default: return {np::fmod(in[0], in[1])};
        }
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) gx[i] = sum_to(Grad(i, x[0], x[1], gy[0]), input_shape(i));
        return gx;
    }

private:
    // The gradient of input i at the output's (broadcast) shape.
    Variable Grad(int i, const Variable& x1, const Variable& x2, const Variable& gy) const {
        switch (op_) {
            case Binary::kMaximum:
            case Binary::kMinimum: {  // ties go to x1, as Chainer's x1 >= x2 / x1 <= x2 condition
                Array cond = op_ == Binary::kMaximum ? x1.array() >= x2.array() : x1.array() <= x2.array();
                return internal::MaskMultiply(gy, i == 0 ? cond : ~cond);
            }
            case Binary::kSquaredDifference: {  // +-2 (x1 - x2) gy
                const Variable g = mul(mul(gy, sub(x1, x2)), Scalar(2.0));
                return i == 0 ? g : neg(g);
            }
            case Binary::kArctan2: {  // (x2, -x1) * gy / (x1^2 + x2^2)
                const Variable r = add(square(x1), square(x2));
                return i == 0 ? div(mul(gy, x2), r) : neg(div(mul(gy, x1), r));
            }
            default: {  // fmod(x, d) = x - fix(x / d) * d, and fix is piecewise constant
                if (i == 0) return gy;
                const Array q = np::fix(np::divide(x1.array(), x2.array()));
                return neg(mul(gy, Variable(q, false)));
            }
        }
    }

    Binary op_;
};

class Clip : public FunctionNode {
public:
    Clip(double x_min, double x_max) : x_min_(x_min), x_max_(x_max) {}
    const char* label() const override { return "Clip"; }
    void check_type_forward(const ArrayList& in) const override { type_check::ExpectFloat(label(), in, 0); }
    ArrayList forward(const ArrayList& in) override { return {np::clip(in[0], Scalar(x_min_), Scalar(x_max_))}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Array& x = input_array(0);
        return {internal::MaskMultiply(gy[0], (x >= Scalar(x_min_)) & (x <= Scalar(x_max_)))};
    }

private:
    double x_min_, x_max_;
};

Variable Apply(Binary op, const Variable& x1, const Variable& x2) { return Apply1<BinaryMath>({x1, x2}, op); }

}  // namespace

Variable maximum(const Variable& x1, const Variable& x2) { return Apply(Binary::kMaximum, x1, x2); }
Variable minimum(const Variable& x1, const Variable& x2) { return Apply(Binary::kMinimum, x1, x2); }
Variable squared_difference(const Variable& x1, const Variable& x2) {
    return Apply(Binary::kSquaredDifference, x1, x2);
}
Variable arctan2(const Variable& x1, const Variable& x2) { return Apply(Binary::kArctan2, x1, x2); }
Variable fmod(const Variable& x, const Variable& divisor) { return Apply(Binary::kFmod, x, divisor); }

Variable clip(const Variable& x, double x_min, double x_max) {
    CNET_CHECK_AS(ValueError, x_min < x_max, "x_min must be less than x_max.");
    return Apply1<Clip>({x}, x_min, x_max);
}

}  // namespace functions
}  // namespace cnet
