// gradient_check.cc — element-by-element central differences in the inputs' own dtype (use float64).
#include "cnet/testing/gradient_check.h"

#include <cmath>
#include <sstream>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace gradient_check {
namespace {

// Adds `delta` to the element at flat index k of a (in place).
void Nudge(Array& a, int64_t k, double delta) {
    int64_t offset = 0, rem = k;
    for (int d = a.ndim() - 1; d >= 0; --d) {
        offset += (rem % a.shape()[d]) * a.strides()[d];
        rem /= a.shape()[d];
    }
    Array e = a.as_strided(Shape{}, Strides{}, a.offset() + offset);
    e.fill(Scalar(e.item<double>() + delta));
}

double Dot(const ArrayList& ys, const std::vector<Array>& gys) {
    double total = 0;
    for (size_t j = 0; j < ys.size(); ++j) {
        if (!ys[j].defined()) continue;
        const Array prod = np::multiply(ys[j].astype(Dtype::kFloat64), gys[j].astype(Dtype::kFloat64));
        total += np::sum(prod).item<double>();
    }
    return total;
}

void Compare(const char* what, size_t index, const Array& analytic, const Array& numeric, const CheckOptions& o) {
    const std::vector<double> a = analytic.to_vector<double>(), n = numeric.to_vector<double>();
    for (size_t k = 0; k < a.size(); ++k) {
        if (std::fabs(a[k] - n[k]) <= o.atol + o.rtol * std::fabs(n[k])) continue;
        std::ostringstream os;
        os << "gradient check failed for " << what << " " << index << " at element " << k << ": backward gave "
           << a[k] << ", numerical gradient is " << n[k] << "\nbackward: " << analytic.repr()
           << "\nnumerical: " << numeric.repr();
        throw GradientCheckError(os.str());
    }
}

std::vector<Array> OutputGrads(const VarList& ys, const std::vector<Array>& y_grad) {
    std::vector<Array> gys;
    CNET_CHECK_AS(GradientCheckError, y_grad.empty() || y_grad.size() == ys.size(), "check_backward: ",
                  y_grad.size(), " output gradients given for ", ys.size(), " outputs");
    for (size_t j = 0; j < ys.size(); ++j) {
        if (!y_grad.empty()) {
            gys.push_back(y_grad[j]);
            continue;
        }
        CNET_CHECK_AS(GradientCheckError, ys[j].size() == 1,
                      "check_backward: y_grad is empty but output ", j, " has shape ", ys[j].shape());
        gys.push_back(Array::Ones(ys[j].shape(), ys[j].dtype()));
    }
    return gys;
}

}  // namespace

std::vector<Array> numerical_grad(const std::function<ArrayList()>& f, std::vector<Array> inputs,
                                  const std::vector<Array>& grad_outputs, double eps) {
    std::vector<Array> grads;
    for (Array& x : inputs) {
        std::vector<double> gp(static_cast<size_t>(x.size()));
        for (int64_t k = 0; k < x.size(); ++k) {
            Nudge(x, k, eps);
            const double plus = Dot(f(), grad_outputs);
            Nudge(x, k, -2 * eps);
            const double minus = Dot(f(), grad_outputs);
            Nudge(x, k, eps);
            gp[k] = (plus - minus) / (2 * eps);
        }
        grads.push_back(Array::FromVector(gp, x.shape()));
    }
    return grads;
}

void check_backward(const ForwardFn& func, const std::vector<Array>& x_data, const std::vector<Array>& y_grad,
                    const std::vector<Parameter>& params, const CheckOptions& options) {
    // Analytic gradients.
    VarList xs;
    std::vector<Array> arrays;
    for (const Array& x : x_data) {
        arrays.push_back(x.copy());
        xs.push_back(Variable(arrays.back(), IsFloat(x.dtype())));
    }
    const VarList ys = func(xs);
    const std::vector<Array> gys = OutputGrads(ys, y_grad);
    // Analytic gradients through chainer.grad, so an output that is an input itself (or the same variable
    // returned twice) still receives the sum of its output gradients.
    std::vector<Variable> outs, out_grads, targets(xs.begin(), xs.end());
    for (size_t j = 0; j < ys.size(); ++j) {
        if (ys[j].is_none()) continue;
        outs.push_back(ys[j]);
        out_grads.push_back(Variable(gys[j], false));
    }
    for (const Parameter& p : params) targets.push_back(p);
    const std::vector<Variable> gxs = grad(outs, targets, out_grads);
    // Numerical gradients of everything checked.
    std::vector<Array> checked;
    std::vector<Array> analytic;
    std::vector<std::string> kinds;
    std::vector<size_t> indexes;
    for (size_t i = 0; i < xs.size(); ++i) {
        const bool skip = !IsFloat(x_data[i].dtype()) || (i < options.no_grads.size() && options.no_grads[i]);
        if (skip) continue;
        checked.push_back(arrays[i]);
        const Array g = gxs[i].defined() ? gxs[i].array() : Array();
        analytic.push_back(g.defined() ? g : Array::Zeros(x_data[i].shape(), Dtype::kFloat64));
        kinds.push_back("input");
        indexes.push_back(i);
    }
    for (size_t i = 0; i < params.size(); ++i) {
        checked.push_back(params[i].array());
        const Variable& g = gxs[xs.size() + i];
        analytic.push_back(g.defined() ? g.array() : Array::Zeros(params[i].shape(), Dtype::kFloat64));
        kinds.push_back("parameter");
        indexes.push_back(i);
    }
    auto f = [&]() {
        // Backprop stays enabled: check_double_backward's function itself calls grad().
        VarList fresh;
        for (size_t i = 0; i < arrays.size(); ++i) fresh.push_back(Variable(arrays[i], IsFloat(arrays[i].dtype())));
        ArrayList out;
        for (const Variable& y : func(fresh)) out.push_back(y.is_none() ? Array() : y.array());
        return out;
    };
    const std::vector<Array> numeric = numerical_grad(f, checked, gys, options.eps);
    for (size_t k = 0; k < checked.size(); ++k) Compare(kinds[k].c_str(), indexes[k], analytic[k], numeric[k], options);
}

void check_double_backward(const ForwardFn& func, const std::vector<Array>& x_data,
                           const std::vector<Array>& y_grad, const std::vector<Array>& x_grad_grad,
                           const std::vector<Parameter>& params, const CheckOptions& options) {
    const size_t nx = x_data.size();
    auto first_order = [&](const VarList& in) {
        std::vector<Variable> xs(in.begin(), in.begin() + nx);
        std::vector<Variable> gys(in.begin() + nx, in.end());
        const VarList ys_list = func(VarList(xs.begin(), xs.end()));
        std::vector<Variable> ys(ys_list.begin(), ys_list.end());
        std::vector<Variable> targets = xs;
        for (const Parameter& p : params) targets.push_back(p);
        const std::vector<Variable> gxs = grad(ys, targets, gys, {}, false, false, /*enable_double_backprop=*/true);
        VarList out;
        for (size_t i = 0; i < gxs.size(); ++i) {
            out.push_back(gxs[i].defined() ? gxs[i] : Variable(Array::Zeros(targets[i].shape(), targets[i].dtype()), false));
        }
        return out;
    };
    std::vector<Array> inputs = x_data;
    inputs.insert(inputs.end(), y_grad.begin(), y_grad.end());
    std::vector<Array> ggs = x_grad_grad;
    for (const Parameter& p : params) ggs.push_back(Array::Zeros(p.shape(), p.dtype()));
    check_backward(first_order, inputs, ggs, params, options);
}

}  // namespace gradient_check
}  // namespace cnet
