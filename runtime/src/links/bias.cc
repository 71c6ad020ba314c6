// bias.cc — Bias link.
#include "cnet/links/bias.h"

#include "cnet/functions/tensor_math.h"

namespace cnet {
namespace links {

Bias::Bias(int axis, std::optional<Shape> shape) : axis(axis) {
    auto scope = init_scope();
    if (shape) b = add_param("b", Parameter(initializers::InitializerArg(0).get(), *shape));
}

Variable Bias::forward(const Variable& x) {
    CNET_CHECK_AS(ValueError, b.defined(), "Bias: without a learnt b, call it with (x, y)");
    return functions::bias(x, b, axis);
}

Variable Bias::forward(const Variable& x, const Variable& y) {
    CNET_CHECK_AS(ValueError, !b.defined(), "Bias: with a learnt b, call it with x only");
    return functions::bias(x, y, axis);
}

Variable Bias::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1 || args.size() == 2, "Bias takes 1 or 2 arguments, got ", args.size());
    return args.size() == 1 ? forward(args[0]) : forward(args[0], args[1]);
}

std::shared_ptr<Link> Bias::clone(const std::string& mode) const {
    auto ret = std::make_shared<Bias>(*this);
    ret->copy_own_state(mode);
    if (ret->has_param("b")) ret->b = ret->param("b");
    return ret;
}

}  // namespace links
}  // namespace cnet
