// loss_internal.h — helpers shared by the loss files: reduce-option checks, constant arrays, axis-1 sums,
// and the small twice-differentiable nodes the losses build on (exp, sigmoid, softplus, log_softmax).
#pragma once

#include <initializer_list>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {
namespace loss_internal {

/// Raises Chainer's ValueError "only 'mean' and 'no' are valid for 'reduce', but 'x' is given" unless
/// `reduce` is one of `valid` (the message lists them in order).
void CheckReduce(const std::string& reduce, std::initializer_list<const char*> valid);

/// A constant (requires_grad=False) variable.
inline Variable Const(const Array& a) { return Variable(a, false); }

/// sum over every axis (0-d result).
Variable SumAll(const Variable& x);
/// sum over axis 1, keeping it as size 1: (N, C, ...) -> (N, 1, ...).
Variable SumAxis1Keep(const Variable& x);
/// sum over axis 1: (N, C, ...) -> (N, ...).
Variable SumAxis1(const Variable& x);

/// Elementwise exp(x) (differentiable any number of times).
Variable Exp(const Variable& x);
/// Elementwise 1 / (1 + exp(-x)), computed stably.
Variable Sigmoid(const Variable& x);
/// Elementwise log(1 + exp(x)), computed stably.
Variable Softplus(const Variable& x);
/// log(softmax(x)) along axis 1 of (N, C, ...), computed stably.
Variable LogSoftmax(const Variable& x);

/// The array as float32 when it is float16 (float16 is a storage dtype), else itself.
Array ComputeArray(const Array& a);

}  // namespace loss_internal
}  // namespace functions
}  // namespace cnet
