// basic_math.cc — arithmetic FunctionNodes. Each backward is written with differentiable functions, so
// double backprop works; broadcast operands get their gradient summed back with sum_to.
#include "cnet/functions/basic_math.h"

#include <cmath>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/linalg.h"
#include "cnet/np/math.h"

namespace cnet {
namespace functions {
namespace {

using kernels::BinaryOp;

// Chainer requires both operands of an arithmetic op to have the same dtype.
void CheckBinary(const char* label, const ArrayList& in) {
    type_check::ExpectSameDtype(label, in, 0, 1);
    try {
        BroadcastShapes(in[0].shape(), in[1].shape());
    } catch (const ShapeError&) {
        type_check::Expect(label, false, "in_types[0].shape and in_types[1].shape are broadcastable",
                           in[0].shape().ToString() + ", " + in[1].shape().ToString());
    }
}

Variable SumToShape(const Variable& g, const Shape& shape) { return g.shape() == shape ? g : sum_to(g, shape); }

class Add : public FunctionNode {
public:
    const char* label() const override { return "Add"; }
    void check_type_forward(const ArrayList& in) const override { CheckBinary(label(), in); }
    ArrayList forward(const ArrayList& in) override { return {np::add(in[0], in[1])}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {SumToShape(gy[0], input_shape(0)), SumToShape(gy[0], input_shape(1))};
    }
};

class AddN : public FunctionNode {
public:
    const char* label() const override { return "Add"; }
    void check_type_forward(const ArrayList& in) const override {
        for (size_t i = 1; i < in.size(); ++i) type_check::ExpectSameDtype(label(), in, 0, i);
    }
    ArrayList forward(const ArrayList& in) override {
        Array y = in[0];
        for (size_t i = 1; i < in.size(); ++i) y = np::add(y, in[i]);
        if (in.size() == 1) y = y.copy();
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        VarList gxs;
        for (int i : targets) gxs.push_back(SumToShape(gy[0], input_shape(i)));
        return gxs;
    }
};

class AddConstant : public FunctionNode {
public:
    explicit AddConstant(Scalar c) : c_(c) {}
    const char* label() const override { return "AddConstant"; }
    ArrayList forward(const ArrayList& in) override { return {np::binary(BinaryOp::kAdd, in[0], c_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {gy[0]}; }

private:
    Scalar c_;
};

class Sub : public FunctionNode {
public:
    const char* label() const override { return "Sub"; }
    void check_type_forward(const ArrayList& in) const override { CheckBinary(label(), in); }
    ArrayList forward(const ArrayList& in) override { return {np::subtract(in[0], in[1])}; }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {SumToShape(gy[0], input_shape(0)), SumToShape(neg(gy[0]), input_shape(1))};
    }
};

class SubFromConstant : public FunctionNode {  // c - x
public:
    explicit SubFromConstant(Scalar c) : c_(c) {}
    const char* label() const override { return "SubFromConstant"; }
    ArrayList forward(const ArrayList& in) override { return {np::binary(BinaryOp::kSubtract, c_, in[0])}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {neg(gy[0])}; }

private:
    Scalar c_;
};

class Mul : public FunctionNode {
public:
    const char* label() const override { return "Mul"; }
    void check_type_forward(const ArrayList& in) const override { CheckBinary(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        return {np::multiply(in[0], in[1])};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) gx[i] = SumToShape(mul(gy[0], x[1 - i]), input_shape(i));
        return gx;
    }
};

class MulConstant : public FunctionNode {
public:
    explicit MulConstant(Scalar c) : c_(c) {}
    const char* label() const override { return "MulConstant"; }
    ArrayList forward(const ArrayList& in) override { return {np::binary(BinaryOp::kMultiply, in[0], c_)}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {mul(gy[0], c_)}; }

private:
    Scalar c_;
};

class Div : public FunctionNode {
public:
    const char* label() const override { return "Div"; }
    void check_type_forward(const ArrayList& in) const override { CheckBinary(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        return {np::divide(in[0], in[1])};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        const Variable gx0 = div(gy[0], x[1]);
        VarList gx(2);
        for (int i : targets) {
            if (i == 0) gx[0] = SumToShape(gx0, input_shape(0));
            else gx[1] = SumToShape(neg(div(mul(gx0, x[0]), x[1])), input_shape(1));
        }
        return gx;
    }
};

class DivFromConstant : public FunctionNode {  // c / x
public:
    explicit DivFromConstant(Scalar c) : c_(c) {}
    const char* label() const override { return "DivFromConstant"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        return {np::binary(BinaryOp::kDivide, c_, in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable x = get_retained_inputs()[0];
        return {div(mul(gy[0], -c_), mul(x, x))};
    }

private:
    Scalar c_;
};

class PowVarVar : public FunctionNode {
public:
    const char* label() const override { return "PowVarVar"; }
    void check_type_forward(const ArrayList& in) const override { CheckBinary(label(), in); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        retain_outputs({0});
        return {np::power(in[0], in[1])};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) {
            if (i == 0) {
                gx[0] = SumToShape(mul(mul(gy[0], x[1]), functions::pow(x[0], sub(x[1], Scalar(1)))), input_shape(0));
            } else {
                const Variable y = get_retained_outputs()[0];
                gx[1] = SumToShape(mul(mul(gy[0], y), unary_log(x[0])), input_shape(1));
            }
        }
        return gx;
    }

private:
    static Variable unary_log(const Variable& v);
};

class PowVarConst : public FunctionNode {  // x ** c
public:
    explicit PowVarConst(Scalar c) : c_(c) {}
    const char* label() const override { return "PowVarConst"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        return {np::binary(BinaryOp::kPower, in[0], c_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable x = get_retained_inputs()[0];
        const double c = c_.to_double();
        if (c == 2.0) return {mul(mul(gy[0], x), Scalar(2.0))};
        if (c == 1.0) return {gy[0]};
        return {mul(mul(gy[0], Scalar(c)), functions::pow(x, Scalar(c - 1.0)))};
    }

private:
    Scalar c_;
};

class PowConstVar : public FunctionNode {  // c ** x
public:
    explicit PowConstVar(Scalar c) : c_(c) {}
    const char* label() const override { return "PowConstVar"; }
    ArrayList forward(const ArrayList& in) override {
        retain_outputs({0});
        return {np::binary(BinaryOp::kPower, c_, in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable y = get_retained_outputs()[0];
        return {mul(mul(gy[0], y), Scalar(std::log(c_.to_double())))};
    }

private:
    Scalar c_;
};

class Neg : public FunctionNode {
public:
    const char* label() const override { return "Neg"; }
    ArrayList forward(const ArrayList& in) override { return {np::negative(in[0])}; }
    VarList backward(const IndexList&, const VarList& gy) override { return {neg(gy[0])}; }
};

class Absolute : public FunctionNode {
public:
    const char* label() const override { return "Absolute"; }
    void check_type_forward(const ArrayList& in) const override { type_check::ExpectFloat(label(), in, 0); }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        return {np::absolute(in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {mul(gy[0], Variable(np::sign(input_array(0)), false))};
    }
};

class MatMul : public FunctionNode {
public:
    MatMul(bool transa, bool transb) : transa_(transa), transb_(transb) {}
    const char* label() const override { return "MatMul"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectSameDtype(label(), in, 0, 1);
        type_check::ExpectNdimAtLeast(label(), in, 0, 2);
        type_check::ExpectNdimAtLeast(label(), in, 1, 2);
        const Array &a = in[0], &b = in[1];
        const int64_t ka = transa_ ? a.shape()[a.ndim() - 2] : a.shape().back();
        const int64_t kb = transb_ ? b.shape().back() : b.shape()[b.ndim() - 2];
        type_check::ExpectEq(label(), ka, kb, transa_ ? "a.shape[-2]" : "a.shape[-1]",
                             transb_ ? "b.shape[-1]" : "b.shape[-2]");
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        return {np::matmul(in[0], in[1], transa_, transb_)};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList x = get_retained_inputs();
        VarList gx(2);
        for (int i : targets) {
            if (i == 0) {
                gx[0] = transa_ ? functions::matmul(x[1], gy[0], transb_, true) : functions::matmul(gy[0], x[1], false, !transb_);
                gx[0] = SumToShape(gx[0], input_shape(0));
            } else {
                gx[1] = transb_ ? functions::matmul(gy[0], x[0], true, transa_) : functions::matmul(x[0], gy[0], !transa_, false);
                gx[1] = SumToShape(gx[1], input_shape(1));
            }
        }
        return gx;
    }

private:
    bool transa_, transb_;
};

class Log : public FunctionNode {
public:
    const char* label() const override { return "Log"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        return {np::log(in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {div(gy[0], get_retained_inputs()[0])};
    }
};

Variable PowVarVar::unary_log(const Variable& v) { return Apply1<Log>({v}); }

// Scalars are converted to the variable's dtype, as Chainer does (x * 2.0 stays float32).
bool IsFloatVar(const Variable& v) { return IsFloat(v.dtype()); }

}  // namespace

Variable add(const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "F.add needs at least one input");
    if (xs.size() == 2) return add(xs[0], xs[1]);
    return Apply1<AddN>(xs);
}
Variable add(const Variable& a, const Variable& b) { return Apply1<Add>({a, b}); }
Variable add(const Variable& a, Scalar b) { return Apply1<AddConstant>({a}, b); }
Variable sub(const Variable& a, const Variable& b) { return Apply1<Sub>({a, b}); }
Variable sub(const Variable& a, Scalar b) { return Apply1<AddConstant>({a}, -b); }
Variable rsub(const Variable& a, Scalar b) { return Apply1<SubFromConstant>({a}, b); }
Variable mul(const Variable& a, const Variable& b) { return Apply1<Mul>({a, b}); }
Variable mul(const Variable& a, Scalar b) { return Apply1<MulConstant>({a}, b); }
Variable div(const Variable& a, const Variable& b) { return Apply1<Div>({a, b}); }
Variable div(const Variable& a, Scalar b) {
    if (IsFloatVar(a)) return Apply1<MulConstant>({a}, Scalar(1.0 / b.to_double()));
    return Variable(np::binary(BinaryOp::kDivide, a.array(), b), false);
}
Variable rdiv(const Variable& a, Scalar b) { return Apply1<DivFromConstant>({a}, b); }
Variable floordiv(const Variable& a, const Variable& b) {
    return Variable(np::floor_divide(a.array(), b.array()), false);
}
Variable floordiv(const Variable& a, Scalar b) {
    return Variable(np::binary(BinaryOp::kFloorDivide, a.array(), b), false);
}
Variable pow(const Variable& a, const Variable& b) { return Apply1<PowVarVar>({a, b}); }
Variable pow(const Variable& a, Scalar b) { return Apply1<PowVarConst>({a}, b); }
Variable rpow(const Variable& a, Scalar b) { return Apply1<PowConstVar>({a}, b); }
Variable neg(const Variable& x) { return Apply1<Neg>({x}); }
Variable absolute(const Variable& x) { return Apply1<Absolute>({x}); }

Variable matmul(const Variable& a, const Variable& b, bool transa, bool transb) {
    // 1-D operands become matrices and the added axis is removed again (numpy.matmul).
    const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
    const Variable a2 = a_vec ? reshape(a, Shape{1, a.shape()[0]}) : a;
    const Variable b2 = b_vec ? reshape(b, Shape{b.shape()[0], 1}) : b;
    Variable y = Apply1<MatMul>({a2, b2}, transa && !a_vec, transb && !b_vec);
    if (a_vec || b_vec) {
        Shape s(y.shape().begin(), y.shape().end() - 2);
        if (!a_vec) s.push_back(y.shape()[y.ndim() - 2]);
        if (!b_vec) s.push_back(y.shape().back());
        y = reshape(y, s);
    }
    return y;
}

}  // namespace functions

namespace internal {
Variable AccumulateGrad(const Variable& a, const Variable& b) { return functions::add(a, b); }
}  // namespace internal

Variable operator+(const Variable& a, const Variable& b) { return functions::add(a, b); }
Variable operator-(const Variable& a, const Variable& b) { return functions::sub(a, b); }
Variable operator*(const Variable& a, const Variable& b) { return functions::mul(a, b); }
Variable operator/(const Variable& a, const Variable& b) { return functions::div(a, b); }
Variable operator+(const Variable& a, Scalar b) { return functions::add(a, b); }
Variable operator-(const Variable& a, Scalar b) { return functions::sub(a, b); }
Variable operator*(const Variable& a, Scalar b) { return functions::mul(a, b); }
Variable operator/(const Variable& a, Scalar b) { return functions::div(a, b); }
Variable operator+(Scalar a, const Variable& b) { return functions::add(b, a); }
Variable operator-(Scalar a, const Variable& b) { return functions::rsub(b, a); }
Variable operator*(Scalar a, const Variable& b) { return functions::mul(b, a); }
Variable operator/(Scalar a, const Variable& b) { return functions::rdiv(b, a); }
Variable operator-(const Variable& x) { return functions::neg(x); }

namespace {
// Chainer's AddConstant & co. force a constant array to the variable's dtype (utils.force_type): a float32
// Variable plus a float64 ndarray is float32.
Variable ConstantLike(const Array& constant, const Variable& x) {
    return Variable(constant.dtype() == x.dtype() ? constant : constant.astype(x.dtype()), false);
}
}  // namespace

Variable operator+(const Variable& a, const Array& b) { return a + ConstantLike(b, a); }
Variable operator-(const Variable& a, const Array& b) { return a - ConstantLike(b, a); }
Variable operator*(const Variable& a, const Array& b) { return a * ConstantLike(b, a); }
Variable operator/(const Variable& a, const Array& b) { return a / ConstantLike(b, a); }
Variable operator+(const Array& a, const Variable& b) { return ConstantLike(a, b) + b; }
Variable operator-(const Array& a, const Variable& b) { return ConstantLike(a, b) - b; }
Variable operator*(const Array& a, const Variable& b) { return ConstantLike(a, b) * b; }
Variable operator/(const Array& a, const Variable& b) { return ConstantLike(a, b) / b; }

}  // namespace cnet
