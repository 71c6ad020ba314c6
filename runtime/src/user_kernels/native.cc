// native.cc — the FunctionNode of @elementwise kernels (Note [Native kernels] in cnet/user_kernels/native.h).
#include "cnet/user_kernels/native.h"

#include <string>

#include "cnet/core/function_node.h"
#include "cnet/functions/array.h"

namespace cnet {
namespace user_kernels {
namespace {

class NativeKernelNode : public FunctionNode {
public:
    explicit NativeKernelNode(const NativeKernel& kernel) : kernel_(kernel) {}
    const char* label() const override { return kernel_.spec.name; }

    ArrayList forward(const ArrayList& inputs) override {
        IndexList all;  // backward evaluates the derived kernel at the inputs
        for (std::size_t i = 0; i < inputs.size(); ++i) all.push_back(static_cast<int>(i));
        retain_inputs(all);
        std::vector<Arg> args(inputs.begin(), inputs.end());
        const std::vector<Array> outs = Elementwise(kernel_.spec, kernel_.code, args);
        return ArrayList(outs.begin(), outs.end());
    }

    VarList backward(const IndexList& target_input_indexes, const VarList& grad_outputs) override {
        if (kernel_.grad == nullptr) {
            throw ValueError(std::string("@elementwise kernel '") + kernel_.spec.name + "': its derivative of order " +
                             std::to_string(kernel_.order + 1) +
                             " is not available (cnetc derives the backward and the double backward)");
        }
        std::vector<NativeArg> args;
        const VarList inputs = get_retained_inputs();
        for (const Variable& x : inputs) args.emplace_back(x);
        for (std::size_t j = 0; j < num_outputs(); ++j) {
            if (grad_outputs[j].defined()) {
                args.emplace_back(grad_outputs[j]);
            } else {
                args.emplace_back(Array::Zeros(output_shape(j), output_dtype(j), inputs[0].device()));
            }
        }
        const std::vector<Variable> gx = ApplyNative(*kernel_.grad, args);
        VarList out;
        for (int i : target_input_indexes) {
            const Shape& shape = input_shape(static_cast<size_t>(i));
            out.push_back(gx[static_cast<size_t>(i)].shape() == shape ? gx[static_cast<size_t>(i)]
                                                                       : functions::sum_to(gx[static_cast<size_t>(i)], shape));
        }
        return out;
    }

private:
    const NativeKernel& kernel_;
};

}  // namespace

std::vector<Variable> ApplyNative(const NativeKernel& kernel, const std::vector<NativeArg>& args) {
    const Spec& spec = kernel.spec;
    if (args.size() != spec.in.size()) {
        throw ValueError(std::string(spec.name) + ": takes " + std::to_string(spec.in.size()) + " arguments, got " +
                         std::to_string(args.size()));
    }
    // Scalars become constants of the dtype and device of the first Variable (Python scalars take the arrays'
    // type, as in Chainer's arithmetic).
    const Variable* first = nullptr;
    for (const NativeArg& a : args) {
        if (!a.is_scalar() && first == nullptr) first = &a.var();
    }
    VarList inputs;
    for (const NativeArg& a : args) {
        if (!a.is_scalar()) {
            inputs.push_back(a.var());
        } else if (first != nullptr) {
            inputs.push_back(Variable(Array::Full(Shape{}, a.scalar(), first->dtype(), first->array().device()),
                                      /*requires_grad=*/false));
        } else {
            inputs.push_back(Variable(Array::FromScalar(a.scalar(), a.scalar().natural_dtype()), false));
        }
    }
    auto node = std::make_shared<NativeKernelNode>(kernel);
    const VarList outs = node->apply(inputs);
    return std::vector<Variable>(outs.begin(), outs.end());
}

}  // namespace user_kernels
}  // namespace cnet
