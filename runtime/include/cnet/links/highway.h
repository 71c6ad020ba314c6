// highway.h — chainer.links.Highway: y = act(plain(x)) * t + x * (1 - t), t = sigmoid(transform(x)).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// Highway(in_out_size, nobias=False, activate=F.relu, init_Wh=None, init_Wt=None, init_bh=None, init_bt=-1):
/// children `plain` and `transform`, both Linear(in_out_size, in_out_size).
class Highway : public Chain {
public:
    using Activation = std::function<Variable(const Variable&)>;
    explicit Highway(int64_t in_out_size, bool nobias = false, Activation activate = nullptr,
                     const initializers::InitializerArg& init_Wh = {}, const initializers::InitializerArg& init_Wt = {},
                     const initializers::InitializerArg& init_bh = {}, const initializers::InitializerArg& init_bt = -1);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    std::shared_ptr<Linear> plain, transform;
    Activation activate;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
