// negative_sampling.cc — NegativeSampling link.
#include "cnet/links/negative_sampling.h"

#include <cmath>

#include "cnet/functions/negative_sampling.h"

namespace cnet {
namespace links {

NegativeSampling::NegativeSampling(int64_t in_size, const std::vector<double>& counts, int64_t sample_size,
                                   double power)
    : sample_size(sample_size) {
    std::vector<double> p;
    for (double c : counts) p.push_back(std::pow(static_cast<float>(c), static_cast<float>(power)));
    sampler = std::make_shared<utils::WalkerAlias>(p);
    auto scope = init_scope();
    W = add_param("W", Parameter(initializers::InitializerArg(0).get(),
                                 Shape{static_cast<int64_t>(counts.size()), in_size}));
}

Variable NegativeSampling::forward(const Variable& x, const Variable& t, const std::string& reduce) {
    auto s = sampler;
    return functions::negative_sampling(x, t, W, [s](const Shape& shape) { return s->sample(shape); }, sample_size,
                                        reduce);
}

Variable NegativeSampling::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 2, "NegativeSampling takes 2 arguments (x, t), got ", args.size());
    return forward(args[0], args[1]);
}

std::shared_ptr<Link> NegativeSampling::clone(const std::string& mode) const {
    auto ret = std::make_shared<NegativeSampling>(*this);
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    return ret;
}

}  // namespace links
}  // namespace cnet
