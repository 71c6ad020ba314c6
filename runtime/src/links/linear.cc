// linear.cc — Linear link: parameter setup, lazy W initialization, forward.
#include "cnet/links/linear.h"

#include "cnet/functions/connection.h"

namespace cnet {
namespace links {

Linear::Linear(std::optional<int64_t> in_size, int64_t out_size, bool nobias,
               const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : out_size(out_size) {
    auto scope = init_scope();
    W = add_param("W", Parameter(initializers::get_initializer(initialW)));
    if (in_size) W.initialize(Shape{out_size, *in_size});
    if (!nobias) {
        const initializers::InitializerArg bias = initial_bias.is_none() ? initializers::InitializerArg(0) : initial_bias;
        b = add_param("b", Parameter(initializers::get_initializer(bias), Shape{out_size}));
    }
}

Variable Linear::forward(const Variable& x) {
    if (!W.is_initialized()) {
        const Shape& s = x.shape();
        CNET_CHECK_AS(ShapeError, s.ndim() >= 1, "Linear: cannot infer in_size from a 0-d input");
        int64_t in_size = 1;
        for (int i = 1; i < s.ndim(); ++i) in_size *= s[i];
        W.initialize(Shape{out_size, in_size});
    }
    return functions::linear(x, W, b);
}

Variable Linear::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Linear takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> Linear::clone(const std::string& mode) const {
    auto ret = std::make_shared<Linear>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    if (ret->has_param("b")) ret->b = ret->param("b");
    return ret;
}

}  // namespace links
}  // namespace cnet
