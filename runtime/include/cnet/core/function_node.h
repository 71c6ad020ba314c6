// function_node.h — chainer.FunctionNode: one differentiable operation on the tape. A function family
// defines forward on arrays and backward on Variables (so double backprop comes for free).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/core/pool.h"
#include "cnet/core/variable.h"

namespace cnet {

class FunctionNode : public std::enable_shared_from_this<FunctionNode> {
public:
    virtual ~FunctionNode() = default;

    /// The name shown in errors and graphs ("ReLU", "LinearFunction").
    virtual const char* label() const = 0;
    /// Chainer's check_type_forward: throw InvalidType (see type_check.h) for bad inputs.
    virtual void check_type_forward(const ArrayList& inputs) const {}
    /// Computes the outputs from the input arrays. May call retain_inputs / retain_outputs.
    virtual ArrayList forward(const ArrayList& inputs) = 0;
    /// Gradients of the inputs listed in target_input_indexes (or of all inputs) from the output gradients.
    /// A grad_outputs entry is None when that output received no gradient. Return None for no gradient.
    virtual VarList backward(const IndexList& target_input_indexes, const VarList& grad_outputs) = 0;

    /// Runs forward on the inputs and, when backprop is enabled and an input requires grad, records this
    /// node as the creator of the outputs. Must be called on a node owned by a shared_ptr.
    VarList apply(const VarList& inputs) { return Apply(inputs, nullptr); }

    // ---- graph
    int rank() const { return rank_; }
    size_t num_inputs() const { return inputs_.size(); }
    size_t num_outputs() const { return num_outputs_; }
    const SmallVector<std::shared_ptr<VariableImpl>, 4>& inputs() const { return inputs_; }
    /// The output variables still alive (None for dead ones).
    VarList outputs() const;
    /// Drops the references to the inputs and unchains the outputs (FunctionNode.unchain()).
    void unchain();

    // ---- metadata of the inputs, available in backward whether or not they were retained
    const Shape& input_shape(size_t i) const;
    Dtype input_dtype(size_t i) const;
    const Shape& output_shape(size_t i) const { return output_shapes_[i]; }
    Dtype output_dtype(size_t i) const { return output_dtypes_[i]; }

protected:
    /// Call inside forward: these inputs/outputs are available to backward via get_retained_*.
    void retain_inputs(std::initializer_list<int> indexes) { retained_inputs_ = SmallVector<int, 2>(indexes); }
    void retain_outputs(std::initializer_list<int> indexes) { retained_outputs_ = SmallVector<int, 2>(indexes); }
    void retain_inputs(const IndexList& indexes) { retained_inputs_ = SmallVector<int, 2>(indexes.begin(), indexes.end()); }
    void retain_outputs(const IndexList& indexes) {
        retained_outputs_ = SmallVector<int, 2>(indexes.begin(), indexes.end());
    }
    /// The retained inputs (as graph variables, so backward is differentiable through them).
    VarList get_retained_inputs() const;
    /// The retained outputs; an output whose handle died is recreated with this node as creator.
    VarList get_retained_outputs();
    /// The array of input i / of retained output i (cheap access in backward, no Variable created).
    const Array& input_array(size_t i) const;
    const Array& retained_output_array(size_t i) const;

private:
    friend class BackwardEngine;
    template <typename Node, typename... Args>
    friend VarList ApplyN(const VarList& inputs, Args&&... args);
    /// apply(); `owner` (may be null) is a shared_ptr the caller holds to this node, which saves
    /// shared_from_this()'s locked compare-and-swap on every recorded call.
    VarList Apply(const VarList& inputs, const std::shared_ptr<FunctionNode>* owner);
    /// The output i while it is alive, else null. Liveness comes from outputs_ (weak_ptr::expired is a plain
    /// load); the pointer from output_ptrs_, since weak_ptr::lock costs a locked compare-and-swap.
    VariableImpl* live_output(size_t i) const { return outputs_[i].expired() ? nullptr : output_ptrs_[i]; }

    // What the backward engine reads of every node first (its heap order, its visit mark, its inputs).
    int rank_ = 0;
    uint64_t visit_mark_ = 0;
    size_t num_outputs_ = 0;
    SmallVector<std::shared_ptr<VariableImpl>, 4> inputs_;
    SmallVector<std::weak_ptr<VariableImpl>, 2> outputs_;
    SmallVector<VariableImpl*, 2> output_ptrs_;  // indexed like outputs_; valid while those are alive
    SmallVector<Shape, 1> output_shapes_;
    SmallVector<Dtype, 2> output_dtypes_;
    SmallVector<int, 2> retained_inputs_;
    SmallVector<int, 2> retained_outputs_;
    // Indexed like retained_outputs_. On the heap (through the pool): few functions retain outputs, and an
    // inline Array would add 176 bytes to every node on the tape.
    std::vector<Array, internal::PoolAllocator<Array>> retained_output_arrays_;
};

/// Convenience: make the node, apply it, return the single output.
template <typename Node, typename... Args>
VarList ApplyN(const VarList& inputs, Args&&... args) {
    const std::shared_ptr<FunctionNode> node = internal::MakeShared<Node>(std::forward<Args>(args)...);
    return node->Apply(inputs, &node);
}
template <typename Node, typename... Args>
Variable Apply1(const VarList& inputs, Args&&... args) {
    return ApplyN<Node>(inputs, std::forward<Args>(args)...)[0];
}

/// chainer.grad: gradients of `outputs` w.r.t. `inputs`, along the paths that connect them only.
/// Leaves' .grad are not touched unless set_grad.
std::vector<Variable> grad(const std::vector<Variable>& outputs, const std::vector<Variable>& inputs,
                           const std::vector<Variable>& grad_outputs = {},
                           const std::vector<Variable>& grad_inputs = {}, bool set_grad = false,
                           bool retain_grad = false, bool enable_double_backprop = false,
                           std::optional<double> loss_scale = std::nullopt);
namespace internal {
inline std::vector<Variable> VariableVector(const std::vector<Variable>& l) { return l; }
inline std::vector<Variable> VariableVector(const VarList& l) { return std::vector<Variable>(l.begin(), l.end()); }
inline std::vector<Variable> VariableVector(std::nullopt_t) { return {}; }
template <typename L>
std::vector<Variable> VariableVector(const std::optional<L>& l) {
    return l ? VariableVector(*l) : std::vector<Variable>{};
}
}  // namespace internal

/// chainer.grad as .cnet calls it: lists as VarList or std::vector, None (nullopt) for no grad_outputs / grad_inputs.
template <typename O, typename I, typename GO = std::nullopt_t, typename GI = std::nullopt_t>
std::vector<Variable> grad_lists(const O& outputs, const I& inputs, const GO& grad_outputs = std::nullopt,
                                 const GI& grad_inputs = std::nullopt, bool set_grad = false, bool retain_grad = false,
                                 bool enable_double_backprop = false, std::optional<double> loss_scale = std::nullopt) {
    return grad(internal::VariableVector(outputs), internal::VariableVector(inputs),
                internal::VariableVector(grad_outputs), internal::VariableVector(grad_inputs), set_grad, retain_grad,
                enable_double_backprop, loss_scale);
}

namespace internal {
/// Gradient accumulation a + b used by the engine (differentiable when recording).
Variable AccumulateGrad(const Variable& a, const Variable& b);
}  // namespace internal

}  // namespace cnet
