// function.h — chainer.Function, the v1-style function: forward and backward both on arrays. It is a
// FunctionNode whose backward calls the array backward and wraps the results as constants, so, as in
// Chainer, a Function's gradient is not itself differentiable (no double backprop through it); write a
// FunctionNode for that.
#pragma once

#include "cnet/core/function_node.h"

namespace cnet {

class Function : public FunctionNode {
public:
    /// Gradients of every input (an undefined Array for none) from the input arrays and the output gradients
    /// (an undefined Array where an output received none).
    virtual ArrayList backward_arrays(const ArrayList& inputs, const ArrayList& grad_outputs) = 0;

    /// FunctionNode::backward: backward_arrays on the arrays, results as constant Variables.
    VarList backward(const IndexList& target_input_indexes, const VarList& grad_outputs) final;
};

}  // namespace cnet
