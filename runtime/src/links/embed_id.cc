// embed_id.cc — EmbedID link.
#include "cnet/links/embed_id.h"

#include "cnet/functions/connection.h"
#include "cnet/initializers/normal.h"

namespace cnet {
namespace links {

EmbedID::EmbedID(int64_t in_size, int64_t out_size, const initializers::InitializerArg& initialW,
                 std::optional<int64_t> ignore_label)
    : ignore_label(ignore_label) {
    auto scope = init_scope();
    std::shared_ptr<Initializer> init = initialW.get(std::make_shared<initializers::Normal>(1.0));
    W = add_param("W", Parameter(init, Shape{in_size, out_size}));
}

Variable EmbedID::forward(const Variable& x) { return functions::embed_id(x, W, ignore_label); }

Variable EmbedID::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "EmbedID takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> EmbedID::clone(const std::string& mode) const {
    auto ret = std::make_shared<EmbedID>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    return ret;
}

}  // namespace links
}  // namespace cnet
