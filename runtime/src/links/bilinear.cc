// bilinear.cc — Bilinear link.
#include "cnet/links/bilinear.h"

#include "cnet/functions/connection.h"

namespace cnet {
namespace links {

Bilinear::Bilinear(int64_t left_size, int64_t right_size, int64_t out_size, bool nobias,
                   const initializers::InitializerArg& initialW,
                   const std::vector<initializers::InitializerArg>& initial_bias) {
    CNET_CHECK_AS(ValueError, initial_bias.empty() || initial_bias.size() == 3,
                  "initial_bias must be tuple or None");
    auto scope = init_scope();
    W = add_param("W", Parameter(initialW.get(), Shape{left_size, right_size, out_size}));
    if (nobias) return;
    const bool given = initial_bias.size() == 3;
    V1 = add_param("V1", Parameter((given ? initial_bias[0] : initializers::InitializerArg()).get(),
                                   Shape{left_size, out_size}));
    V2 = add_param("V2", Parameter((given ? initial_bias[1] : initializers::InitializerArg()).get(),
                                   Shape{right_size, out_size}));
    b = add_param("b", Parameter((given ? initial_bias[2] : initializers::InitializerArg(0)).get(), Shape{out_size}));
}

Variable Bilinear::forward(const Variable& e1, const Variable& e2) {
    return functions::bilinear(e1, e2, W, V1, V2, b);
}

Variable Bilinear::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 2, "Bilinear takes 2 arguments (e1, e2), got ", args.size());
    return forward(args[0], args[1]);
}

std::shared_ptr<Link> Bilinear::clone(const std::string& mode) const {
    auto ret = std::make_shared<Bilinear>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    if (ret->has_param("V1")) {
        ret->V1 = ret->param("V1");
        ret->V2 = ret->param("V2");
        ret->b = ret->param("b");
    }
    return ret;
}

}  // namespace links
}  // namespace cnet
