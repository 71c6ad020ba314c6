// swish.cc — Swish link.
#include "cnet/links/swish.h"

#include "cnet/functions/activation.h"
#include "cnet/initializers/constant.h"

namespace cnet {
namespace links {

Swish::Swish(const std::optional<Shape>& beta_shape, double beta_init) {
    auto scope = init_scope();
    beta = add_param("beta", Parameter(std::make_shared<initializers::Constant>(beta_init), beta_shape));
}

Variable Swish::forward(const Variable& x) {
    if (!beta.is_initialized()) {
        const Shape& s = x.shape();
        beta.initialize(Shape(s.begin() + 1, s.end()));
    }
    return functions::swish(x, beta);
}

Variable Swish::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Swish takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> Swish::clone(const std::string& mode) const {
    auto ret = std::make_shared<Swish>(*this);
    ret->copy_own_state(mode);
    ret->beta = ret->param("beta");
    return ret;
}

}  // namespace links
}  // namespace cnet
