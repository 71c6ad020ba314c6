// gradient_check.h — chainer.gradient_check: numerical gradients by central differences and the
// check_backward / check_double_backward assertions used by every function's tests.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "cnet/core/variable.h"

namespace cnet {
namespace gradient_check {

using ForwardFn = std::function<VarList(const VarList&)>;

/// Numerical gradient of sum_j(f()_j * grad_outputs_j) w.r.t. each input array, by central differences
/// with step eps. `f` recomputes the outputs from the (in-place modified, then restored) inputs.
std::vector<Array> numerical_grad(const std::function<ArrayList()>& f, std::vector<Array> inputs,
                                  const std::vector<Array>& grad_outputs, double eps = 1e-3);

struct CheckOptions {
    double eps = 1e-3;
    double atol = 1e-5;
    double rtol = 1e-4;
    /// Inputs whose gradient is not checked (integer inputs are skipped automatically).
    std::vector<bool> no_grads;
};

/// Runs func on Variables made from x_data, backpropagates y_grad (empty: every output must have one
/// element and gets 1), and compares every input's (and param's) gradient with the numerical one.
/// Throws GradientCheckError naming the input, element, and both values on mismatch.
void check_backward(const ForwardFn& func, const std::vector<Array>& x_data, const std::vector<Array>& y_grad,
                    const std::vector<Parameter>& params = {}, const CheckOptions& options = {});

/// Checks the gradient of the gradient: func's first-order gradients (computed with double backprop) are
/// checked as a function of (x_data, y_grad) against x_grad_grad.
void check_double_backward(const ForwardFn& func, const std::vector<Array>& x_data,
                           const std::vector<Array>& y_grad, const std::vector<Array>& x_grad_grad,
                           const std::vector<Parameter>& params = {}, const CheckOptions& options = {});

}  // namespace gradient_check
}  // namespace cnet
