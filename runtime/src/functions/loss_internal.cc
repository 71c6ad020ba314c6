// loss_internal.cc — the losses' private helpers: reduce checks, sums, and exp/sigmoid/softplus/log_softmax
// nodes whose backward is written with differentiable functions (so they can be differentiated again).
#include "functions/loss_internal.h"

#include "cnet/core/function_node.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace loss_internal {
namespace {

using kernels::BinaryOp;
using kernels::UnaryOp;

class ExpNode : public FunctionNode {
public:
    const char* label() const override { return "Exp"; }
    ArrayList forward(const ArrayList& in) override {
        retain_outputs({0});
        return {np::exp(in[0])};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {mul(gy[0], get_retained_outputs()[0])};
    }
};

class SigmoidNode : public FunctionNode {
public:
    const char* label() const override { return "Sigmoid"; }
    ArrayList forward(const ArrayList& in) override {
        retain_outputs({0});
        return {np::unary(UnaryOp::kSigmoid, in[0])};
    }
    // dy/dx = y (1 - y)
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable y = get_retained_outputs()[0];
        return {mul(gy[0], mul(y, rsub(y, Scalar(1.0))))};
    }
};

class SoftplusNode : public FunctionNode {
public:
    const char* label() const override { return "Softplus"; }
    // log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|))
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0});
        const Array& x = in[0];
        Array y = np::binary(BinaryOp::kMaximum, x, Scalar(0.0)) + np::log1p(np::exp(-np::absolute(x)));
        return {y.astype(x.dtype(), false)};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {mul(gy[0], Sigmoid(get_retained_inputs()[0]))};
    }
};

// log_softmax along axis 1: y = x - max - log(sum(exp(x - max))).
class LogSoftmaxNode : public FunctionNode {
public:
    const char* label() const override { return "LogSoftmax"; }
    ArrayList forward(const ArrayList& in) override {
        retain_outputs({0});
        const Array x = ComputeArray(in[0]);
        const Array m = np::max(x, OptionalAxis(1), true);
        const Array shifted = x - m;
        const Array lse = np::log(np::sum(np::exp(shifted), OptionalAxis(1), true));
        return {(shifted - lse).astype(in[0].dtype(), false)};
    }
    // gx = gy - softmax(x) * sum(gy, axis=1)
    VarList backward(const IndexList&, const VarList& gy) override {
        const Variable y = get_retained_outputs()[0];
        return {sub(gy[0], mul(Exp(y), SumAxis1Keep(gy[0])))};
    }
};

}  // namespace

void CheckReduce(const std::string& reduce, std::initializer_list<const char*> valid) {
    std::string names;
    for (const char* v : valid) {
        if (reduce == v) return;
        names += names.empty() ? "" : " and ";
        names += std::string("'") + v + "'";
    }
    throw ValueError("only " + names + " are valid for 'reduce', but '" + reduce + "' is given");
}

Variable SumAll(const Variable& x) { return sum_to(x, Shape{}); }

Variable SumAxis1Keep(const Variable& x) {
    Shape s = x.shape();
    s[1] = 1;
    return sum_to(x, s);
}

Variable SumAxis1(const Variable& x) {
    Shape s = x.shape();
    s.erase(1);
    return reshape(SumAxis1Keep(x), s);
}

Variable Exp(const Variable& x) { return Apply1<ExpNode>({x}); }
Variable Sigmoid(const Variable& x) { return Apply1<SigmoidNode>({x}); }
Variable Softplus(const Variable& x) { return Apply1<SoftplusNode>({x}); }
Variable LogSoftmax(const Variable& x) { return Apply1<LogSoftmaxNode>({x}); }

Array ComputeArray(const Array& a) { return a.dtype() == Dtype::kFloat16 ? a.astype(Dtype::kFloat32) : a; }

}  // namespace loss_internal
}  // namespace functions
}  // namespace cnet
