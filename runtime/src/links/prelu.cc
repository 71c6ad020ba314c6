// prelu.cc — PReLU link.
#include "cnet/links/prelu.h"

#include "cnet/functions/activation.h"

namespace cnet {
namespace links {

PReLU::PReLU(const Shape& shape, const initializers::InitializerArg& init) {
    auto scope = init_scope();
    W = add_param("W", Parameter(init.get(), shape));
}

Variable PReLU::forward(const Variable& x) { return functions::prelu(x, W); }

Variable PReLU::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "PReLU takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> PReLU::clone(const std::string& mode) const {
    auto ret = std::make_shared<PReLU>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    return ret;
}

}  // namespace links
}  // namespace cnet
