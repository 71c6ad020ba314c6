// function.cc — chainer.Function's backward through backward_arrays.
#include "cnet/core/function.h"

#include "cnet/core/error.h"

namespace cnet {

VarList Function::backward(const IndexList& /*target_input_indexes*/, const VarList& grad_outputs) {
    ArrayList inputs;
    for (size_t i = 0; i < num_inputs(); ++i) inputs.push_back(input_array(i));
    ArrayList gys;
    for (const Variable& g : grad_outputs) gys.push_back(g.defined() ? g.array() : Array());
    const ArrayList gxs = backward_arrays(inputs, gys);
    CNET_CHECK_AS(ValueError, gxs.size() == num_inputs(), label(), ".backward returned ", gxs.size(),
                  " gradients for ", num_inputs(), " inputs");
    VarList out;
    for (size_t i = 0; i < gxs.size(); ++i) {
        if (!gxs[i].defined()) {
            out.push_back(Variable());
            continue;
        }
        CNET_CHECK_AS(ValueError, gxs[i].shape() == input_shape(i), label(), ".backward: the gradient of input ", i,
                      " has shape ", gxs[i].shape(), ", the input ", input_shape(i));
        out.push_back(Variable(gxs[i], false));
    }
    return out;
}

}  // namespace cnet
