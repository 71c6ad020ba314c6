// highway.cc — Highway link.
#include "cnet/links/highway.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/basic_math.h"

namespace cnet {
namespace links {

Highway::Highway(int64_t in_out_size, bool nobias, Activation act, const initializers::InitializerArg& init_Wh,
                 const initializers::InitializerArg& init_Wt, const initializers::InitializerArg& init_bh,
                 const initializers::InitializerArg& init_bt)
    : activate(act ? std::move(act) : Activation([](const Variable& v) { return functions::relu(v); })) {
    auto scope = init_scope();
    plain = add_link("plain", std::make_shared<Linear>(in_out_size, in_out_size, nobias, init_Wh, init_bh));
    transform = add_link("transform", std::make_shared<Linear>(in_out_size, in_out_size, nobias, init_Wt, init_bt));
}

Variable Highway::forward(const Variable& x) {
    const Variable t = functions::sigmoid((*transform)(x));
    return activate((*plain)(x)) * t + x * (1.0 - t);
}

Variable Highway::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Highway takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> Highway::clone(const std::string& mode) const {
    auto ret = std::make_shared<Highway>(*this);
    ret->copy_own_state(mode);
    for (auto& [name, child] : ret->children_) {
        child = child->copy(mode);
        child->set_name(name);
        (name == "plain" ? ret->plain : ret->transform) = std::static_pointer_cast<Linear>(child);
    }
    return ret;
}

}  // namespace links
}  // namespace cnet
