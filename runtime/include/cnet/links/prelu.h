// prelu.h — chainer.links.PReLU: a learnable slope W for F.prelu.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// PReLU(shape=(), init=0.25): parameter W of `shape`; forward(x) = F.prelu(x, W).
class PReLU : public Link {
public:
    explicit PReLU(const Shape& shape = Shape{}, const initializers::InitializerArg& init = 0.25);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    Parameter W;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
