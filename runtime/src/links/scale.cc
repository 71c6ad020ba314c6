// scale.cc — Scale link.
#include "cnet/links/scale.h"

#include "cnet/functions/tensor_math.h"

namespace cnet {
namespace links {

Scale::Scale(int axis, std::optional<Shape> W_shape, bool bias_term, std::optional<Shape> bias_shape) : axis(axis) {
    auto scope = init_scope();
    if (W_shape) W = add_param("W", Parameter(initializers::InitializerArg(1).get(), *W_shape));
    if (bias_term) {
        CNET_CHECK_AS(ValueError, W_shape || bias_shape,
                      "bias_shape should be given if W is not learnt parameter and bias_term is True.");
        bias = add_link("bias", std::make_shared<Bias>(axis, W_shape ? W_shape : bias_shape));
    }
}

Variable Scale::forward(const Variable& x) {
    CNET_CHECK_AS(ValueError, W.defined(), "Scale: without a learnt W, call it with (x, y)");
    const Variable z = functions::scale(x, W, axis);
    return bias ? (*bias)(z) : z;
}

Variable Scale::forward(const Variable& x, const Variable& y) {
    CNET_CHECK_AS(ValueError, !W.defined(), "Scale: with a learnt W, call it with x only");
    const Variable z = functions::scale(x, y, axis);
    return bias ? (*bias)(z) : z;
}

Variable Scale::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1 || args.size() == 2, "Scale takes 1 or 2 arguments, got ", args.size());
    return args.size() == 1 ? forward(args[0]) : forward(args[0], args[1]);
}

std::shared_ptr<Link> Scale::clone(const std::string& mode) const {
    auto ret = std::make_shared<Scale>(*this);
    ret->copy_own_state(mode);
    if (ret->has_param("W")) ret->W = ret->param("W");
    for (auto& [name, child] : ret->children_) {
        child = child->copy(mode);
        child->set_name(name);
        ret->bias = std::static_pointer_cast<Bias>(child);
    }
    return ret;
}

}  // namespace links
}  // namespace cnet
