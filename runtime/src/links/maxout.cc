// maxout.cc — Maxout link.
#include "cnet/links/maxout.h"

#include "cnet/functions/activation.h"
#include "cnet/initializers/constant.h"

namespace cnet {
namespace links {

Maxout::Maxout(int64_t in_size, int64_t out_size, int64_t pool_size, const initializers::InitializerArg& initialW,
               const initializers::InitializerArg& initial_bias)
    : out_size(out_size), pool_size(pool_size) {
    auto scope = init_scope();
    // Array initializers come shaped (out, pool, in) and (out, pool) (Chainer reshapes them); initializer
    // objects are handed to Linear unchanged, so their fan-in is Linear's.
    initializers::InitializerArg w = initialW, b = initial_bias;
    if (auto c = std::dynamic_pointer_cast<initializers::Constant>(initialW.get())) {
        w = initializers::InitializerArg([c, out_size, pool_size, in_size](Array& a) {
            Array v = a.reshape(Shape{out_size, pool_size, in_size});
            (*c)(v);
        });
    }
    if (auto c = initial_bias.is_none() ? nullptr : std::dynamic_pointer_cast<initializers::Constant>(initial_bias.get())) {
        b = initializers::InitializerArg([c, out_size, pool_size](Array& a) {
            Array v = a.reshape(Shape{out_size, pool_size});
            (*c)(v);
        });
    }
    linear = add_link("linear", std::make_shared<Linear>(in_size, out_size * pool_size, initial_bias.is_none(), w, b));
}

Variable Maxout::forward(const Variable& x) { return functions::maxout((*linear)(x), pool_size); }

Variable Maxout::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Maxout takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> Maxout::clone(const std::string& mode) const {
    auto ret = std::make_shared<Maxout>(*this);
    ret->copy_own_state(mode);
    for (auto& [name, child] : ret->children_) {
        child = child->copy(mode);
        child->set_name(name);
        ret->linear = std::static_pointer_cast<Linear>(child);
    }
    return ret;
}

}  // namespace links
}  // namespace cnet
