// function_node.cc — FunctionNode::apply (forward + graph recording) and retained values.
#include "cnet/core/function_node.h"

#include <cmath>

#include "cnet/core/config.h"
#include "cnet/core/source_location.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {

SourceLocation& current_source_location() {
    thread_local SourceLocation location;
    return location;
}

namespace {

bool HasNan(const Array& a) {
    if (!IsFloat(a.dtype()) || a.size() == 0) return false;
    return np::any(np::isnan(a)).item<bool>();
}

void CheckDevices(const FunctionNode& node, const ArrayList& arrays) {
    for (size_t i = 1; i < arrays.size(); ++i) {
        if (arrays[i].device() != arrays[0].device())
            throw DeviceError(internal::StrCat("incompatible array types are mixed in the forward input (",
                                               node.label(), "): ", arrays[0].device().ToString(), " and ",
                                               arrays[i].device().ToString()));
    }
}

}  // namespace

VarList FunctionNode::Apply(const VarList& inputs, const std::shared_ptr<FunctionNode>* owner) {
    ArrayList in_arrays;
    in_arrays.reserve(inputs.size());
    bool any_requires_grad = false;
    for (const Variable& v : inputs) {
        CNET_CHECK_AS(ValueError, v.defined() && v.array().defined(), label(),
                      ": an input is None or has no array (an uninitialized Parameter?)");
        in_arrays.push_back(v.array());
        any_requires_grad = any_requires_grad || v.requires_grad();
    }
    CheckDevices(*this, in_arrays);
    const Config& cfg = config();
    if (cfg.type_check()) check_type_forward(in_arrays);
    ArrayList out_arrays = forward(in_arrays);
    if (cfg.debug()) {
        for (const Array& a : out_arrays)
            if (HasNan(a)) throw Error(internal::StrCat("NaN is detected on forward computation of ", label()));
    }

    const bool record = any_requires_grad && cfg.enable_backprop();
    VarList outputs;
    outputs.reserve(out_arrays.size());
    if (!record) {
        for (Array& a : out_arrays) outputs.push_back(Variable(std::move(a), any_requires_grad));
        return outputs;
    }
    int rank = 0;
    inputs_.reserve(inputs.size());
    for (const Variable& v : inputs) {
        rank = std::max(rank, v.impl()->rank);
        inputs_.push_back(v.impl_ptr());
    }
    rank_ = rank;
    num_outputs_ = out_arrays.size();
    std::shared_ptr<FunctionNode> self = owner ? *owner : shared_from_this();
    for (size_t i = 0; i < out_arrays.size(); ++i) {
        output_shapes_.push_back(out_arrays[i].shape());
        output_dtypes_.push_back(out_arrays[i].dtype());
        auto impl = internal::MakeShared<VariableImpl>(std::move(out_arrays[i]));
        impl->creator = self;
        impl->rank = rank + 1;
        outputs_.push_back(impl);
        output_ptrs_.push_back(impl.get());
        outputs.push_back(Variable(std::move(impl)));
    }
    retained_output_arrays_.reserve(retained_outputs_.size());  // no allocation for none
    for (int index : retained_outputs_) retained_output_arrays_.push_back(outputs[index].array());
    return outputs;
}

VarList FunctionNode::outputs() const {
    VarList out;
    for (const auto& w : outputs_) out.push_back(Variable(w.lock()));
    return out;
}

void FunctionNode::unchain() {
    for (const auto& w : outputs_) {
        if (auto v = w.lock()) v->creator.reset();
    }
    inputs_.clear();
}

const Shape& FunctionNode::input_shape(size_t i) const { return inputs_[i]->array.shape(); }
Dtype FunctionNode::input_dtype(size_t i) const { return inputs_[i]->array.dtype(); }
const Array& FunctionNode::input_array(size_t i) const { return inputs_[i]->array; }

VarList FunctionNode::get_retained_inputs() const {
    VarList out;
    for (int index : retained_inputs_) out.push_back(Variable(inputs_[index]));
    return out;
}

const Array& FunctionNode::retained_output_array(size_t i) const { return retained_output_arrays_[i]; }

VarList FunctionNode::get_retained_outputs() {
    VarList out;
    for (size_t k = 0; k < retained_outputs_.size(); ++k) {
        const int index = retained_outputs_[k];
        std::shared_ptr<VariableImpl> v = outputs_[index].lock();
        if (!v) {
            // The output's handle died; recreate its node so double backprop still reaches this function.
            v = internal::MakeShared<VariableImpl>(retained_output_arrays_[k]);
            v->creator = shared_from_this();
            v->rank = rank_ + 1;
            outputs_[index] = v;
            output_ptrs_[index] = v.get();
        }
        out.push_back(Variable(v));
    }
    return out;
}

}  // namespace cnet
